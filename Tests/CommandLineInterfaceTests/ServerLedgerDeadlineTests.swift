// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import PaymentSandbox
import PostgreSQL
import PostgreSQLTestServer
import SQLValues
import Testing

/// What holds a checkout's ledger write up: a lock another session keeps, or the whole server
/// frozen with SIGSTOP while the write waits for that lock.
enum LedgerStall: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case lockHeldElsewhere
  case serverFrozen

  var testDescription: String { rawValue }
}

/// How the stalled checkout ends: at its deadline, or by a signal a person sends.
enum StalledCheckoutEnding: Int32, CaseIterable, CustomTestStringConvertible, Sendable {
  case deadline = 0
  case sigint = 2
  case sigterm = 15

  var testDescription: String {
    switch self {
    case .deadline: "at its deadline"
    case .sigint: "by SIGINT"
    case .sigterm: "by SIGTERM"
    }
  }
}

extension VoyageCommandLineTests {
  /// A checkout whose `charged` step waits on the ledger (a cluster of the test's own: a trigger
  /// makes the step wait for an advisory lock another session holds, and the server may then be
  /// frozen) ends by its deadline (status 74) or at the signal (130, 143) instead of waiting
  /// for ever; it says where the order stands and gives its key, even under `--json` with a key
  /// it generated; the same command with that key, once the server is well, finishes the order
  /// with one charge and one ticket. By its deadline, a lock held elsewhere is told as such, a
  /// margin before the deadline (the server stopped the step: nothing was written), never as
  /// a server that did not answer; a frozen server is one that did not answer. The time limit
  /// turns a checkout that never ends into a failure; the signal cases' deadline (300 s) is
  /// beyond it, so only the signal ends them. One case at a time: the frozen server must be
  /// frozen within the 9 s its step waits for the lock (10 s less 1 s).
  @Test(
    .enabled(if: ThrowawayCluster.canStart, "needs PostgreSQL's server programs (initdb)"),
    .timeLimit(.minutes(2)), .serialized,
    arguments: LedgerStall.allCases, StalledCheckoutEnding.allCases)
  func aCheckoutStalledOnTheLedgerEndsWithItsKeyAndWhereTheOrderStands(
    stall: LedgerStall, ending: StalledCheckoutEnding
  ) async throws {
    let cluster = try await ThrowawayCluster.start()
    do {
      try await checkStalledCheckout(on: cluster, stall: stall, ending: ending)
    } catch {
      try? cluster.thaw()
      try await cluster.stop()
      throw error
    }
    try? cluster.thaw()
    try await cluster.stop()
  }

  private func checkStalledCheckout(
    on cluster: ThrowawayCluster, stall: LedgerStall, ending: StalledCheckoutEnding
  ) async throws {
    let environment = ["VOYAGE_DATABASE_URL": cluster.url]
    let migrated = try await run(["orders"], environment: environment)
    #expect(migrated.status == 0, "\(printed(migrated))")
    let server = try await PostgreSQLDatabase(
      connectionString: cluster.url, migrations: [], versionTable: "unused", connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        """
        CREATE FUNCTION waits() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_advisory_xact_lock(42); RETURN NEW; END $$
        """)
      try await connection.execute(
        """
        CREATE TRIGGER waits BEFORE UPDATE ON orders FOR EACH ROW
          WHEN (NEW.state = 'charged') EXECUTE FUNCTION waits()
        """)
      _ = try await connection.query("SELECT pg_advisory_lock(42)")
    }
    let trip = try await bookableTrip()
    // Connected before the checkout starts, so it sees the checkout wait at once.
    let observer = try await PostgreSQLDatabase(
      connectionString: cluster.url, migrations: [], versionTable: "unused", connections: 1)
    let command = ["checkout", trip, "--name", "Ada", "--json"] + Self.card
    let launched = AsyncStream<Int32>.makeStream()
    // A lock held elsewhere stops the step at 2.4 s (the deadline less a fifth); a server to
    // be frozen has 9 s of lock timeout, room to freeze it on a loaded machine before then.
    let deadline =
      switch (ending, stall) {
      case (.deadline, .lockHeldElsewhere): "3"
      case (.deadline, .serverFrozen): "10"
      default: "300"
      }
    async let stalled = run(
      command, environment: environment.merging(["VOYAGE_DEADLINE_SECONDS": deadline]) { $1 },
      started: { launched.continuation.yield($0) })
    var process: Int32 = 0
    for await pid in launched.stream {
      process = pid
      break
    }
    try await someoneWaitsForALock(on: observer, while: process)
    if stall == .serverFrozen { try cluster.freeze() }
    if ending != .deadline { kill(process, ending.rawValue) }
    let outcome = try await stalled

    let expected: Int32 =
      switch ending {
      case .deadline: 74
      case .sigint: 130
      case .sigterm: 143
      }
    #expect(outcome.status == expected, "\(printed(outcome))")
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    let key = try #require(error["order_id"] as? String, "\(outcome.output)")
    let code =
      switch (ending, stall) {
      case (.deadline, .lockHeldElsewhere): "ledger_locked"
      case (.deadline, .serverFrozen): "ledger_unanswered"
      default: "interrupted"
      }
    #expect(error["code"] as? String == code)
    let message = try #require(error["message"] as? String)
    #expect(message.contains("held"), "\(message)")
    #expect(message.contains("--idempotency-key \(key)"))
    if code == "ledger_locked" {
      #expect(
        message.contains("another session held a lock this statement needed at ")
          && message.contains(" for 2400 ms, so the server stopped the statement")
          && message.contains("; nothing was written. Order \(key) is held. Run the same command"),
        "\(message)")
      #expect(!message.contains("did not answer"), "\(message)")
    }

    try cluster.thaw()
    try await server.autocommit { connection throws(PostgreSQLError) in
      _ = try await connection.query("SELECT pg_advisory_unlock(42)")
      try await connection.execute("DROP TRIGGER waits ON orders")
    }
    let finished = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", key, "--json"] + Self.card,
      environment: environment)
    #expect(finished.status == 0, "\(printed(finished))")
    let listed = try await run(["tickets", "--json"], environment: environment)
    #expect((try json(listed.output)["tickets"] as? [[String: Any]])?.count == 1)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
  }

  /// Returns once a statement waits for a lock (the checkout is mid-statement); throws if
  /// `process` ended first. The server is asked again every 10 ms until it says so.
  private func someoneWaitsForALock(on observer: PostgreSQLDatabase, while process: Int32)
    async throws
  {
    while true {
      let waiting = try await observer.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          "SELECT count(*)::int8 AS waiting FROM pg_locks WHERE NOT granted")
      }
      if try waiting.first?.integer("waiting") ?? 0 > 0 { return }
      try #require(kill(process, 0) == 0, "the checkout ended before it waited for the lock")
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// A signal while a refused checkout notes its failure in the ledger (the note waits for an
  /// advisory lock another session holds) ends it with the signal's status, as anywhere else:
  /// 130 for SIGINT, 143 for SIGTERM, not the refusal's 1.
  @Test(
    .enabled(if: TestServer.runs, TestServer.skipped), .timeLimit(.minutes(1)),
    arguments: [SIGINT, SIGTERM])
  func aSignalDuringTheFailureNoteEndsWithTheSignalsStatus(signal: Int32) async throws {
    let url = try await serverSchema()
    let migrated = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(migrated.status == 0, "\(printed(migrated))")
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let lock = Int64.random(in: 1_000_000...9_000_000)
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        """
        CREATE FUNCTION \(schema).waits() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_advisory_xact_lock(\(lock)); RETURN NEW; END $$
        """)
      try await connection.execute(
        """
        CREATE TRIGGER waits BEFORE INSERT ON \(schema).order_failures
          FOR EACH ROW EXECUTE FUNCTION \(schema).waits()
        """)
      _ = try await connection.query("SELECT pg_advisory_lock(\(lock))")
    }
    let launched = AsyncStream<Int32>.makeStream()
    async let refused = run(
      [
        "checkout", try await bookableTrip(), "--name", "Ada", "--card", "4000 0000 0000 0002",
        "--expiry", "12/30", "--json",
      ], environment: ["VOYAGE_DATABASE_URL": url], started: { launched.continuation.yield($0) })
    var process: Int32 = 0
    for await pid in launched.stream {
      process = pid
      break
    }
    while true {
      let waiting = try await server.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          """
          SELECT count(*)::int8 AS waiting FROM pg_locks
          WHERE locktype = 'advisory' AND objid = \(lock) AND NOT granted
          """)
      }
      if try waiting.first?.integer("waiting") ?? 0 > 0 { break }
      try #require(kill(process, 0) == 0, "the checkout ended before it noted its failure")
      try await Task.sleep(for: .milliseconds(10))
    }
    kill(process, signal)
    let outcome = try await refused
    _ = try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT pg_advisory_unlock(\(lock))")
    }
    #expect(outcome.status == (signal == SIGINT ? 130 : 143), "\(printed(outcome))")
  }
}
