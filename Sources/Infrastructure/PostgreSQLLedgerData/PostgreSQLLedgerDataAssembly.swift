public import BookingInterface
public import EventLog
import PostgreSQL

/// The only door into PostgreSQLLedgerData: opens the order ledger in a PostgreSQL database and
/// returns it as the interface.
public enum PostgreSQLLedgerDataAssembly {
  /// Why `connectionString` cannot name a server (in words that quote nothing of it, since it
  /// may hold a password), or `nil` when it can: read by Voyage, not by libpq, before anything
  /// connects, so configuration is checked where it is read.
  public static func problem(withConnectionString connectionString: String) -> String? {
    PostgreSQLDatabase.problem(withConnectionString: connectionString)
  }

  /// Connects with `connectionString` (a libpq URI such as `postgresql://user@host/voyage`, or
  /// `key=value` pairs), creating or migrating the ledger's tables, in `schema` when given (the
  /// server's default schema otherwise). A statement, lock waits included, may run for
  /// `deadline`; up to `connections` statements run at once. Every failure is one sentence that
  /// names the server and never its password.
  public static func ledger(
    connectionString: String, schema: String? = nil, deadline: Duration, connections: Int = 4,
    log: EventLogger = .disabled
  ) async throws(TicketingError) -> any OrderLedger {
    do {
      let database = try await PostgreSQLDatabase(
        connectionString: connectionString, migrations: PostgreSQLOrderLedger.migrations,
        versionTable: PostgreSQLOrderLedger.versionTable, schema: schema,
        connections: connections, deadline: deadline, log: log)
      return PostgreSQLOrderLedger(database: database)
    } catch {
      throw PostgreSQLOrderLedger.ticketingError(error)
    }
  }
}
