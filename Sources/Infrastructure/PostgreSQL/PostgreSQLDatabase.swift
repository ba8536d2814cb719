package import EventLog
import SQLValues

/// A PostgreSQL database reached through libpq: bound parameters only, transactions, a schema
/// brought up to date by forward-only migrations, typed errors with the SQLSTATE.
///
/// Every statement runs on a `PooledConnection`, an actor on a thread outside Swift's cooperative
/// pool, taken from a pool that opens connections on demand (up to `connections`) and keeps them: a
/// one-shot command opens one; a long-lived process reuses them, and one that broke while it
/// waited (a server restart) is replaced by the call that finds it broken, which then succeeds.
///
/// Each call ends by its deadline, held by the client whatever the server does (a server that
/// stops answering, a lock that is never released), and at once when its task is cancelled: the
/// statement in flight is then cancelled at the server and its connection dropped.
package final class PostgreSQLDatabase: ServerDatabase {
  /// The server as errors name it (database, host and port; never the password).
  package let server: String
  /// How long a call may take when it names no deadline of its own.
  package let deadline: Duration
  private let pool: ConnectionPool

  /// Connects with `connectionString` (a libpq URI or `key=value` string) and applies the
  /// `migrations` not yet applied, recorded in the one-row table `versionTable`: migration *n*
  /// (1-based) runs once, when the recorded version is below *n*. Migrations run in one
  /// transaction under an advisory lock, so processes starting together migrate once. A schema
  /// written by newer code (a version above `migrations.count`) is refused before anything is
  /// written. `schema` names the PostgreSQL schema to work in (created when migrating), or the
  /// server's default. A call (a transaction, an autocommit call) that has not ended `deadline` after it
  /// began is ended by the client: ``PostgreSQLError/timedOut(server:after:)``.
  package init(
    connectionString: String, migrations: [String], versionTable: String, schema: String? = nil,
    connections: Int = 4, deadline: Duration = .seconds(10), log: EventLogger = .disabled
  ) async throws(PostgreSQLError) {
    precondition(Self.isIdentifier(versionTable), "the version table is a plain identifier")
    precondition(schema.map(Self.isIdentifier) ?? true, "the schema is a plain identifier")
    let settings = try ConnectionSettings(
      connectionString: connectionString, deadline: deadline, schema: schema, log: log)
    server = settings.server
    self.deadline = deadline
    pool = ConnectionPool(settings, limit: connections)
    if let (from, to) = try await migrate(migrations, versionTable: versionTable, schema: schema) {
      log.info(
        "migrated",
        ["database": .text(server), "from_version": .integer(from), "to_version": .integer(to)])
    }
  }

  /// Reads `connectionString` as the initializer would, without connecting: a sentence that
  /// says why it cannot be used (quoting nothing of it), or `nil` when it can.
  package static func problem(withConnectionString connectionString: String) -> String? {
    do {
      _ = try ConnectionString(connectionString)
      return nil
    } catch {
      return error.reason
    }
  }

  /// Runs `body` in one transaction, its statements on a connection's own thread: committed if
  /// it returns, rolled back if it throws. `body` may await other work between its statements;
  /// the connection stays its own until it returns, and its deadline and cancellation hold
  /// throughout. Read committed: a statement that must see the latest row and
  /// keep it (an order being moved) locks it with `SELECT … FOR UPDATE`. The whole transaction
  /// ends by `deadline` (``deadline`` from now when `nil`).
  @discardableResult
  package func transaction<Result: Sendable>(
    until deadline: ContinuousClock.Instant?,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    try await libpqTransaction(until: deadline) { connection throws(PostgreSQLError) in
      try await body(connection)
    }
  }

  /// A transaction whose closure has libpq's own connection (migrations run scripts).
  private func libpqTransaction<Result: Sendable>(
    until deadline: ContinuousClock.Instant?,
    _ body: @escaping @Sendable (ServerConnection) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    try await withConnection(until: deadline) { connection throws(PostgreSQLError) in
      try await connection.execute("BEGIN")
      do throws(PostgreSQLError) {
        let result = try await body(connection)
        try await connection.execute("COMMIT")
        return result
      } catch {
        if await !connection.isBroken { _ = try? await connection.execute("ROLLBACK") }
        throw error
      }
    }
  }

  /// Runs `body` in autocommit mode, its statements on a connection's own thread: no `BEGIN`, so each
  /// statement is its own transaction, committed as it ends. For reads, and for single
  /// statements that are safe to repeat (an `UPDATE` whose `WHERE` tests the state it changes, an
  /// `INSERT … ON CONFLICT DO NOTHING`): when a connection that waited between calls turns out
  /// broken (the server restarted), `body` runs again on a new one, as a transaction does from
  /// `BEGIN`. The call ends by `deadline` (``deadline`` from now when `nil`).
  /// `followingNoAnswer`: the call follows one the server did not answer (reading back what it
  /// wrote, noting why it failed), so it runs on a connection made for it (a kept one may lead to
  /// the same silent server), and at its deadline it is given up without waiting for the cancel,
  /// so it ends by its deadline.
  @discardableResult
  package func autocommit<Result: Sendable>(
    until deadline: ContinuousClock.Instant?, followingNoAnswer: Bool,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    try await withConnection(until: deadline, followingNoAnswer: followingNoAnswer) {
      connection throws(PostgreSQLError) in try await body(connection)
    }
  }

  private func withConnection<Result: Sendable>(
    until deadline: ContinuousClock.Instant?, followingNoAnswer: Bool = false,
    _ body: @escaping @Sendable (ServerConnection) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    let allowed = deadline.map { ContinuousClock.now.duration(to: $0) } ?? self.deadline
    let deadline = deadline ?? .now + self.deadline
    let pooled = try await pool.take(until: deadline, waitedFor: allowed)
    let outcome = await withTaskCancellationHandler {
      await pooled.run(until: deadline, followingNoAnswer: followingNoAnswer, body)
    } onCancel: {
      pooled.wait.interrupt()
    }
    await pool.giveBack(pooled)
    return try outcome.get()
  }

  /// How many calls wait for a connection of the pool, all of which are busy.
  var queuedCalls: Int {
    get async { await pool.queued }
  }

  /// Applies the migrations the schema lacks; returns the versions it went from and to, or `nil`
  /// when it was up to date (or another process migrated it first).
  private func migrate(_ migrations: [String], versionTable: String, schema: String?)
    async throws(PostgreSQLError) -> (Int, Int)?
  {
    let qualified = schema.map { "\($0).\(versionTable)" } ?? versionTable
    let server = server
    let version = {
      @Sendable (connection: any ServerStatements) async throws(PostgreSQLError) -> Int in
      let exists = try await connection.query(
        "SELECT to_regclass($1) IS NOT NULL AS found", [.text(qualified)]
      ) { row throws(SQLRowError) in try row.text("found") }
      guard exists == ["t"] else { return 0 }
      let recorded = try await connection.query("SELECT version FROM \(qualified)") {
        row throws(SQLRowError) in try row.integer("version")
      }.first
      let found = Int(recorded ?? 0)
      guard found <= migrations.count else {
        throw .newerSchema(server: server, version: found, supported: migrations.count)
      }
      return found
    }
    // Up to date: nothing is locked or written, so starting never waits for another process.
    guard try await autocommit(version) < migrations.count else { return nil }
    return try await libpqTransaction(until: nil) {
      connection throws(PostgreSQLError) -> (Int, Int)? in
      _ = try await connection.query(
        "SELECT pg_advisory_xact_lock(hashtext($1))", [.text(qualified)])
      // Read again under the lock, through the table itself: `to_regclass` may answer from this
      // connection's catalog cache, which a lock that is not a table's does not refresh, and
      // would miss the table another process created while this one waited.
      if let schema { try await connection.executeScript("CREATE SCHEMA IF NOT EXISTS \(schema)") }
      try await connection.executeScript(
        "CREATE TABLE IF NOT EXISTS \(qualified) (version integer NOT NULL)")
      let recorded = try await connection.query("SELECT version FROM \(qualified)") {
        row throws(SQLRowError) in try row.integer("version")
      }.first
      if recorded == nil { try await connection.execute("INSERT INTO \(qualified) VALUES (0)") }
      let current = Int(recorded ?? 0)
      guard current <= migrations.count else {
        throw .newerSchema(server: server, version: current, supported: migrations.count)
      }
      for (index, migration) in migrations.enumerated() where index + 1 > current {
        try await connection.executeScript(migration)
        try await connection.execute(
          "UPDATE \(qualified) SET version = $1", [.integer(Int64(index + 1))])
      }
      return current < migrations.count ? (current, migrations.count) : nil
    }
  }

  /// A lowercase SQL identifier, safe to write into a statement as is.
  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first)
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0)
    }
      && name.count <= 63
  }
}
