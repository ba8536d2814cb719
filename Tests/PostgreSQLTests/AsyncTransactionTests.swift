import PostgreSQLTestServer
import SQLValues
import Testing

@testable import PostgreSQL

/// A transaction's closure is `async`: it may await other work between its statements, and the
/// connection stays its own, inside one transaction, until it returns.
@Suite("Asynchronous transactions", .enabled(if: TestServer.runs, TestServer.skipped))
struct AsyncTransactionTests {
  let schema = TestServer.freshSchema()

  func open() async throws -> PostgreSQLDatabase {
    try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: [
        "CREATE TABLE counters (name text PRIMARY KEY, value integer NOT NULL)",
        "CREATE SEQUENCE statements",
      ],
      versionTable: "schema_version", schema: schema, connections: 1)
  }

  /// The one connection of the pool is lent to the transaction until it returns: a call made
  /// while the transaction awaits waits for it, never runs on its connection (inside its
  /// transaction), and sees its row once it committed.
  @Test func anAwaitInsideATransactionLendsItsConnectionToNoOtherCall() async throws {
    let database = try await open()
    let (gate, opening) = AsyncStream.makeStream(of: Void.self)
    let (inserted, announcing) = AsyncStream.makeStream(of: Void.self)
    let transaction = Task {
      try await database.transaction { connection throws(PostgreSQLError) in
        let before = try await connection.query(
          "SELECT pg_backend_pid() AS pid, txid_current() AS id")
        try await connection.execute("INSERT INTO counters VALUES ('kept', 1)")
        announcing.yield()
        for await _ in gate { break }
        let after = try await connection.query(
          "SELECT pg_backend_pid() AS pid, txid_current() AS id")
        return before == after
      }
    }
    for await _ in inserted { break }
    let reader = Task {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT count(*)::int8 AS rows FROM counters") {
          row throws(SQLRowError) in try row.integer("rows")
        }
      }
    }
    while await database.queuedCalls != 1 { await Task.yield() }
    opening.yield()
    #expect(try await transaction.value, "one connection and one transaction throughout")
    #expect(try await reader.value == [1])
  }

  /// A task cancelled (Ctrl-C) while its transaction awaits something else sends nothing more:
  /// the next statement fails as interrupted before it reaches the server, the connection is
  /// dropped, and the server rolls the transaction back; the next call runs on a new one.
  @Test func aTransactionCancelledWhileItAwaitsSendsNothingMoreAndIsRolledBack() async throws {
    let database = try await open()
    let (inserted, announcing) = AsyncStream.makeStream(of: Void.self)
    let transaction = Task {
      try await database.transaction { connection throws(PostgreSQLError) in
        _ = try await connection.query("SELECT nextval('statements')")
        try await connection.execute("INSERT INTO counters VALUES ('lost', 1)")
        announcing.yield()
        // Ends only when the task is cancelled: an `AsyncStream` nobody yields to finishes then.
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        _ = try await connection.query("SELECT nextval('statements')")
      }
    }
    for await _ in inserted { break }
    transaction.cancel()
    await #expect {
      try await transaction.value
    } throws: { error in
      guard case .interrupted = error as? PostgreSQLError else { return false }
      return true
    }
    let left = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        "SELECT (SELECT count(*) FROM counters)::int8 AS rows, last_value AS sent FROM statements")
    }
    #expect(left == [SQLRow(columns: ["rows", "sent"], values: [.integer(0), .integer(1)])])
  }
}
