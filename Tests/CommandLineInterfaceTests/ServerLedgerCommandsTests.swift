// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import PaymentSandbox
import PostgreSQL
import PostgreSQLTestServer
import SQLValues
import SupplierSandbox
import TemporaryFolders
import Testing

/// `VOYAGE_DATABASE_URL` as a person uses it: orders and tickets in a PostgreSQL database that
/// every instance naming it shares, each failure one line with exit status 74, and the URL's
/// password in no output, error or help.
extension VoyageCommandLineTests {
  static let secret = "Sup3r-Secret-Pw"

  @Test func aPasswordInTheDatabaseURLIsInNoHelpNoErrorAndNoOutput() async throws {
    let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-server-\(UUID().uuidString)"
    ).path
    let environment = [
      "VOYAGE_DATABASE_URL": "postgresql://ada:\(Self.secret)@/voyage?host=\(nowhere)"
    ]
    let help = try await run(["--help"], environment: environment)
    #expect(help.status == 0 && help.output.contains("VOYAGE_DATABASE_URL"))
    let trip = try await bookableTrip()
    for command in [
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "k-1"] + Self.card,
      ["checkout", trip, "--name", "Ada", "--json"] + Self.card, ["tickets"], ["orders", "--json"],
      ["cancel", "TKT-0123456789AB"], ["checkout", "--help"],
    ] {
      let outcome = try await run(command, environment: environment)
      #expect(!printed(outcome).contains(Self.secret), "\(command)")
      guard !command.contains("--help") else { continue }
      #expect(outcome.status == 74, "\(command): \(printed(outcome))")
      #expect(printed(outcome).contains("cannot reach the PostgreSQL database 'voyage'"))
    }
    let refused = try await run(["tickets"], environment: environment)
    #expect(refused.error.split(separator: "\n").count == 1, "\(refused.error)")
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }

  /// A schema of its own on the test server, and the URL that works in it.
  func serverSchema() async throws -> String {
    let schema = TestServer.freshSchema()
    let database = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused")
    try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("CREATE SCHEMA \(schema)")
    }
    return try TestServer.url(in: schema)
  }

  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aTicketBoughtThroughOneInstanceIsListedByAnotherWithAnotherHome() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "shared-1", "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": url])
    #expect(bought.status == 0, "\(printed(bought))")
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    try await withTemporaryFolder("e2e-other") { elsewhere in
      let listed = try await run(
        ["tickets", "--json"], home: elsewhere, environment: ["VOYAGE_DATABASE_URL": url])
      let tickets = try #require(try json(listed.output)["tickets"] as? [[String: Any]])
      #expect(tickets.compactMap { $0["id"] as? String } == [ticket])
      #expect(
        !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
      let sqliteHome = try await run(["tickets", "--json"], home: elsewhere)
      #expect((try json(sqliteHome.output)["tickets"] as? [[String: Any]])?.isEmpty == true)
    }
  }

  /// `show` reads the tickets held on a trip through the ledger's interface, the server's when
  /// one is configured (it once looked for a SQLite file in the home folder and found none).
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func showListsTheTicketsHeldOnATripFromTheServerLedger() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--places", "2", "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": url])
    #expect(bought.status == 0, "\(printed(bought))")
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    let shown = try await run(["show", trip, "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    let held = try #require(
      (try json(shown.output)["trip"] as? [String: Any])?["tickets"] as? [[String: Any]],
      "\(shown.output)")
    #expect(held.compactMap { $0["id"] as? String } == [ticket])
    let screen = try await run(["show", trip], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(screen.output.contains("2 places on 1 ticket"), "\(screen.output)")
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }

  /// `voyage demo` with a server ledger (and a live supplier and provider) configured: it runs
  /// on its own home's sandboxes and SQLite ledger, lists none of the server's tickets, and
  /// leaves the server's ledger as it was, row for row (counts, last change, every row's text).
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func theDemoLeavesAConfiguredServerLedgerAsItWas() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": url])
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    let ledger = { @Sendable () async throws -> [SQLRow] in
      try await server.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          """
          SELECT (SELECT count(*)::int8 FROM orders), (SELECT count(*)::int8 FROM tickets),
            (SELECT count(*)::int8 FROM order_failures), (SELECT max(updated_at) FROM orders),
            (SELECT string_agg(md5(o::text), ',' ORDER BY id) FROM orders o),
            (SELECT string_agg(md5(t::text), ',' ORDER BY id) FROM tickets t)
          """)
      }
    }
    let before = try await ledger()
    let demo = try await run(
      ["demo"],
      environment: [
        "VOYAGE_DATABASE_URL": url, "VOYAGE_SUPPLIER_URL": "http://127.0.0.1:9",
        "VOYAGE_PAYMENTS_URL": "http://127.0.0.1:9",
      ])
    #expect(demo.status == 0, "\(printed(demo))")
    #expect(!demo.output.contains(ticket), "\(demo.output)")
    #expect(try await ledger() == before)
  }

  /// A cancel the ledger fails to record (its disk full) says which command finishes it, and
  /// that command, run as printed once the disk has room, does (it once advised the checkout's
  /// `--idempotency-key`, which `cancel` refuses).
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aFailedCancelAdvisesACommandThatFinishesIt() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let open = try await run(
      [
        "checkout", trip, "--name", "Ada", "--idempotency-key", "can-1", "--card",
        "4000000000000119", "--expiry", "12/30",
      ], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(open.status != 0, "\(printed(open))")
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        """
        CREATE FUNCTION full_disk() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$
        """)
      try await connection.execute(
        """
        CREATE TRIGGER full_disk BEFORE UPDATE ON orders FOR EACH ROW
          WHEN (NEW.state = 'released') EXECUTE FUNCTION full_disk()
        """)
    }
    let failed = try await run(["cancel", "can-1"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(failed.status == 74, "\(printed(failed))")
    let advice = try #require(
      failed.error.split(separator: "'").first { $0.hasPrefix("voyage cancel ") },
      "\(failed.error)")
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("DROP TRIGGER full_disk ON orders")
    }
    let finished = try await run(
      Array(advice.split(separator: " ").dropFirst().map(String.init)),
      environment: ["VOYAGE_DATABASE_URL": url])
    #expect(finished.status == 0, "\(advice): \(printed(finished))")
    #expect(finished.output.contains("Order can-1 given up"), "\(finished.output)")
  }

  /// The ticket's transaction commits and its answer is lost (a proxy cuts the connection at a
  /// NOTICE a deferred trigger raises while the server commits): the ledger reads the order back
  /// on a new connection, finds the ticket and the checkout gives it, instead of saying the
  /// step was not recorded.
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aTicketWhoseCommitWasDoneButNotAnsweredIsFoundAndGiven() async throws {
    let url = try await serverSchema()
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let base = try TestServer.url()
    let user = try #require(base.split(separator: "://").last?.split(separator: "@").first)
    let host = try #require(
      base.split(separator: "host=").last?.split(separator: "&").first.map(String.init))
    let marker = "voyage-test-cut-" + UUID().uuidString.prefix(8)
    let server = try await PostgreSQLDatabase(
      connectionString: url, migrations: [], versionTable: "unused", connections: 1)
    _ = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": url])
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        """
        CREATE FUNCTION cut_here() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          RAISE NOTICE '\(marker)'; RETURN NULL; END $$
        """)
      try await connection.execute(
        """
        CREATE CONSTRAINT TRIGGER cut_here AFTER INSERT ON tickets
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cut_here()
        """)
    }
    let proxy = try AnswerCuttingProxy(socketPath: host + "/.s.PGSQL.5432", marker: marker)
    defer { proxy.stop() }
    let proxied =
      "host=127.0.0.1 port=\(proxy.port) dbname=voyage user=\(user) options=-csearch_path=\(schema)"
    let trip = try await bookableTrip()
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": proxied])
    #expect(bought.status == 0, "\(printed(bought))")
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    let listed = try await run(["tickets", "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    let tickets = try #require(try json(listed.output)["tickets"] as? [[String: Any]])
    #expect(tickets.compactMap { $0["id"] as? String } == [ticket])
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
  }

  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aRefusedUserAndAMissingDatabaseAreEachOneLineWithStatus74() async throws {
    let url = try TestServer.url()
    let host = try #require(url.split(separator: "host=").last.map(String.init))
    for (connection, said) in [
      ("host=\(host) dbname=voyage user=nobody_here password=\(Self.secret)", "refused the user"),
      (
        "host=\(host) dbname=no_such_database user=postgres password=\(Self.secret)",
        "does not exist"
      ),
    ] {
      let outcome = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": connection])
      #expect(outcome.status == 74)
      #expect(outcome.error.contains(said), "\(outcome.error)")
      #expect(
        outcome.error.split(separator: "\n").count == 1 && !printed(outcome).contains(Self.secret))
    }
  }

  /// The ledger's statements wait for locks a margin less than `VOYAGE_DEADLINE_SECONDS` (a
  /// fifth less): with the orders table locked by another session, `voyage orders` gives up and
  /// says whose lock it waited for, not that the server did not answer.
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aStatementThatWaitsForALockHeldElsewhereIsOneLineWithStatus74() async throws {
    let url = try await serverSchema()
    let migrated = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(migrated.status == 0, "\(printed(migrated))")
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let locker = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    // The session keeps its transaction, and the lock, after the call returns.
    try await locker.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("BEGIN")
      try await connection.execute("LOCK TABLE orders IN ACCESS EXCLUSIVE MODE")
    }
    let waited = try await run(
      ["orders"], environment: ["VOYAGE_DATABASE_URL": url, "VOYAGE_DEADLINE_SECONDS": "0.5"])
    try await locker.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("ROLLBACK")
    }
    #expect(waited.status == 74)
    #expect(
      waited.error.contains("another session held a lock this statement needed at ")
        && waited.error.contains(" for 400 ms, so the server stopped the statement"),
      "\(waited.error)")
    #expect(waited.error.split(separator: "\n").count == 1)
  }
}

/// A fault the server can have while a step of the saga is written, made by a trigger on the
/// orders table of a test's own schema.
struct ServerFault: Sendable, CustomTestStringConvertible {
  /// What the trigger does instead of letting the row change.
  let body: String
  /// The `--json` error code, and words of the sentence, that say it.
  let code: String
  let said: String
  let testDescription: String

  static let all = [
    ServerFault(
      body:
        "RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';",
      code: "disk_full", said: "the disk is full", testDescription: "the disk is full (53100)"),
    // Cut before the step was written: read back on a new connection, it is not there.
    ServerFault(
      body: "PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW;",
      code: "ledger_unanswered", said: "its next step was not recorded",
      testDescription: "the connection is cut"),
  ]
}

extension VoyageCommandLineTests {
  /// After the order was recorded, a step cannot be written: the server's disk is full, or the
  /// connection is cut while the step is written. The process says so, with exit status 74 and
  /// the order's key; the same command with that key, once the server is well, finishes the
  /// order with one charge and one ticket.
  @Test(
    .enabled(if: TestServer.runs, TestServer.skipped),
    arguments: ServerFault.all, ["held", "charged", "ticketed"])
  func aStepTheServerFailsToRecordLeavesTheKeyThatFinishesTheOrder(
    fault: ServerFault, step: String
  ) async throws {
    let url = try await serverSchema()
    let migrated = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect(migrated.status == 0, "\(printed(migrated))")
    let schema = try #require(url.split(separator: "%3D").last.map(String.init))
    let server = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute(
        "CREATE FUNCTION fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(fault.body) END $$")
      try await connection.execute(
        """
        CREATE TRIGGER fault BEFORE UPDATE ON orders FOR EACH ROW
          WHEN (NEW.state = '\(step)') EXECUTE FUNCTION fault()
        """)
    }
    let trip = try await bookableTrip()
    let failed = try await run(
      ["checkout", trip, "--name", "Ada", "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": url])
    #expect(failed.status == 74, "\(printed(failed))")
    let error = try #require(try json(failed.output)["error"] as? [String: Any])
    let key = try #require(error["order_id"] as? String)
    #expect(error["code"] as? String == fault.code)
    let message = try #require(error["message"] as? String)
    #expect(message.contains(fault.said), "\(message)")
    #expect(
      message.lowercased().contains("run the same command again with --idempotency-key \(key)"))

    try await server.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("DROP TRIGGER fault ON orders")
    }
    let finished = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", key, "--json"] + Self.card,
      environment: ["VOYAGE_DATABASE_URL": url])
    #expect(finished.status == 0, "\(printed(finished))")
    let listed = try await run(["tickets", "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect((try json(listed.output)["tickets"] as? [[String: Any]])?.count == 1)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
    #expect(try await supplier.liveHolds() == 0)
  }
}

extension VoyageCommandLineTests {
  /// The server's disk full, for real: a cluster of the test's own on a tmpfs of 80 MiB, filled,
  /// and checkouts until the server refuses one (SQLSTATE 53100, when a table must grow). The
  /// refusal says so with exit status 74 and strands no charge; once there is room again, the
  /// same command is not refused.
  @Test(
    .enabled(if: TestServer.runs && ThrowawayCluster.canStart, TestServer.skipped),
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aServerWhoseDiskIsFullSaysSoAndStrandsNoCharge() async throws {
    let disk = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-server-full-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    #expect(try await mount(["-t", "tmpfs", "-o", "size=80m", "tmpfs", disk.path]) == 0)
    defer {
      _ = umount(disk.path)
      try? FileManager.default.removeItem(at: disk)
    }
    let cluster = try await ThrowawayCluster.start(in: disk.appendingPathComponent("cluster").path)
    do {
      let environment = ["VOYAGE_DATABASE_URL": cluster.url]
      // A first ticket before the disk fills: the tables then have pages with room, and the
      // server refuses a later checkout, one that finds a page full, in the middle of the run.
      let warm = try await run(
        ["checkout", "LIS-004", "--name", "Ada", "--json"] + Self.card, environment: environment)
      #expect(warm.status == 0, "\(printed(warm))")
      let filler = disk.appendingPathComponent("filler")
      try fill(disk, leaving: 0, with: filler)
      var refused: (outcome: Outcome, command: [String])?
      var attempts = 0
      for attempt in 1...200 where refused == nil {
        attempts = attempt
        let command =
          ["checkout", "LIS-0\(10 + attempt % 40)", "--name", "Ada \(attempt)", "--json"]
          + Self.card
        let outcome = try await run(command, environment: environment)
        if outcome.status == 74 {
          refused = (outcome, command)
        } else {
          #expect(outcome.status == 0 || outcome.status == 1, "\(printed(outcome))")
        }
      }
      let (outcome, command) = try #require(refused, "200 checkouts on a full disk all passed")
      let error = try #require(try json(outcome.output)["error"] as? [String: Any])
      #expect(error["code"] as? String == "disk_full", "attempt \(attempts): \(outcome.output)")
      #expect((error["message"] as? String)?.contains("the disk is full") == true)
      let listed = try await run(["tickets", "--json"], environment: environment)
      let tickets = try #require(try json(listed.output)["tickets"] as? [[String: Any]])
      #expect(try await PaymentSandbox(home: home).chargeCount() == tickets.count)

      try FileManager.default.removeItem(at: filler)
      let again = try await run(command, environment: environment)
      #expect(again.status == 0 || again.status == 1, "\(printed(again))")
    } catch {
      try await cluster.stop()
      throw error
    }
    try await cluster.stop()
  }
}

/// Several instances, one database: real `voyage` processes whose ledgers meet only in the
/// server. They share one `$VOYAGE_HOME` too, whose sandboxes stand in for the remote supplier
/// and payment provider every instance would call.
extension VoyageCommandLineTests {
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func sixteenProcessesOnOneDatabaseRacingForTheLastThreePlacesSellExactlyThree() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    try await fill(trip, leaving: 3)
    let chargesBefore = try await PaymentSandbox(home: home).chargeCount()
    let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
      for racer in 1...16 {
        group.addTask {
          try await run(
            [
              "checkout", trip, "--name", "Racer \(racer)", "--idempotency-key", "race-\(racer)",
              "--json",
            ] + Self.card, environment: ["VOYAGE_DATABASE_URL": url])
        }
      }
      return try await group.reduce(into: [Outcome]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0.status == 0 }.count == 3, "\(outcomes.map(\.error))")
    for refused in outcomes where refused.status != 0 {
      #expect(refused.status == 1)
      #expect(
        (try json(refused.output)["error"] as? [String: Any])?["code"] as? String == "sold_out")
    }
    #expect(try await placesLeft(trip) == 0)
    let listed = try await run(["tickets", "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    let tickets = try #require(try json(listed.output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == 3)
    #expect(try await PaymentSandbox(home: home).chargeCount() == chargesBefore + 3)
    #expect(try await supplier.liveHolds() == 0)
  }

  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func thirtyTwoProcessesOnOneDatabaseWithOneKeyGetOneTicketAndOneCharge() async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
      for _ in 1...32 {
        group.addTask {
          try await run(
            [
              "checkout", trip, "--name", "Ada", "--places", "2", "--idempotency-key", "one-key",
              "--json",
            ] + Self.card, environment: ["VOYAGE_DATABASE_URL": url])
        }
      }
      return try await group.reduce(into: [Outcome]()) { $0.append($1) }
    }
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.map(\.error))")
    let ids = Set(
      try outcomes.map { try (json($0.output)["ticket"] as? [String: Any])?["id"] as? String })
    #expect(ids.count == 1)
    let listed = try await run(["tickets", "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    #expect((try json(listed.output)["tickets"] as? [[String: Any]])?.count == 1)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
    #expect(try await placesLeft(trip) == placesBefore - 2)
  }

  /// Every point where the saga can die, on the server ledger: the process is killed (SIGKILL)
  /// there, and the same command run by another process finishes it with one hold, one charge
  /// and one ticket.
  @Test(
    .enabled(if: TestServer.runs, TestServer.skipped),
    .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    arguments: [
      "ledger:drafted", "supplier:held", "ledger:held", "payments:charged", "ledger:charged",
      "supplier:confirmed", "ledger:ticketed",
    ])
  func aProcessKilledAtAnyStepOnOneDatabaseIsFinishedByAnother(point: String) async throws {
    let url = try await serverSchema()
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let command =
      ["checkout", trip, "--name", "Ada", "--places", "2", "--idempotency-key", "crash", "--json"]
      + Self.card
    let killed = try await run(
      command, environment: ["VOYAGE_DATABASE_URL": url, "VOYAGE_TEST_STOP_AT": point])
    #expect(killed.status == SIGKILL, "expected a kill at \(point): \(killed.error)")
    let finished = try await run(command, environment: ["VOYAGE_DATABASE_URL": url])
    #expect(finished.status == 0, "\(finished.output) \(finished.error)")
    let ticket = try #require(
      (try json(finished.output)["ticket"] as? [String: Any])?["id"] as? String)
    let listed = try await run(["tickets", "--json"], environment: ["VOYAGE_DATABASE_URL": url])
    let tickets = try #require(try json(listed.output)["tickets"] as? [[String: Any]])
    #expect(tickets.compactMap { $0["id"] as? String } == [ticket])
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
    #expect(try await placesLeft(trip) == placesBefore - 2)
    #expect(try await supplier.liveHolds() == 0)
  }
}
