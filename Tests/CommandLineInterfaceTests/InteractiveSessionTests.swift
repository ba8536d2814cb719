// Exercises: SearchFeature, CheckoutFeature, TicketsFeature
import CommandLineInterface
import Foundation
import TemporaryFolders
import Testing

/// `voyage` with no arguments in a terminal, driven in-process through a recording terminal:
/// every prompt, every bad answer asked again, and nothing charged before the total is confirmed.
@Suite("Interactive session")
@MainActor
struct InteractiveSessionTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("interactive")
  var home: URL { temporary.url }

  var environment: [String: String] {
    // The longest deadline: a test's outcome is never decided by how busy the machine is.
    [
      "VOYAGE_HOME": home.path, "NO_COLOR": "1", "LANG": "C.UTF-8",
      "VOYAGE_DEADLINE_SECONDS": "300",
    ]
  }

  /// Runs a session answering `answers`, one per prompt, and returns it with its exit status.
  func session(_ answers: [String]) async -> (terminal: RecordingTerminal, status: Int32) {
    let terminal = RecordingTerminal(input: answers, environment: environment)
    let status = await Voyage.run(arguments: [], environment: environment, terminal: terminal)
    return (terminal, status)
  }

  /// What `voyage` prints for `arguments` outside a terminal, on the session's home.
  func output(of arguments: [String]) async -> String {
    let terminal = RecordingTerminal(environment: environment, interactive: false)
    _ = await Voyage.run(arguments: arguments, environment: environment, terminal: terminal)
    return terminal.output
  }

  func tickets() async -> String { await output(of: ["tickets", "--json"]) }

  /// Lisbon's cheapest trip is sold out; the second is bookable (fixed by the sandbox's seed).
  static let lisbonPick = "2"
  static let card = ["4242 4242 4242 4242", "12/30"]

  @Test func aPersonGoesFromADestinationToATicketConfirmingTheTotalFirst() async throws {
    let (terminal, status) = await session(
      ["Lisbon", Self.lisbonPick, "2"] + Self.card + ["Ada Lovelace", "y"])
    #expect(status == 0, "\(terminal.output)")
    #expect(terminal.output.contains("How many places (1 to"))
    #expect(
      terminal.output.contains(
        "Pay EUR 576.00 for 2 places on LIS-004 with the Visa ending 4242? [y/N]"))
    #expect(terminal.output.contains("✓ Ticket TKT-"))
    #expect(terminal.unreadInput.isEmpty)
    #expect(await tickets().contains("\"places\" : 2"))
  }

  @Test func declinedConfirmationChargesNothing() async throws {
    let (terminal, status) = await session(
      ["Lisbon", Self.lisbonPick, "1"] + Self.card + ["Ada Lovelace", "n"])
    #expect(status == 0)
    #expect(terminal.output.contains("Nothing was charged."))
    #expect(await tickets().contains("\"tickets\" : ["))
    #expect(!(await tickets()).contains("TKT-"))
  }

  @Test func aSoldOutTripIsShownButCannotBePicked() async throws {
    let (terminal, _) = await session(["Lisbon", "1", ""])
    #expect(terminal.output.contains("sold out"))
    #expect(terminal.output.contains("LIS-022 is sold out; pick another trip."))
    #expect(!terminal.output.contains("How many places"))
  }

  @Test func aDestinationTypedAtThePickPromptSearchesIt() async throws {
    let (terminal, _) = await session(["Lisbon", "Porto", ""])
    #expect(terminal.output.contains("trips for \"lisbon\""))
    #expect(terminal.output.contains("trips for \"porto\""))
  }

  @Test func badAnswersAreExplainedAndAskedAgainNeverEndingTheSession() async throws {
    let longName = String(repeating: "n", count: 101)
    let (terminal, status) = await session(
      ["Lisbon", "99", Self.lisbonPick, "0", "ten", "1", "4242 4242 4242 4241"]
        + Self.card + [longName, "Ada\u{1B}[2J", "Ada Lovelace", "y"])
    #expect(status == 0, "\(terminal.output)")
    for message in [
      "There is no result 99.", "Type a number from 1 to", "The card is not valid",
      "That name cannot be used: the traveller's name is longer than 100 characters",
      "That name cannot be used: the traveller's name holds control characters",
    ] {
      #expect(terminal.output.contains(message), "missing: \(message)")
    }
    #expect(terminal.output.contains("✓ Ticket TKT-"))
  }

  @Test func anEmptyAnswerLeavesCleanlyAtEveryPrompt() async throws {
    for answered in 0...6 {
      let answers = Array(
        (["Lisbon", Self.lisbonPick, "1"] + Self.card + ["Ada"]).prefix(answered))
      let (terminal, status) = await session(answers + [""])
      #expect(status == 0)
      #expect(terminal.output.hasSuffix("Goodbye.\n"), "after \(answered) answers")
    }
    #expect(!(await tickets()).contains("TKT-"))
  }

  @Test func withoutUnicodeThePromptsUseTheirASCIIFallbacks() async throws {
    var environment = self.environment
    environment["LANG"] = "C"
    let terminal = RecordingTerminal(input: ["Lisbon", ""], environment: environment, width: 40)
    _ = await Voyage.run(arguments: [], environment: environment, terminal: terminal)
    #expect(terminal.output.contains("Where to? > "))
    #expect(terminal.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(terminal.output)")
    #expect(
      terminal.output.split(separator: "\n").allSatisfy { $0.count <= 40 || $0.hasPrefix("Pick") })
  }

  /// How often the session asked `prompt`.
  func asked(_ prompt: String, in output: String) -> Int {
    output.components(separatedBy: prompt).count - 1
  }

  @Test func eachAnswerIsCheckedAtItsOwnPromptAndOnlyThatQuestionIsAskedAgain() async throws {
    let (terminal, status) = await session(
      [
        "Lisbon", Self.lisbonPick, "1", "Grace Hopper", "4242 4242 4242 4241",
        "4242 4242 4242 4242",
        "13/30", "12/3", "12/30", "Ada Lovelace", "y",
      ])
    #expect(status == 0, "\(terminal.output)")
    let output = terminal.output
    #expect(asked("Card number", in: output) == 3)
    #expect(asked("Expiry (MM/YY)", in: output) == 3)
    #expect(asked("Traveller's name", in: output) == 1)
    #expect(
      asked("The card is not valid: the card number must contain only digits.", in: output) == 1)
    #expect(asked("The card is not valid: the card number is mistyped", in: output) == 1)
    #expect(asked("The expiry must be MM/YY, like 12/30.", in: output) == 2)
    // A refused number is refused before the expiry is asked; a refused expiry asks the expiry.
    let refusedNumber = try #require(output.range(of: "must contain only digits"))
    let firstExpiry = try #require(output.range(of: "Expiry (MM/YY)"))
    #expect(refusedNumber.upperBound < firstExpiry.lowerBound)
    #expect(terminal.unreadInput.isEmpty)
  }

  /// The session moves through the root's router: a picked trip opens the trip's screen, and
  /// the ticket issued opens the ticket's, which links to its trip; the next session's trip
  /// screen counts the places already held and links to the ticket.
  @Test func theTicketLinksItsTripAndTheTripThenCountsThePlacesHeld() async throws {
    let (first, status) = await session(
      ["Lisbon", Self.lisbonPick, "2"] + Self.card + ["Ada Lovelace", "y"])
    #expect(status == 0, "\(first.output)")
    #expect(
      first.output.contains(
        "  Trip       Coast and Islands in Lisbon\n    voyage://trips/LIS-004\n"), "\(first.output)"
    )
    let ticket = try #require(
      first.output.components(separatedBy: "✓ Ticket ").last?.prefix { $0 != "\n" })
    let (second, _) = await session(["Lisbon", Self.lisbonPick, ""])
    #expect(second.output.contains("You hold     2 places on 1 ticket\n"), "\(second.output)")
    #expect(second.output.contains("    voyage://tickets/\(ticket)\n"))
  }

  /// A session has no command to run again with the order's key: an order it leaves
  /// unfinished points to `voyage orders`, which lists it with the command that finishes it.
  @Test func anOrderTheSessionLeavesUnfinishedPointsToTheOrdersList() async throws {
    let (terminal, status) = await session(
      ["Lisbon", Self.lisbonPick, "1", "4000 0000 0000 0119", "12/30", "Ada Lovelace", "y"])
    #expect(status == 1, "\(terminal.output)")
    #expect(
      terminal.output.contains("is saved: 'voyage orders' shows the command that finishes it;"),
      "\(terminal.output)")
    #expect(!terminal.output.contains("--idempotency-key"), "\(terminal.output)")
    let orders = await output(of: ["orders"])
    #expect(orders.contains("--idempotency-key ord-"), "\(orders)")
  }
}
