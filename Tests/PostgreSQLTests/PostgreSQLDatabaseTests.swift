import EventLog
import Foundation
import PostgreSQLTestServer
import SQLValues
import Testing

@testable import PostgreSQL

@Suite("PostgreSQL database", .enabled(if: TestServer.runs, TestServer.skipped))
struct PostgreSQLTests {
  let schema = TestServer.freshSchema()

  static let counters = ["CREATE TABLE counters (name text PRIMARY KEY, value integer NOT NULL)"]

  func open(
    _ migrations: [String] = counters, connections: Int = 4,
    deadline: Duration = .seconds(10)
  ) async throws -> PostgreSQLDatabase {
    try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: migrations, versionTable: "schema_version",
      schema: schema, connections: connections, deadline: deadline)
  }

  /// Another session, holding the table `counters` locked until `release(_:)`: a lock that a
  /// statement under test waits for and never gets.
  func holdingCounters() async throws -> PostgreSQLDatabase {
    let holder = try await open(connections: 1)
    try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("BEGIN")
      try await connection.execute("LOCK TABLE counters IN ACCESS EXCLUSIVE MODE")
    }
    return holder
  }

  /// Ends `holder`'s transaction, and its lock with it.
  func release(_ holder: PostgreSQLDatabase) async throws {
    try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("ROLLBACK")
    }
  }

  @Test func parametersAreDataNeverSQL() async throws {
    let database = try await open()
    let hostile = "x'); DROP TABLE counters; --"
    try await database.transaction { connection throws(PostgreSQLError) in
      try await connection.execute(
        "INSERT INTO counters VALUES ($1, $2)", [.text(hostile), .integer(7)])
    }
    let rows = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        "SELECT name, value, 0.25::float8 AS quarter, NULL AS nothing FROM counters")
    }
    #expect(
      rows == [
        SQLRow(
          columns: ["name", "value", "quarter", "nothing"],
          values: [.text(hostile), .integer(7), .real(0.25), .null])
      ])
  }

  @Test func integersAndFloatingPointNumbersReadAsNumbersEveryOtherTypeAsItsText() async throws {
    let database = try await open()
    let rows = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        """
        SELECT 1::int2 AS int2, 2::int4 AS int4, 3::int8 AS int8, 0.5::float4 AS float4,
          0.25::float8 AS float8, 'a'::text AS text, 'b'::varchar AS varchar,
          1.5::numeric AS numeric, true AS bool
        """)
    }
    #expect(
      rows == [
        SQLRow(
          columns: [
            "int2", "int4", "int8", "float4", "float8", "text", "varchar", "numeric", "bool",
          ],
          values: [
            .integer(1), .integer(2), .integer(3), .real(0.5), .real(0.25), .text("a"),
            .text("b"), .text("1.5"), .text("t"),
          ])
      ])
  }

  @Test func aTransactionThatThrowsLeavesNothingBehind() async throws {
    let database = try await open()
    await #expect(throws: PostgreSQLError.self) {
      try await database.transaction { connection throws(PostgreSQLError) in
        try await connection.execute("INSERT INTO counters VALUES ('a', 1)")
        try await connection.execute("INSERT INTO counters VALUES ('a', 2)")
      }
    }
    let count = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT count(*)::int8 FROM counters")
    }
    #expect(count == [SQLRow(columns: ["count"], values: [.integer(0)])])
  }

  @Test func aFailedStatementCarriesItsSQLState() async throws {
    let database = try await open()
    try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("INSERT INTO counters VALUES ('a', 1)")
    }
    await #expect {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("INSERT INTO counters VALUES ('a', 1)")
      }
    } throws: { error in
      (error as? PostgreSQLError)?.sqlState == "23505"
    }
  }

  @Test func migrationsRunForwardOnceEachAndOnlyTheNewOnes() async throws {
    _ = try await open()
    let more = Self.counters + ["ALTER TABLE counters ADD COLUMN note text"]
    let database = try await open(more)
    // Opening again with the same list runs nothing: the first migration would fail if re-run.
    _ = try await open(more)
    let columns = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'counters' ORDER BY ordinal_position",
        [.text(schema)])
    }
    #expect(try columns.map { try $0.text("column_name") } == ["name", "value", "note"])
  }

  /// Sixteen processes starting together on a database that exists, its schema chosen by the
  /// connection string (as a person writes it): one migrates, the others find it done.
  @Test func migrationsRacedByManyProcessesRunOnce() async throws {
    let url = try TestServer.url()
    let schema = schema
    let existing = try await PostgreSQLDatabase(
      connectionString: url, migrations: [], versionTable: "schema_version")
    try await existing.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("CREATE SCHEMA \(schema)")
    }
    let inSchema = url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          _ = try await PostgreSQLDatabase(
            connectionString: inSchema, migrations: Self.counters, versionTable: "schema_version")
        }
      }
      try await group.waitForAll()
    }
  }

  @Test func aSchemaWrittenByNewerCodeIsRefusedAndLeftUntouched() async throws {
    let newer = try await open(Self.counters + ["CREATE TABLE later (id integer)"])
    try await newer.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("INSERT INTO counters VALUES ('kept', 1)")
    }
    let snapshot = { @Sendable (connection: any ServerStatements) async throws(PostgreSQLError) in
      try await connection.query(
        "SELECT (SELECT version FROM schema_version), (SELECT count(*)::int8 FROM counters), (SELECT count(*)::int8 FROM information_schema.tables WHERE table_schema = current_schema())"
      )
    }
    let before = try await newer.autocommit(snapshot)
    await #expect {
      try await open(Self.counters)
    } throws: { error in
      guard case .newerSchema(_, 2, 1) = error as? PostgreSQLError else { return false }
      return true
    }
    #expect(try await newer.autocommit(snapshot) == before)
  }

  // The time limit turns a timeout that does not work (the statement would wait for ever) into
  // a failure instead of a hang.
  @Test(.timeLimit(.minutes(1)))
  func aStatementPastItsTimeoutIsCancelledAndSaysSo() async throws {
    // Another session holds the table until the end of the test, and the session under test
    // waits for its lock without a lock timeout: only the statement timeout can end the wait.
    let holder = try await holdingCounters()
    let database = try await open(deadline: .seconds(1))
    await #expect {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("SET lock_timeout = 0")
        return try await connection.query("SELECT count(*)::int8 FROM counters")
      }
    } throws: { error in
      guard case .timedOut(_, .seconds(1)) = error as? PostgreSQLError else {
        return false
      }
      return (error as? PostgreSQLError)?.sqlState == "57014"
    }
    try await release(holder)
  }

  /// A lock another session keeps is not a server that does not answer: the statement waits
  /// for it a margin less than the deadline (0.8 s of 1 s), then the server stops it and says
  /// so, and the call says whose lock it was, the server having rolled the statement back.
  @Test(.timeLimit(.minutes(1)))
  func aStatementWaitingForALockHeldElsewhereStopsBeforeTheDeadlineAndSaysSo() async throws {
    // Another session holds the table, and keeps it until the end of the test: the statement
    // waits for a lock that never comes. Opening the database under test finds the schema
    // migrated and runs one-line statements only, which a loaded machine does not slow past
    // the margin.
    let holder = try await holdingCounters()
    let database = try await open(deadline: .seconds(1))
    await #expect {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("INSERT INTO counters VALUES ('waits', 1)")
      }
    } throws: { error in
      guard case .lockNotAvailable(_, .milliseconds(800)) = error as? PostgreSQLError else {
        return false
      }
      return (error as? PostgreSQLError)?.sqlState == "55P03"
        && "\(error)".hasPrefix("another session held a lock this statement needed at ")
    }
    try await release(holder)
    let names = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT name FROM counters") { row throws(SQLRowError) in
        try row.text("name")
      }
    }
    #expect(!names.contains("waits"))
  }

  /// A call queued for the pool's one connection, which another call holds (waiting for an
  /// advisory lock another session keeps), ends at once when its task is cancelled, as
  /// interrupted, and at its deadline as never sent, not as a server that did not answer.
  @Test(.timeLimit(.minutes(1)))
  func aCallQueuedForAConnectionEndsWhenCancelledOrAtItsDeadlineAsNeverSent() async throws {
    let lock = Int64.random(in: 1_000_000...9_000_000)
    let holder = try await open(connections: 1)
    _ = try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT pg_advisory_lock(\(lock))")
    }
    let database = try await open(connections: 1, deadline: .seconds(50))
    let busy = Task {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT pg_advisory_lock(\(lock)), pg_advisory_unlock(\(lock))")
      }
    }
    func queued(_ count: Int) async throws {
      while await database.queuedCalls != count { try await Task.sleep(for: .milliseconds(10)) }
    }
    let cancelled = Task {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT 1")
      }
    }
    try await queued(1)
    cancelled.cancel()
    await #expect {
      try await cancelled.value
    } throws: { error in
      guard case .interrupted = error as? PostgreSQLError else { return false }
      return true
    }
    try await queued(0)
    await #expect {
      try await database.autocommit(until: .now + .milliseconds(500)) {
        connection throws(PostgreSQLError) in try await connection.query("SELECT 1")
      }
    } throws: { error in
      guard case .noConnectionFree = error as? PostgreSQLError else { return false }
      return !"\(error)".contains("did not answer")
    }
    _ = try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT pg_advisory_unlock(\(lock))")
    }
    _ = try await busy.value
  }

  @Test func aLostConnectionIsReportedAndTheNextCallReconnects() async throws {
    let database = try await open(connections: 1)
    await #expect {
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT pg_terminate_backend(pg_backend_pid())")
      }
    } throws: { error in
      guard case .connectionLost = error as? PostgreSQLError else { return false }
      return true
    }
    let answer = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT 1::int8 AS answer")
    }
    #expect(answer == [SQLRow(columns: ["answer"], values: [.integer(1)])])
  }

  /// A long-lived process (an interactive session, the demo) keeps its connections between
  /// calls; a server restart in between cuts them, and the next call, a transaction or a read,
  /// finds its connection broken before the server ran any of it and succeeds on a new one.
  @Test(.enabled(if: ThrowawayCluster.canStart, "needs PostgreSQL's server programs (initdb)"))
  func aServerRestartBetweenTwoCallsGoesUnnoticed() async throws {
    let cluster = try await ThrowawayCluster.start()
    do {
      let database = try await PostgreSQLDatabase(
        connectionString: cluster.url, migrations: Self.counters, versionTable: "schema_version",
        connections: 1)
      try await database.transaction { connection throws(PostgreSQLError) in
        try await connection.execute("INSERT INTO counters VALUES ('restarts', 0)")
      }
      for _ in 0..<2 {
        try await cluster.restart()
        try await database.transaction { connection throws(PostgreSQLError) in
          try await connection.execute("UPDATE counters SET value = value + 1")
        }
      }
      try await cluster.restart()
      let counted = try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT value::int8 FROM counters")
      }
      #expect(counted == [SQLRow(columns: ["value"], values: [.integer(2)])])
    } catch {
      try await cluster.stop()
      throw error
    }
    try await cluster.stop()
  }

  /// A break during a call is the caller's to hear about: the statement that cut the connection
  /// had reached the server, so running it again could do its work twice.
  @Test func aConnectionThatBreaksDuringACallIsNotRetried() async throws {
    let database = try await open(connections: 1)
    try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("CREATE SEQUENCE attempts")
    }
    await #expect {
      try await database.autocommit { connection throws(PostgreSQLError) in
        _ = try await connection.query("SELECT nextval('attempts')")
        return try await connection.query("SELECT pg_terminate_backend(pg_backend_pid())")
      }
    } throws: { error in
      guard case .connectionLost = error as? PostgreSQLError else { return false }
      return true
    }
    let attempts = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT last_value FROM attempts")
    }
    #expect(attempts == [SQLRow(columns: ["last_value"], values: [.integer(1)])])
  }

  /// Sixteen calls that can only finish together: each announces itself (a sequence, outside any
  /// transaction) and waits until all sixteen have. Were the blocking calls on Swift's
  /// cooperative pool (one thread per core), at most that many could be inside at once, the rest
  /// could not start, and the statement timeout would fail the first ones. That they all return
  /// proves sixteen threads of their own were blocked at the same moment; no clock is read.
  @Test func sixteenBlockingCallsAreInsideTheServerAtOnce() async throws {
    let database = try await open(connections: 16, deadline: .seconds(20))
    try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("CREATE SEQUENCE arrivals")
    }
    let arrivals = try await withThrowingTaskGroup(of: Int64.self) { group in
      for _ in 0..<16 {
        group.addTask {
          try await database.autocommit { connection throws(PostgreSQLError) in
            let arrived = try await connection.query("SELECT nextval('arrivals') AS arrived") {
              row throws(SQLRowError) in try row.integer("arrived")
            }
            try await connection.execute(
              """
              DO $$ BEGIN
                WHILE (SELECT last_value FROM arrivals) < 16 LOOP PERFORM pg_sleep(0.01); END LOOP;
              END $$
              """)
            return arrived.first ?? 0
          }
        }
      }
      return try await group.reduce(into: [Int64]()) { $0.append($1) }
    }
    #expect(arrivals.sorted() == Array(1...16))
  }

  @Test func noServerIsOneClearErrorWithoutThePassword() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-server-\(UUID().uuidString)"
    ).path
    await #expect {
      try await PostgreSQLDatabase(
        connectionString: "postgresql://ada:s3cret-Pa55@/voyage?host=\(missing)",
        migrations: [], versionTable: "schema_version")
    } throws: { error in
      let text = "\(error)"
      guard case .unreachable = error as? PostgreSQLError else { return false }
      return !text.contains("s3cret-Pa55") && !text.contains("\n") && text.contains("voyage")
    }
  }

  @Test func aMissingDatabaseAndAnUnknownUserAreToldApart() async throws {
    let url = try TestServer.url()
    let host = try #require(url.split(separator: "host=").last.map(String.init))
    await #expect {
      try await PostgreSQLDatabase(
        connectionString: "host=\(host) dbname=no_such_database user=postgres",
        migrations: [], versionTable: "schema_version")
    } throws: { error in
      guard case .databaseMissing = error as? PostgreSQLError else { return false }
      return true
    }
    await #expect {
      try await PostgreSQLDatabase(
        connectionString: "host=\(host) dbname=voyage user=nobody_here password=hunter2-secret",
        migrations: [], versionTable: "schema_version")
    } throws: { error in
      guard case .authenticationRefused = error as? PostgreSQLError else { return false }
      return !"\(error)".contains("hunter2-secret")
    }
  }

  @Test(arguments: [
    "postgresql://ada:pa%zzword-x1@localhost/voyage", "host=localhost password='unclosed-x1",
  ])
  func anUnreadableConnectionStringNeverShowsItsPassword(_ connectionString: String) async {
    await #expect {
      try await PostgreSQLDatabase(
        connectionString: connectionString, migrations: [], versionTable: "schema_version")
    } throws: { error in
      guard case .invalidConnectionString = error as? PostgreSQLError else { return false }
      return !"\(error)".contains("x1") && !"\(error)".contains("zz")
    }
  }
}

@Suite("PostgreSQL database's log", .enabled(if: TestServer.runs, TestServer.skipped))
struct PostgreSQLDatabaseLogTests {
  @Test func theMigrationsAppliedAreLoggedOnceNamingTheServerNeverItsPassword() async throws {
    let recorder = LogRecorder()
    let log = EventLogger(label: "ledger", level: .info, sink: recorder)
    let schema = TestServer.freshSchema()
    for migrations in [PostgreSQLTests.counters, PostgreSQLTests.counters] {
      _ = try await PostgreSQLDatabase(
        connectionString: TestServer.url(), migrations: migrations,
        versionTable: "schema_version", schema: schema, log: log)
    }
    #expect(recorder.events.map(\.message) == ["migrated"])
    #expect(recorder.events.first?.metadata["from_version"] == 0)
    #expect(recorder.events.first?.metadata["to_version"] == 1)
    let database = try #require(recorder.events.first?.metadata["database"]?.description)
    #expect(!database.isEmpty && !database.contains("password"))
  }

  /// The server's notices go to the log at debug, with their severity and SQLSTATE, never to
  /// standard error as libpq's default receiver would print them.
  @Test func theServersNoticesAreLoggedAtDebug() async throws {
    let recorder = LogRecorder()
    let database = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused",
      log: EventLogger(label: "ledger", level: .debug, sink: recorder))
    try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        "DO $$ BEGIN RAISE NOTICE 'look %', chr(27) || ']0;owned' || chr(7); RAISE WARNING 'careful'; END $$"
      )
    }
    let notices = recorder.events.filter { $0.message == "server notice" }
    #expect(notices.map(\.level) == [.debug, .debug])
    #expect(notices.map { $0.metadata["severity"] } == [.text("NOTICE"), .text("WARNING")])
    #expect(notices.first?.metadata["notice"] == .text("look \u{1B}]0;owned\u{07}"))
    #expect(notices.last?.metadata["sqlstate"] == .text("01000"))
  }
}
