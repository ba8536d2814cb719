// Exercises: CheckoutFeature, SearchFeature, TicketsFeature

import Foundation
import PaymentSandbox
import SQLite
import SharedKernel
import Subprocesses
import SupplierSandbox
import Testing

/// The checkout saga through real `voyage` processes: places that run out, processes that
/// race, processes killed at every step, keys bound to their request.
extension VoyageCommandLineTests {
  /// The supplier's inventory in the test's home, read directly.
  var supplier: SupplierSandbox {
    SupplierSandbox(firstDay: CalendarDate(containing: Date()), home: home)
  }

  func placesLeft(_ trip: String) async throws -> Int {
    let shown = try json(try await voyage("show", trip, "--json").output)
    return try #require((shown["trip"] as? [String: Any])?["places_left"] as? Int)
  }

  /// Buys places on `trip` until exactly `left` remain.
  func fill(_ trip: String, leaving left: Int) async throws {
    var remaining = try await placesLeft(trip) - left
    var order = 0
    while remaining > 0 {
      let places = min(9, remaining)
      order += 1
      let outcome = try await run(
        [
          "checkout", trip, "--name", "Filler", "--places", String(places), "--idempotency-key",
          "fill-\(trip)-\(order)",
        ] + Self.card)
      #expect(outcome.status == 0, "\(outcome.error)")
      remaining -= places
    }
    #expect(try await placesLeft(trip) == left)
  }

  @Test func sixteenProcessesRacingForTheLastThreePlacesSellExactlyThree() async throws {
    let trip = try await bookableTrip()
    try await fill(trip, leaving: 3)
    let ticketsBefore = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]]
    ).count
    let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
      for racer in 1...16 {
        group.addTask {
          try await run(
            [
              "checkout", trip, "--name", "Racer \(racer)", "--idempotency-key", "race-\(racer)",
              "--json",
            ] + Self.card)
        }
      }
      return try await group.reduce(into: [Outcome]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0.status == 0 }.count == 3)
    for refused in outcomes where refused.status != 0 {
      #expect(refused.status == 1)
      let error = try json(refused.output)["error"] as? [String: Any]
      #expect(error?["code"] as? String == "sold_out")
    }
    #expect(try await placesLeft(trip) == 0)
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == ticketsBefore + 3)
    #expect(try await PaymentSandbox(home: home).chargeCount() == tickets.count)
    #expect(try await supplier.liveHolds() == 0)
  }

  @Test func sixteenProcessesWithOneKeyGetOneTicketAndOneCharge() async throws {
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
      for _ in 1...16 {
        group.addTask {
          try await run(
            [
              "checkout", trip, "--name", "Ada", "--places", "2", "--idempotency-key", "one-key",
              "--json",
            ] + Self.card)
        }
      }
      return try await group.reduce(into: [Outcome]()) { $0.append($1) }
    }
    #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.map(\.error))")
    let ids = Set(
      try outcomes.map { try (json($0.output)["ticket"] as? [String: Any])?["id"] as? String })
    #expect(ids.count == 1)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
    #expect(try await placesLeft(trip) == placesBefore - 2)
  }

  /// Sixteen processes run one checkout, one key, for all the places a trip has left, four
  /// times over on four trips: every racer gets the one ticket, none is told the trip is sold
  /// out because another racer held its places between its reading of the ledger and of the
  /// trip.
  @Test func sixteenProcessesWithOneKeyForTheLastPlacesAllGetTheTicket() async throws {
    let search = try await voyage("search", "Lisbon", "--places", "3", "--json")
    let trips = try #require(try json(search.output)["results"] as? [[String: Any]])
      .filter { $0["places_left"] as? Int ?? 0 >= 3 }.compactMap { $0["id"] as? String }.prefix(4)
    #expect(trips.count == 4)
    for (round, trip) in trips.enumerated() {
      try await fill(trip, leaving: 3)
      let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
        for _ in 1...16 {
          group.addTask {
            try await run(
              [
                "checkout", trip, "--name", "Ada", "--places", "3", "--idempotency-key",
                "last-\(round)", "--json",
              ] + Self.card)
          }
        }
        return try await group.reduce(into: [Outcome]()) { $0.append($1) }
      }
      #expect(outcomes.allSatisfy { $0.status == 0 }, "round \(round): \(outcomes.map(\.output))")
      let ids = Set(
        try outcomes.map { try (json($0.output)["ticket"] as? [String: Any])?["id"] as? String })
      #expect(ids.count == 1, "round \(round): \(ids)")
      #expect(try await placesLeft(trip) == 0)
    }
  }

  /// Every point where the saga can die: after the supplier or the provider made a change but
  /// before Voyage recorded it, and after each recorded step. The same command afterwards
  /// finishes with one hold, one charge, one ticket, and every database file is sound.
  @Test(
    .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    arguments: [
      "ledger:drafted", "supplier:held", "ledger:held", "payments:charged", "ledger:charged",
      "supplier:confirmed", "ledger:ticketed",
    ])
  func aProcessKilledAtAnyStepIsFinishedByTheSameCommand(point: String) async throws {
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let command =
      ["checkout", trip, "--name", "Ada", "--places", "2", "--idempotency-key", "crash", "--json"]
      + Self.card
    let killed = try await run(command, environment: ["VOYAGE_TEST_STOP_AT": point])
    #expect(killed.status == SIGKILL, "expected a kill at \(point): \(killed.error)")
    let finished = try await run(command)
    #expect(finished.status == 0, "\(finished.output) \(finished.error)")
    #expect(try json(finished.output)["ticket"] != nil)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
    #expect(try await placesLeft(trip) == placesBefore - 2)
    #expect(try await supplier.liveHolds() == 0)
    for file in ["ledger.sqlite", PaymentSandbox.fileName, SupplierSandbox.fileName] {
      #expect(try SQLiteDatabase.integrityCheck(of: home.appendingPathComponent(file)) == "ok")
    }
  }

  @Test(arguments: [
    (["--name", "Grace", "--card", "4242424242424242"], "another traveller"),
    (["--name", "Ada", "--places", "2", "--card", "4242424242424242"], "another number of places"),
    (["--name", "Ada", "--card", "5555555555554444"], "another card"),
  ])
  func aKeyReusedForAnotherRequestIsRefusedWithItsOwnCode(changed: [String], what: String)
    async throws
  {
    let trip = try await bookableTrip()
    let first = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "bound"] + Self.card)
    #expect(first.status == 0)
    let reused = try await run(
      ["checkout", trip, "--idempotency-key", "bound", "--json", "--expiry", "12/30"] + changed)
    #expect(reused.status == 64, "\(what)")
    let error = try json(reused.output)["error"] as? [String: Any]
    #expect(error?["code"] as? String == "idempotency_key_reused", "\(what)")
    #expect(!reused.output.contains("TKT-"), "\(what)")
  }

  /// A payment sandbox whose store is not a database is told as the payment provider's
  /// failure, never in the ledger's words about tickets.
  @Test func aPaymentStoreThatCannotOpenIsThePaymentProvidersFailureNotTheLedgers()
    async throws
  {
    let trip = try await bookableTrip()
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try Data("not a database".utf8).write(to: home.appendingPathComponent(PaymentSandbox.fileName))
    for asksForJSON in [false, true] {
      let outcome = try await run(
        ["checkout", trip, "--name", "Ada"] + Self.card + (asksForJSON ? ["--json"] : []))
      #expect(outcome.status == 74, "\(printed(outcome))")
      #expect(printed(outcome).contains("the payment sandbox could not open its store"))
      #expect(!printed(outcome).contains("tickets could not be stored"), "\(printed(outcome))")
    }
  }

  @Test func aKeyReusedForAnotherTripIsRefusedNotAStorageFailure() async throws {
    let search = try json(try await voyage("search", "Lisbon", "--json").output)
    let trips = try #require(search["results"] as? [[String: Any]]).filter {
      ($0["sold_out"] as? Bool) == false
    }.compactMap { $0["id"] as? String }
    #expect(trips.count >= 2)
    _ = try await run(
      ["checkout", trips[0], "--name", "Ada", "--idempotency-key", "k"] + Self.card)
    let other = try await run(
      ["checkout", trips[1], "--name", "Ada", "--idempotency-key", "k"] + Self.card)
    #expect(other.status == 64)
    #expect(other.error.contains("already used for another trip"))
  }

  @Test func cancellingATicketReturnsItsPlacesAndListsItCancelled() async throws {
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--places", "2", "--json"] + Self.card)
    let ticket = try #require(
      (try json(bought.output)["ticket"] as? [String: Any])?["id"] as? String)
    #expect(try await placesLeft(trip) == placesBefore - 2)
    let cancelled = try await voyage("cancel", ticket)
    #expect(cancelled.status == 0, "\(cancelled.error)")
    #expect(cancelled.output.contains("cancelled") && cancelled.output.contains("2 returned"))
    #expect(try await placesLeft(trip) == placesBefore)
    let listed = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(listed.first?["cancelled_at"] as? String != nil)
    #expect(try await PaymentSandbox(home: home).refundCount() == 1)
    #expect(try await voyage("cancel", ticket).status == 0)
    #expect(try await PaymentSandbox(home: home).refundCount() == 1)
  }

  @Test func aFailureUnderJSONWithoutAKeyStillTellsTheGeneratedKey() async throws {
    let declined = try await run(
      [
        "checkout", try await bookableTrip(), "--name", "Ada", "--json", "--card",
        "4000000000000002", "--expiry", "12/30",
      ])
    #expect(declined.status == 1)
    let error = try #require(try json(declined.output)["error"] as? [String: Any])
    #expect((error["order_id"] as? String)?.hasPrefix("ord-") == true)
    #expect(error["code"] as? String == "card_declined")
  }

  @Test func aNameWithTerminalEscapeCodesIsRefusedAtInput() async throws {
    let outcome = try await run(
      ["checkout", try await bookableTrip(), "--name", "Ada\u{1B}[2J"] + Self.card)
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("control characters"))
    #expect(!outcome.error.contains("\u{1B}[2J"))
  }

  @Test func withoutHomeOrVoyageHomeCheckoutIsAClearErrorAndNothingIsCreatedHere() async throws {
    let outcome = try await run(
      ["checkout", try await bookableTrip(), "--name", "Ada"] + Self.card,
      environment: ["VOYAGE_HOME": nil, "HOME": ""])
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("neither VOYAGE_HOME nor HOME is set"))
    #expect(!FileManager.default.fileExists(atPath: ".voyage"))
  }

  @Test(.enabled(if: faultPointsBuiltIn, withoutFaultPoints))
  func ordersListsAnInterruptedCheckoutWithTheCommandThatFinishesIt() async throws {
    let trip = try await bookableTrip()
    _ = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "halfway"] + Self.card,
      environment: ["VOYAGE_TEST_STOP_AT": "ledger:charged"])
    let listed = try await voyage("orders")
    #expect(listed.status == 0)
    #expect(listed.output.contains("halfway") && listed.output.contains("charged"))
    #expect(listed.output.contains("--idempotency-key halfway"))
    let orders = try #require(
      try json(try await voyage("orders", "--json").output)["orders"] as? [[String: Any]])
    #expect(orders.map { $0["state"] as? String } == ["charged"])
    _ = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "halfway"] + Self.card)
    #expect(try await voyage("orders").output.hasPrefix("No unfinished orders"))
  }
}

/// A full disk, for real: a small tmpfs as the Voyage home (mounting needs root, as CI has).
extension VoyageCommandLineTests {
  @Test func aFullDiskStrandsNoChargeAndTheSameCommandFinishesOnceThereIsRoom() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let mounted = try await Subprocess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=400k", "tmpfs", home.path])
    guard mounted.status == 0 else {
      print("skipped: a full disk needs a tmpfs, and mounting one was refused: \(mounted.error)")
      return
    }
    defer { _ = umount(home.path) }
    let trip = try await bookableTrip()
    var failure: (outcome: Outcome, command: [String])?
    for attempt in 1...80 {
      let command =
        ["checkout", trip, "--name", "Ada", "--idempotency-key", "full-\(attempt)"] + Self.card
      let outcome = try await run(command)
      if outcome.status != 0 {
        failure = (outcome, command)
        break
      }
    }
    let (outcome, command) = try #require(failure, "400 KiB never filled up")
    #expect(outcome.status == 74, "\(outcome.error)")
    #expect(outcome.error.contains("is full"), "\(outcome.error)")
    // Whatever was recorded stays readable on the full disk.
    #expect(try await voyage("orders").status == 0)

    #expect(
      try await Subprocess.run("/bin/mount", ["-o", "remount,size=8m", home.path]).status == 0)
    let finished = try await run(command)
    #expect(finished.status == 0, "\(finished.error)")
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    // No charge without its ticket: the stranded one was finished, none was taken twice.
    #expect(try await PaymentSandbox(home: home).chargeCount() == tickets.count)
    #expect(try await supplier.liveHolds() == 0)
    #expect(try await voyage("orders").output.hasPrefix("No unfinished orders"))
    for file in ["ledger.sqlite", PaymentSandbox.fileName, SupplierSandbox.fileName] {
      #expect(try SQLiteDatabase.integrityCheck(of: home.appendingPathComponent(file)) == "ok")
    }
  }

  @Test func readingCommandsWorkOnAReadOnlyHomeAndACheckoutSaysWhyItCannot() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let mounted = try await Subprocess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", home.path])
    guard mounted.status == 0 else {
      print(
        "skipped: a read-only home needs a tmpfs, and mounting one was refused: \(mounted.error)")
      return
    }
    defer { _ = umount(home.path) }
    let trip = try await bookableTrip()
    let bought = try await run(
      ["checkout", trip, "--name", "Ada", "--places", "2", "--idempotency-key", "before"]
        + Self.card)
    #expect(bought.status == 0)
    let places = try await placesLeft(trip)
    #expect(try await Subprocess.run("/bin/mount", ["-o", "remount,ro", home.path]).status == 0)

    let tickets = try await voyage("tickets", "--json")
    #expect(tickets.status == 0, "\(tickets.error)")
    #expect((try json(tickets.output)["tickets"] as? [[String: Any]])?.count == 1)
    #expect(try await voyage("orders").status == 0)
    #expect(try await placesLeft(trip) == places)
    #expect(try await voyage("search", "Lisbon").status == 0)
    let refused = try await run(["checkout", trip, "--name", "Ada"] + Self.card)
    #expect(refused.status == 74)
    #expect(refused.error.contains("cannot create or write"))
  }
}
