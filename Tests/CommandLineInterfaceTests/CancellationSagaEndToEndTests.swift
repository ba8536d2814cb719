// Exercises: CheckoutFeature, SearchFeature, TicketsFeature

import Foundation
import PaymentSandbox
import PostgreSQL
import PostgreSQLTestServer
import SQLValues
import SQLite
import SupplierSandbox
import Testing

/// A ticket's cancellation through real `voyage` processes, as a saga: killed at every point,
/// its writes failed or stalled, on SQLite and on PostgreSQL. Whatever stopped it, it is listed
/// as unfinished and shown as being cancelled, the failure names the ticket and the command that
/// finishes it, and that command ends with one refund, the places returned once and the ticket
/// cancelled.
extension VoyageCommandLineTests {
  /// Where a cancellation can stop, in the order it meets them: after each of its writes, and
  /// after each outside change before the write that records it.
  static let cancellationPoints = [
    "ledger:cancelling", "supplier:cancelled", "ledger:places_returned", "payments:refunded",
    "ledger:cancelled",
  ]

  /// The cancellation's writes, in order.
  static let cancellationWrites = [
    CancellationWrite(state: "cancelling", before: "ticketed", killedAt: nil),
    CancellationWrite(
      state: "places_returned", before: "cancelling", killedAt: "ledger:cancelling"),
    CancellationWrite(
      state: "cancelled", before: "places_returned", killedAt: "ledger:places_returned"),
  ]

  /// A ticket for 2 places on a bookable trip, and the trip's places before it was bought.
  func boughtTicket(environment: [String: String?] = [:]) async throws
    -> (ticket: String, trip: String, placesBefore: Int)
  {
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--places", "2", "--json"] + Self.card,
      environment: environment)
    #expect(bought.status == 0, "\(printed(bought))")
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    return (ticket, trip, placesBefore)
  }

  /// A cancellation that stopped after its intent was recorded: `voyage orders` lists it with
  /// the command that finishes it; `voyage tickets` and `voyage show` (and their `--json`) show
  /// the ticket as being cancelled.
  func expectCancellationUnderWay(
    _ ticket: String, on trip: String, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let orders = try #require(
      try json(try await run(["orders", "--json"], environment: environment).output)["orders"]
        as? [[String: Any]], sourceLocation: sourceLocation)
    #expect(orders.count == 1, sourceLocation: sourceLocation)
    #expect(
      ["cancelling", "places_returned"].contains(orders.first?["state"] as? String ?? ""),
      "\(orders)", sourceLocation: sourceLocation)
    #expect(
      orders.first?["command"] as? String == "voyage cancel \(ticket)",
      sourceLocation: sourceLocation)
    let listed = try await run(["orders"], environment: environment).output
    #expect(
      listed.contains("$ voyage cancel \(ticket)"), "\(listed)", sourceLocation: sourceLocation)

    let tickets = try #require(
      try json(try await run(["tickets", "--json"], environment: environment).output)["tickets"]
        as? [[String: Any]], sourceLocation: sourceLocation)
    #expect(
      tickets.map { $0["status"] as? String } == ["cancelling"], sourceLocation: sourceLocation)
    let table = try await run(["tickets"], environment: environment).output
    #expect(
      table.contains("cancelling") && table.contains("Finish cancelling: voyage cancel \(ticket)"),
      "\(table)", sourceLocation: sourceLocation)

    let shown = try #require(
      try json(try await run(["show", trip, "--json"], environment: environment).output)["trip"]
        as? [String: Any], sourceLocation: sourceLocation)
    let held = try #require(shown["tickets"] as? [[String: Any]], sourceLocation: sourceLocation)
    #expect(
      held.map { $0["status"] as? String } == ["cancelling"], sourceLocation: sourceLocation)
    let screen = try await run(["show", trip], environment: environment).output
    #expect(
      screen.contains("Cancelling") && screen.contains("finish: voyage cancel \(ticket)")
        && !screen.contains("You hold"), "\(screen)", sourceLocation: sourceLocation)
  }

  /// A cancellation that finished, audited in the outside systems' own files: exactly one refund
  /// in the payment sandbox's, the places returned once to the supplier sandbox's inventory, the
  /// ticket cancelled and nothing left unfinished.
  func expectCancelledOnce(
    _ ticket: String, on trip: String, placesBefore: Int, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(
      try await PaymentSandbox(home: home).refundCount() == 1, sourceLocation: sourceLocation)
    #expect(try await placesLeft(trip) == placesBefore, sourceLocation: sourceLocation)
    let tickets = try #require(
      try json(try await run(["tickets", "--json"], environment: environment).output)["tickets"]
        as? [[String: Any]], sourceLocation: sourceLocation)
    #expect(tickets.map { $0["id"] as? String } == [ticket], sourceLocation: sourceLocation)
    #expect(
      tickets.map { $0["status"] as? String } == ["cancelled"], sourceLocation: sourceLocation)
    #expect(tickets.first?["cancelled_at"] is String, sourceLocation: sourceLocation)
    let orders = try await run(["orders"], environment: environment).output
    #expect(orders.hasPrefix("No unfinished orders"), "\(orders)", sourceLocation: sourceLocation)
  }

  /// Whether `message` names `ticket`, however the sentence begins.
  func names(_ ticket: String, in message: String) -> Bool {
    message.contains("Ticket \(ticket)") || message.contains("ticket \(ticket)")
  }

  /// The command a failure advises (`'voyage cancel TKT-…'`), as `voyage`'s arguments.
  func advisedCancel(in failure: Outcome, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> [String]
  {
    let message = try #require(
      (try json(failure.output)["error"] as? [String: Any])?["message"] as? String,
      "\(printed(failure))", sourceLocation: sourceLocation)
    let advice = try #require(
      message.split(separator: "'").first { $0.hasPrefix("voyage cancel ") }, "\(message)",
      sourceLocation: sourceLocation)
    return advice.split(separator: " ").dropFirst().map(String.init)
  }
}

// MARK: - Killed at every point

extension VoyageCommandLineTests {
  /// Every point where a cancellation can die: after each write, and after the supplier or the
  /// provider made a change Voyage had not recorded yet. Until the same command runs again the
  /// cancellation is listed and shown as unfinished; that command then finishes it.
  @Test(.enabled(if: faultPointsBuiltIn, withoutFaultPoints), arguments: cancellationPoints)
  func aCancellationKilledAtAnyPointIsListedAndFinishedByTheSameCommand(point: String)
    async throws
  {
    let (ticket, trip, placesBefore) = try await boughtTicket()
    let killed = try await run(
      ["cancel", ticket, "--json"], environment: ["VOYAGE_TEST_STOP_AT": point])
    #expect(killed.status == SIGKILL, "expected a kill at \(point): \(printed(killed))")
    if point != "ledger:cancelled" { try await expectCancellationUnderWay(ticket, on: trip) }
    let finished = try await run(["cancel", ticket, "--json"])
    #expect(finished.status == 0, "\(printed(finished))")
    #expect(
      (try json(finished.output)["ticket"] as? [String: Any])?["status"] as? String
        == "cancelled")
    try await expectCancelledOnce(ticket, on: trip, placesBefore: placesBefore)
    for file in ["ledger.sqlite", PaymentSandbox.fileName, SupplierSandbox.fileName] {
      #expect(try SQLiteDatabase.integrityCheck(of: home.appendingPathComponent(file)) == "ok")
    }
  }

  /// Every point again, with the ledger on a PostgreSQL server: another process finishes what
  /// the killed one began. One case at a time, as every server test of this file: run together,
  /// their processes' connections would take most of the server's `max_connections` from the
  /// other suites that share it.
  @Test(
    .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    .enabled(if: TestServer.runs, TestServer.skipped), .serialized, arguments: cancellationPoints)
  func aCancellationKilledAtAnyPointOnOneDatabaseIsFinishedByAnother(point: String)
    async throws
  {
    let environment = ["VOYAGE_DATABASE_URL": try await serverSchema()]
    let (ticket, trip, placesBefore) = try await boughtTicket(environment: environment)
    let killed = try await run(
      ["cancel", ticket, "--json"],
      environment: environment.merging(["VOYAGE_TEST_STOP_AT": point]) { $1 })
    #expect(killed.status == SIGKILL, "expected a kill at \(point): \(printed(killed))")
    if point != "ledger:cancelled" {
      try await expectCancellationUnderWay(ticket, on: trip, environment: environment)
    }
    let finished = try await run(["cancel", ticket, "--json"], environment: environment)
    #expect(finished.status == 0, "\(printed(finished))")
    try await expectCancelledOnce(
      ticket, on: trip, placesBefore: placesBefore, environment: environment)
  }
}

// MARK: - A write that fails or stalls

extension VoyageCommandLineTests {
  /// A SQLite ledger whose write lock another connection holds (a backup, an operator's
  /// `sqlite3` shell in a transaction) for as long as the test says, as that process would.
  func holdingTheLedgerLock() async throws -> SQLiteDatabase {
    let file = home.appendingPathComponent("ledger.sqlite")
    // Opened as the Voyage that wrote it, whose schema version a database that knows no
    // migration is told when it is refused, before anything is written.
    var version = 0
    do {
      _ = try SQLiteDatabase(file: file, migrations: [])
    } catch SQLiteError.newerSchema(_, let written, _) {
      version = written
    }
    let holder = try SQLiteDatabase(
      file: file, migrations: Array(repeating: "SELECT 1;", count: version))
    try await holder.read { connection throws(SQLiteError) in
      try connection.execute("BEGIN IMMEDIATE")
    }
    return holder
  }

  /// Each of the cancellation's writes stalled on SQLite's lock, held by another connection
  /// past the ledger's busy timeout: the cancellation ends with status 74, says another process
  /// held the ledger and nothing was written, where the order stands, names the ticket and the
  /// command that finishes it; the outside changes made before the write stay made. Once the lock is let go, that command finishes the cancellation.
  @Test(
    .timeLimit(.minutes(2)), .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    arguments: cancellationWrites)
  func aCancellationWhoseWriteStallsOnTheLedgerLockNamesTheTicketAndItsCommand(
    write: CancellationWrite
  ) async throws {
    let (ticket, trip, placesBefore) = try await boughtTicket()
    if let point = write.killedAt {
      let killed = try await run(
        ["cancel", ticket, "--json"], environment: ["VOYAGE_TEST_STOP_AT": point])
      #expect(killed.status == SIGKILL, "\(printed(killed))")
    }
    let holder = try await holdingTheLedgerLock()
    let stalled = try await run(["cancel", ticket, "--json"])
    try await holder.read { connection throws(SQLiteError) in
      try connection.execute("ROLLBACK")
    }
    #expect(stalled.status == 74, "\(printed(stalled))")
    let error = try #require(try json(stalled.output)["error"] as? [String: Any])
    let message = try #require(error["message"] as? String)
    #expect(
      message.contains("locked for longer than the ledger waits; nothing was written"),
      "\(message)")
    // Where the order stands: the state it was last recorded in, the one before this write.
    #expect(message.contains("is \(write.before)."), "\(message)")
    #expect(error["code"] as? String == "ledger_locked")
    #expect(names(ticket, in: message), "\(message)")
    #expect(try advisedCancel(in: stalled) == ["cancel", ticket])
    #expect(error["order_id"] is String)
    // What changed outside before the write stalled: nothing before the intent's; the places
    // before the next; the money too before the last.
    let placesBack = write.before != "ticketed"
    #expect(try await placesLeft(trip) == placesBefore - (placesBack ? 0 : 2))
    let refunded = write.state == "cancelled"
    #expect(try await PaymentSandbox(home: home).refundCount() == (refunded ? 1 : 0))

    let finished = try await run(try advisedCancel(in: stalled) + ["--json"])
    #expect(finished.status == 0, "\(printed(finished))")
    try await expectCancelledOnce(ticket, on: trip, placesBefore: placesBefore)
  }

  /// Each of the cancellation's writes fails on the server (its disk full, or the connection
  /// cut while the write is sent): status 74, the ticket and the command that finishes it;
  /// once the server is well, that command finishes the cancellation.
  @Test(
    .enabled(if: TestServer.runs, TestServer.skipped), .serialized,
    arguments: ServerFault.all, cancellationWrites)
  func aCancellationStepTheServerFailsToRecordNamesTheTicketAndItsCommand(
    fault: ServerFault, write: CancellationWrite
  ) async throws {
    let url = try await serverSchema()
    let environment = ["VOYAGE_DATABASE_URL": url]
    let (ticket, trip, placesBefore) = try await boughtTicket(environment: environment)
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused",
      schema: schema, connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        "CREATE FUNCTION fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(fault.body) END $$")
      try await connection.execute(
        """
        CREATE TRIGGER fault BEFORE UPDATE ON orders FOR EACH ROW
          WHEN (NEW.state = '\(write.state)') EXECUTE FUNCTION fault()
        """)
    }
    let failed = try await run(["cancel", ticket, "--json"], environment: environment)
    #expect(failed.status == 74, "\(printed(failed))")
    let error = try #require(try json(failed.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == fault.code)
    let message = try #require(error["message"] as? String)
    #expect(message.contains(fault.said) && names(ticket, in: message), "\(message)")
    #expect(try advisedCancel(in: failed) == ["cancel", ticket])
    if write.before != "ticketed" {
      try await expectCancellationUnderWay(ticket, on: trip, environment: environment)
    }

    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("DROP TRIGGER fault ON orders")
    }
    let finished = try await run(
      try advisedCancel(in: failed) + ["--json"], environment: environment)
    #expect(finished.status == 0, "\(printed(finished))")
    try await expectCancelledOnce(
      ticket, on: trip, placesBefore: placesBefore, environment: environment)
  }

  /// Each of the cancellation's writes stalled on the server: a trigger makes it wait for an
  /// advisory lock another session holds. The cancellation ends by its deadline (status 74),
  /// saying the lock was held elsewhere and nothing was written, or at SIGTERM (143); it says
  /// where the order stands, and names the ticket and the command that finishes it; once the
  /// lock is let go, that command finishes the cancellation.
  @Test(
    .enabled(if: TestServer.runs, TestServer.skipped), .timeLimit(.minutes(2)), .serialized,
    arguments: cancellationWrites, [StalledCheckoutEnding.deadline, .sigterm])
  func aCancellationWhoseWriteStallsOnTheServerNamesTheTicketAndItsCommand(
    write: CancellationWrite, ending: StalledCheckoutEnding
  ) async throws {
    let url = try await serverSchema()
    let environment = ["VOYAGE_DATABASE_URL": url]
    let (ticket, trip, placesBefore) = try await boughtTicket(environment: environment)
    // A lock of this test's own: tests running beside it on the same server take others.
    let lock = Int64.random(in: 1...Int64(Int32.max))
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused",
      schema: schema, connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        """
        CREATE FUNCTION waits() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_advisory_xact_lock(\(lock)); RETURN NEW; END $$
        """)
      try await connection.execute(
        """
        CREATE TRIGGER waits BEFORE UPDATE ON orders FOR EACH ROW
          WHEN (NEW.state = '\(write.state)') EXECUTE FUNCTION waits()
        """)
      _ = try await connection.query("SELECT pg_advisory_lock(\(lock))")
    }
    let observer = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", connections: 1)
    let launched = AsyncStream<Int32>.makeStream()
    async let stalled = run(
      ["cancel", ticket, "--json"],
      environment: environment.merging([
        "VOYAGE_DEADLINE_SECONDS": ending == .deadline ? "3" : "300"
      ]) { $1 },
      started: { launched.continuation.yield($0) })
    var process: Int32 = 0
    for await pid in launched.stream {
      process = pid
      break
    }
    if ending == .sigterm {
      try await someoneWaits(forAdvisoryLock: lock, on: observer, while: process)
      kill(process, SIGTERM)
    }
    let outcome = try await stalled
    #expect(outcome.status == (ending == .deadline ? 74 : 143), "\(printed(outcome))")
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == (ending == .deadline ? "ledger_locked" : "interrupted"))
    let message = try #require(error["message"] as? String)
    // Where the order stands: the state it was last recorded in, the one before this write.
    #expect(message.contains(write.before) && names(ticket, in: message), "\(message)")
    if ending == .deadline {
      #expect(
        message.contains("another session held a lock")
          && message.contains("nothing was written. Order ")
          && message.contains(" is \(write.before). Run 'voyage cancel \(ticket)' again"),
        "\(message)")
    }
    #expect(try advisedCancel(in: outcome) == ["cancel", ticket])

    try await server.autocommit { connection throws(PostgreSQLError) in
      _ = try await connection.query("SELECT pg_advisory_unlock(\(lock))")
      try await connection.execute("DROP TRIGGER waits ON orders")
    }
    let finished = try await run(
      try advisedCancel(in: outcome) + ["--json"], environment: environment)
    #expect(finished.status == 0, "\(printed(finished))")
    try await expectCancelledOnce(
      ticket, on: trip, placesBefore: placesBefore, environment: environment)
  }

  /// Returns once a statement waits for the advisory lock `lock` (the cancellation is
  /// mid-write); throws if `process` ended first. The server is asked again every 10 ms until it
  /// says so.
  private func someoneWaits(
    forAdvisoryLock lock: Int64, on observer: PostgreSQLDatabase, while process: Int32
  ) async throws {
    while true {
      let waiting = try await observer.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          """
          SELECT count(*)::int8 AS waiting FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted AND objid = \(lock)
          """)
      }
      if try waiting.first?.integer("waiting") ?? 0 > 0 { return }
      try #require(kill(process, 0) == 0, "the cancellation ended before it waited for the lock")
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// One of a cancellation's writes: the state it records, the state the order is in before it,
/// and the point a first process is killed at so that this write is the next one made (none for
/// the first).
struct CancellationWrite: Sendable, CustomTestStringConvertible {
  let state: String
  let before: String
  let killedAt: String?

  var testDescription: String { "the write of \(state)" }
}
