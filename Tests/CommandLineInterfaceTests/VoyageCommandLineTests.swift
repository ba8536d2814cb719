import Foundation
import PaymentSandbox
import Testing

/// End-to-end: the built `voyage` binary, run as a person would, in a temporary Voyage home.
@Suite("voyage command line, end to end")
struct VoyageCommandLineTests {
  struct Outcome {
    let status: Int32
    let output: String
    let error: String
  }

  let home = FileManager.default.temporaryDirectory.appendingPathComponent(
    "voyage-e2e-\(UUID().uuidString)")

  /// The `voyage` executable beside this test binary.
  static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("voyage")

  func voyage(_ arguments: String...) async throws -> Outcome {
    try await run(arguments)
  }

  /// Runs `voyage` with `arguments`, stdin closed, colour off, the given (or the test's) home.
  func run(
    _ arguments: [String], home: URL? = nil, input: String? = nil, executable: URL = Self.binary,
    environment extra: [String: String?] = [:]
  ) async throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["VOYAGE_HOME"] = (home ?? self.home).path
    environment["NO_COLOR"] = "1"
    environment["LANG"] = "C.UTF-8"
    environment["VOYAGE_SUPPLIER_URL"] = nil
    environment["VOYAGE_PAYMENTS_URL"] = nil
    for (name, value) in extra { environment[name] = value }
    process.environment = environment
    let (output, error) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = error
    let standardInput = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
    let exited = AsyncStream<Int32> { continuation in
      process.terminationHandler = {
        continuation.yield($0.terminationStatus)
        continuation.finish()
      }
    }
    try process.run()
    if let input {
      standardInput.fileHandleForWriting.write(Data(input.utf8))
      try standardInput.fileHandleForWriting.close()
    }
    async let printed = Self.read(output.fileHandleForReading)
    async let complained = Self.read(error.fileHandleForReading)
    var status: Int32 = -1
    for await code in exited { status = code }
    return Outcome(status: status, output: await printed, error: await complained)
  }

  static func read(_ handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: String(decoding: handle.readDataToEndOfFile(), as: UTF8.self))
      }
    }
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// A trip with places left; the sandbox's catalog starts today, so no identifier is fixed.
  func bookableTrip() async throws -> String {
    let search = try await voyage("search", "Lisbon", "--guests", "2", "--json")
    let results = try #require(try json(search.output)["results"] as? [[String: Any]])
    return try #require(results.first { ($0["sold_out"] as? Bool) == false }?["id"] as? String)
  }

  @Test func searchShowCheckoutAndTicketsWorkTogether() async throws {
    let search = try await voyage("search", "Lisbon", "--guests", "2", "--json")
    #expect(search.status == 0)
    let results = try #require(try json(search.output)["results"] as? [[String: Any]])
    let trip = try #require(results.first { ($0["sold_out"] as? Bool) == false }?["id"] as? String)

    let show = try await voyage("show", trip)
    #expect(show.status == 0)
    #expect(show.output.contains(trip) && show.output.contains("per traveller"))

    let checkout = try await voyage(
      "checkout", trip, "--card", "4242 4242 4242 4242", "--expiry", "12/30", "--name",
      "Ada Lovelace",
      "--guests", "2", "--idempotency-key", "e2e-1")
    #expect(checkout.status == 0)
    #expect(checkout.output.hasPrefix("✓ Ticket TKT-"))

    let tickets = try await voyage("tickets", "--json")
    let listed = try #require(try json(tickets.output)["tickets"] as? [[String: Any]])
    #expect(listed.count == 1)
    #expect(listed.first?["booking_id"] as? String == trip)
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
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["search"], "missing <destination>"),
    (["search", "Lisbon", "--guests", "0"], "0 guests is not allowed"),
    (["search", "Lisbon", "--guests", "10"], "10 guests is not allowed"),
    (["search", "Lisbon", "--from", "2027-02-30"], "must be a real date"),
    (["search", "Lisbon", "--from", "tomorrow"], "must be a real date"),
    (["search", "Lisbon", "--from", "2027-06-10", "--to", "2027-06-01"], "is after the end date"),
    (["search", "Lisbon", "--max-price", "-5"], "is not an amount"),
    (["search", "Lisbon", "--max-price", "cheap"], "is not an amount"),
    (["search", "Lisbon", "--limit", "1000000"], "a limit of 1000000 is not allowed"),
    (
      ["search", "Lisbon", "--sort", "price", "--sort", "date"], "'--sort' is given more than once"
    ),
    (["search", "Lisbon", "--colour"], "unknown option '--colour'"),
    (["search", String(repeating: "a", count: 10_000)], "longer than 100 characters"),
    (["show"], "missing <trip>"),
    (["show", "../etc/passwd"], "is not a trip identifier"),
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
  ])
  func badInputExitsSixtyFourWithOneErrorLineAndTheUsage(arguments: [String], message: String)
    async throws
  {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64)
    let lines = outcome.error.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Error: ") == true)
    #expect(lines.first?.contains(message) == true, "\(lines.first ?? "")")
    #expect(lines.contains { $0.hasPrefix("Usage: ") })
    #expect(lines.last?.hasPrefix("See 'voyage") == true)
    #expect(outcome.output.isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }

  @Test func everyCommandsHelpIsCompleteAndTheCheckoutHelpListsTheTestCards() async throws {
    let overview = try await voyage("--help")
    #expect(overview.status == 0)
    for command in ["search", "show", "checkout", "tickets", "demo", "help"] {
      #expect(overview.output.contains("  \(command)"), "\(command) missing from the overview")
    }
    for command in ["search", "show", "checkout", "tickets", "demo"] {
      let help = try await voyage(command, "--help")
      #expect(help.status == 0)
      #expect(help.output.hasPrefix("Usage: voyage \(command)"))
      #expect(try await voyage("help", command).output == help.output)
    }
    let checkout = try await voyage("checkout", "--help").output
    for card in [
      "4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995", "4000 0000 0000 0119",
      "4000 0000 0000 0069",
    ] {
      #expect(checkout.contains(card))
    }
    #expect(try await voyage("--version").output == "voyage 0.1.0\n")
  }

  /// Runs `voyage` with no arguments inside a pseudo-terminal (util-linux's `script`), answering
  /// its prompts from `answers`.
  func interactive(_ answers: String) async throws -> Outcome {
    try await run(
      ["-qec", Self.binary.path, "/dev/null"], input: answers,
      executable: URL(fileURLWithPath: "/usr/bin/script"))
  }

  @Test func inATerminalVoyageWalksFromADestinationToATicket() async throws {
    let outcome = try await interactive(
      "Lisbon\n2\n1\n4242 4242 4242 4242\n12/30\nAda Lovelace\ny\n")
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Where to?"))
    #expect(outcome.output.contains("✓ Ticket TKT-"))
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == 1)
  }

  @Test func inATerminalAnEmptyAnswerLeavesCleanly() async throws {
    let outcome = try await interactive("\n")
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Goodbye."))
  }

  /// Runs `voyage` with no arguments inside a pseudo-terminal and holds a conversation: each
  /// answer is typed only once the screen shows its prompt, so a keystroke such as Ctrl-C
  /// (`"\u{03}"`, which the terminal turns into SIGINT) arrives exactly where the test says.
  func converse(_ turns: [(prompt: String, answer: String)]) async throws -> Outcome {
    let process = Process()
    // A prompt that never shows would leave the session waiting for an answer: after two minutes
    // `timeout` ends it, and the test fails on the prompts it never saw instead of hanging.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["120", "/usr/bin/script", "-qec", Self.binary.path, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["VOYAGE_HOME"] = home.path
    environment["NO_COLOR"] = "1"
    environment["LANG"] = "C.UTF-8"
    process.environment = environment
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    // A thread of its own reads the screen with blocking reads, so the end of the output (a read
    // of zero bytes) is seen for certain when the session ends.
    let chunks = AsyncStream<Data> { continuation in
      let screen = output.fileHandleForReading
      DispatchQueue.global().async {
        while case let data = screen.availableData, !data.isEmpty { continuation.yield(data) }
        continuation.finish()
      }
    }
    let exited = AsyncStream<Int32> { continuation in
      process.terminationHandler = {
        continuation.yield($0.terminationStatus)
        continuation.finish()
      }
    }
    try process.run()
    var screen = ""
    var remaining = turns[...]
    for await chunk in chunks {
      screen += String(decoding: chunk, as: UTF8.self)
      while let turn = remaining.first, screen.contains(turn.prompt) {
        screen = screen.replacingOccurrences(of: turn.prompt, with: "«answered»")
        input.fileHandleForWriting.write(Data(turn.answer.utf8))
        remaining = remaining.dropFirst()
      }
    }
    try input.fileHandleForWriting.close()
    var status: Int32 = -1
    for await code in exited { status = code }
    #expect(remaining.isEmpty, "prompts never shown: \(remaining.map(\.prompt)) in:\n\(screen)")
    return Outcome(status: status, output: screen, error: "")
  }

  /// Ctrl-C at any prompt, the confirmation of the total included, ends the session the way an
  /// interrupted command ends in a shell (status 130) and nothing was charged or recorded.
  @Test(arguments: ["Where to?", "Pick a trip", "How many places", "Card number", "[y/N]"])
  func ctrlCAtAPromptExits130WithNothingCharged(prompt: String) async throws {
    let answers: [(prompt: String, answer: String)] = [
      ("Where to?", "Lisbon\n"), ("Pick a trip", "2\n"), ("How many places", "1\n"),
      ("Card number", "4242 4242 4242 4242\n"), ("Expiry", "12/30\n"), ("name", "Ada\n"),
      ("[y/N]", "y\n"),
    ]
    let until = try #require(answers.firstIndex { $0.prompt == prompt })
    let outcome = try await converse(Array(answers[..<until]) + [(prompt, "\u{03}")])
    #expect(outcome.status == 130)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 0)
    let orders = try #require(
      try json(try await voyage("orders", "--json").output)["orders"] as? [[String: Any]])
    #expect(orders.isEmpty)
  }

  /// The help texts are a user interface: each is compared in full with its snapshot in
  /// `Snapshots/`. To re-record on purpose: `VOYAGE_RECORD_SNAPSHOTS=1 swift test --filter helpText`.
  @Test(arguments: [
    "--help", "search", "show", "checkout", "tickets", "cancel", "orders", "demo", "completions",
    "manual",
  ])
  func helpTextMatchesItsSnapshot(command: String) async throws {
    let outcome =
      command == "--help" ? try await voyage("--help") : try await voyage(command, "--help")
    #expect(outcome.status == 0)
    try expectSnapshot(outcome.output, command == "--help" ? "help" : "help-\(command)")
  }

  /// The completion scripts and the man page, generated from the command declarations, compared
  /// in full with their snapshots.
  @Test(arguments: [
    ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"], ["manual"],
  ])
  func generatedScriptsMatchTheirSnapshots(arguments: [String]) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 0, "\(outcome.error)")
    try expectSnapshot(outcome.output, arguments.joined(separator: "-"))
  }

  /// Compares `output` with `Snapshots/<name>.txt`; `VOYAGE_RECORD_SNAPSHOTS=1` re-records it.
  func expectSnapshot(
    _ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["VOYAGE_RECORD_SNAPSHOTS"] == "1" {
      try Data(output.utf8).write(to: snapshot)
    }
    #expect(
      output == (try String(contentsOf: snapshot, encoding: .utf8)), sourceLocation: sourceLocation)
  }

  @Test func withoutATerminalAndWithoutArgumentsVoyagePrintsTheHelp() async throws {
    let outcome = try await voyage()
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("Voyage: search bookable trips"))
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

  @Test func anUnknownTripExitsOne() async throws {
    let outcome = try await voyage("show", "XYZ-999")
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("No trip has the identifier XYZ-999"))
  }

  @Test func aCorruptLedgerExitsSeventyFourAndIsLeftUntouched() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let ledger = home.appendingPathComponent("ledger.sqlite")
    let garbage = Data(repeating: 0x41, count: 4_096)
    try garbage.write(to: ledger)
    let outcome = try await voyage("tickets")
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("is not a readable Voyage ledger"))
    #expect(try Data(contentsOf: ledger) == garbage)
  }

  @Test func anUnwritableHomeExitsSeventyFour() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let blocker = home.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let outcome = try await run(["tickets"], home: blocker.appendingPathComponent("home"))
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("cannot create or write"))
  }
}
