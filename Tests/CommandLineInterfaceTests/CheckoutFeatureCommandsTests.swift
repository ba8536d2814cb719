// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import PaymentSandbox
import Testing

/// `checkout` and `cancel` through the real binary, with `search` to find a trip and `tickets`
/// to see what was issued: one ticket and one charge per key, refused cards, input checks.
extension VoyageCommandLineTests {
  /// A trip with places left; the sandbox's catalog starts today, so no identifier is fixed.
  func bookableTrip() async throws -> String {
    let search = try await voyage("search", "Lisbon", "--places", "2", "--json")
    let results = try #require(try json(search.output)["results"] as? [[String: Any]])
    return try #require(results.first { ($0["sold_out"] as? Bool) == false }?["id"] as? String)
  }

  @Test func searchShowCheckoutAndTicketsWorkTogether() async throws {
    let search = try await voyage("search", "Lisbon", "--places", "2", "--json")
    #expect(search.status == 0)
    let results = try #require(try json(search.output)["results"] as? [[String: Any]])
    let trip = try #require(results.first { ($0["sold_out"] as? Bool) == false }?["id"] as? String)

    let show = try await voyage("show", trip)
    #expect(show.status == 0)
    #expect(show.output.contains(trip) && show.output.contains("per place"))

    let checkout = try await voyage(
      "checkout", trip, "--card", "4242 4242 4242 4242", "--expiry", "12/30", "--name",
      "Ada Lovelace",
      "--places", "2", "--idempotency-key", "e2e-1")
    #expect(checkout.status == 0)
    #expect(checkout.output.hasPrefix("✓ Ticket TKT-"))

    let tickets = try await voyage("tickets", "--json")
    let listed = try #require(try json(tickets.output)["tickets"] as? [[String: Any]])
    #expect(listed.count == 1)
    #expect(listed.first?["trip_id"] as? String == trip)
  }

  @Test func aRetriedCheckoutWithTheSameKeyYieldsTheSameTicketAndNoSecondCharge() async throws {
    let arguments = [
      "checkout", try await bookableTrip(), "--card", "4242424242424242", "--expiry", "12/30",
      "--name", "Ada",
      "--idempotency-key", "retry-1", "--json",
    ]
    let first = try await run(arguments)
    let second = try await run(arguments)
    #expect(first.status == 0 && second.status == 0)
    let firstTicket = try #require(try json(first.output)["ticket"] as? [String: Any])
    let secondTicket = try #require(try json(second.output)["ticket"] as? [String: Any])
    #expect(firstTicket["id"] as? String == secondTicket["id"] as? String)
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == 1)
  }

  @Test func twoProcessesCheckingOutWithTheSameKeyGetOneTicketAndOneCharge() async throws {
    let arguments = [
      "checkout", try await bookableTrip(), "--card", "4242424242424242", "--expiry", "12/30",
      "--name", "Ada",
      "--idempotency-key", "two-processes", "--json",
    ]
    async let first = run(arguments)
    async let second = run(arguments)
    let outcomes = try await [first, second]
    #expect(outcomes.map(\.status) == [0, 0], "\(outcomes.map(\.error))")
    let ids = try outcomes.map {
      try #require(try json($0.output)["ticket"] as? [String: Any])["id"] as? String
    }
    #expect(Set(ids).count == 1)
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == 1)
    // The payment sandbox's own store, read directly: exactly one charge for the key.
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
  }

  @Test(arguments: [
    (["checkout", "LIS-001", "--expiry", "12/30", "--name", "A"], "missing --card"),
    (
      ["checkout", "LIS-001", "--card", "4242 abcd", "--expiry", "12/30", "--name", "A"],
      "only digits"
    ),
    (
      ["checkout", "LIS-001", "--card", "4242424242424241", "--expiry", "12/30", "--name", "A"],
      "Luhn"
    ),
    (
      ["checkout", "LIS-001", "--card", "4242424242424242", "--expiry", "13/30", "--name", "A"],
      "--expiry must be MM/YY"
    ),
    (
      ["checkout", "LIS-001", "--card", "4242424242424242", "--expiry", "01/20", "--name", "A"],
      "the card expired in 01/2020"
    ),
    (
      ["checkout", "LIS-001", "--card", "4242424242424242", "--expiry", "06/2025", "--name", "A"],
      "the card expired in 06/2025"
    ),
    (
      ["checkout", "LIS-001", "--card", "", "--expiry", "12/30", "--name", "A"],
      "--card needs a value"
    ),
    (
      ["checkout", "LIS-001", "--name", "A", "--email", "ada.example.com"]
        + VoyageCommandLineTests.card,
      "--email must be an address like ada@example.com, not 'ada.example.com'"
    ),
    (["cancel", "TKT 6EBD95C0BAF9"], "is neither a ticket identifier (like TKT-6EBD95C0BAF9)"),
  ])
  func badCheckoutInputExitsSixtyFourWithOneErrorLineAndTheUsage(
    arguments: [String], message: String
  ) async throws {
    try await expectUsageError(arguments, message)
  }

  @Test func aMistypedCheckoutOptionIsNamedWithWhatWasProbablyMeant() async throws {
    try await expectMistake(
      ["checkout", "LIS-001", "--crad", "4242424242424242"],
      "unknown option '--crad'; did you mean '--card'?")
  }

  /// The option was `--guests` before 0.2.0: a checkout that still says so buys nothing and is
  /// told the new name.
  @Test func checkoutRefusesTheOldNameOfThePlacesOptionWithItsNewOneAndBuysNothing() async throws {
    try await expectUsageError(
      ["checkout", "LIS-001", "--name", "Ada", "--guests", "2"] + Self.card,
      "unknown option '--guests'; it is '--places' since voyage 0.2.0")
  }

  @Test func dashHAsAnOptionsValueIsTextNotAHelpRequest() async throws {
    let asName = try await run(
      ["checkout", "NOP-001", "--name", "-h", "--json"] + Self.card)
    #expect(!asName.output.hasPrefix("Usage:"))
    #expect((try json(asName.output)["error"] as? [String: Any])?["code"] as? String == "not_found")
    #expect(try await voyage("checkout", "-h").output.hasPrefix("Usage: voyage checkout"))
  }

  @Test func theCheckoutHelpListsTheTestCards() async throws {
    let checkout = try await voyage("checkout", "--help").output
    for card in [
      "4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995", "4000 0000 0000 0119",
      "4000 0000 0000 0069",
    ] {
      #expect(checkout.contains(card))
    }
  }

  /// At 40 columns the test cards and the deadline's paragraph are broken between words, as
  /// the rest of the help is, instead of running off the page.
  @Test func theTestCardsAndTheDeadlineFitANarrowTerminal() async throws {
    let help = try await run(["checkout", "--help"], environment: ["COLUMNS": "40"])
    #expect(help.status == 0)
    let epilogue = try #require(help.output.components(separatedBy: "\nTest cards").last)
    let tooLong = epilogue.split(separator: "\n").filter { $0.count > 40 }
    #expect(tooLong.isEmpty, "\(tooLong)")
    #expect(
      epilogue.contains("4000 0000 0000 0119") && epilogue.contains("VOYAGE_DEADLINE_SECONDS"))
  }

  @Test func bashCompletesCheckoutsOptions() async throws {
    #expect(try await bashCompletes("voyage checkout LIS-001 --idem") == ["--idempotency-key"])
  }

  @Test(arguments: [
    (["4000 0000 0000 0002"], "the card was declined"),
    (["4000 0000 0000 9995"], "insufficient funds"),
    (["4000 0000 0000 0069"], "the card has expired"),
  ])
  func aRefusedCardExitsOneChargesNothingAndIssuesNoTicket(card: [String], message: String)
    async throws
  {
    let outcome = try await run([
      "checkout", try await bookableTrip(), "--card", card[0], "--expiry", "12/30", "--name", "Ada",
      "--idempotency-key", "refused",
    ])
    #expect(outcome.status == 1)
    #expect(outcome.error.contains(message))
    #expect(outcome.output.isEmpty)
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.isEmpty)
  }

  /// What a person on a small window over a plain ssh session sees.
  @Test func ticketsFitFortyColumnsInASCII() async throws {
    _ = try await run(
      ["checkout", try await bookableTrip(), "--name", "Ada Lovelace", "--places", "2"] + Self.card)
    let outcome = try await run(["tickets"], environment: ["COLUMNS": "40", "LANG": "C"])
    #expect(outcome.status == 0)
    let lines = outcome.output.split(separator: "\n")
    #expect(
      lines.allSatisfy { $0.count <= 40 && $0.unicodeScalars.allSatisfy { $0.isASCII } },
      "\(outcome.output)")
    #expect(lines.last?.hasSuffix("issued") == true)
  }

  /// The key is printed so a checkout stopped dead can be finished; where no order was ever
  /// recorded (the trip is unknown or sold out, the home cannot be written) there is nothing to
  /// finish, and the line would send the traveller after an order that does not exist.
  @Test func theGeneratedKeyIsPrintedOnlyOnceItsOrderIsRecorded() async throws {
    let file = home.appendingPathComponent("not-a-folder")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: file)
    let refused: [([String], URL?, Int32)] = [
      (["checkout", "XYZ-999", "--name", "Ada"] + Self.card, nil, 1),
      (["checkout", "LIS-022", "--name", "Ada"] + Self.card, nil, 1),
      (["checkout", "LIS-001", "--name", "Ada"] + Self.card, file, 74),
    ]
    for (arguments, otherHome, status) in refused {
      let outcome = try await run(arguments, home: otherHome)
      #expect(outcome.status == status, "\(printed(outcome))")
      #expect(!outcome.error.contains("retry with --idempotency-key"), "\(outcome.error)")
    }
    let bought = try await run(
      ["checkout", try await bookableTrip(), "--name", "Ada"] + Self.card)
    #expect(bought.status == 0, "\(printed(bought))")
    let line = try #require(bought.error.split(separator: "\n").first)
    #expect(line.hasPrefix("Order ord-") && line.contains("(retry with --idempotency-key ord-"))
  }

  /// Whatever was typed, however long, is echoed cut to a bound that ends in an ellipsis.
  @Test func whatWasTypedIsEchoedCutShortWithAnEllipsis() async throws {
    let long = String(repeating: "A", count: 100_000)
    let runs: [[String]] = [
      ["checkout", "LIS-001", "--name", "Ada", "--email", "a@" + long] + Self.card,
      ["checkout", "LIS-001", "--name", "Ada", "--places", "1" + long] + Self.card,
      ["checkout", "LIS-001", "--name", "Ada", "--idempotency-key", "k " + long] + Self.card,
      ["checkout", "LIS-" + long, "--name", "Ada"] + Self.card,
      ["cancel", "TKT " + long],
      ["search", "Lisbon", "--sort", long],
      ["frobnicate" + long],
    ]
    for arguments in runs {
      let outcome = try await run(arguments)
      #expect(outcome.status == 64, "\(outcome.error.prefix(300))")
      let first = try #require(outcome.error.split(separator: "\n").first)
      #expect(first.count < 200 && first.contains("AAA…"), "\(first.prefix(300))")
    }
  }
}
