import Foundation
import Testing

/// The `roam` command as a traveller runs it: the built executable, in a home folder of its
/// own, its output and exit status compared with what the screens must print. Each test makes
/// its home folder, and removes it when it ends.
@Suite("The roam command")
final class RoamCommandTests {
  let home: URL

  init() throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roam-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: home)
  }

  @Test func searchListsTheTripsToADestinationInTheLanguageChosen() throws {
    let english = try roam(["search", "Lisbon"])
    #expect(english.status == 0)
    #expect(english.output.hasPrefix("3 trips to \"Lisbon\" for 1 place\n"))
    #expect(
      english.output.contains(
        "1  LIS-001  Art and Architecture in Lisbon  2027-05-21 → 2027-05-24  EUR 890.00  ★ 4.3       12"
      ))
    let german = try roam(["--language", "de", "search", "lisbon", "--places", "2"])
    #expect(german.output.hasPrefix("3 Reisen nach „lisbon“ für 2 Plätze\n"))
    let french = try roam(["--language", "fr", "show", "LIS-002"])
    #expect(
      french.output.contains("  Ce qu'en disent les voyageurs\n  ★★★☆☆ Hana: Would go again."))
    #expect(french.output.contains("  Prix          EUR 890.00 par place"))
  }

  @Test func aTicketIsIssuedListedAndCancelledAndItsPlacesComeBack() throws {
    let checkout = try roam([
      "checkout", "LIS-001", "--traveller", "Ada Lovelace", "--card", "4242 4242 4242 4242",
      "--places", "2",
    ])
    #expect(checkout.status == 0, "\(checkout.error)")
    #expect(checkout.output.hasPrefix("✓ Ticket TKT-0001\n"))
    #expect(checkout.output.contains("Paid       EUR 1,780.00 with card •••• 4242"))
    #expect(try roam(["show", "LIS-001"]).output.contains("Places       10"))
    let tickets = try roam(["tickets"])
    #expect(
      tickets.output.contains(
        "TKT-0001  LIS-001  Ada Lovelace       2  EUR 1,780.00  2027-05-21  valid"))
    let cancel = try roam(["cancel", "TKT-0001"])
    #expect(cancel.status == 0)
    #expect(cancel.output.contains("EUR 1,780.00 refunded to card •••• 4242"))
    #expect(try roam(["show", "LIS-001"]).output.contains("Places       12"))
  }

  @Test func aDeclinedCardChargesNothingAndKeepsNoPlace() throws {
    let declined = try roam([
      "checkout", "LIS-002", "--traveller", "Ada", "--card", "4000 0000 0000 0002",
    ])
    #expect(declined.status == 1)
    #expect(declined.error.contains("The card was declined; nothing was charged"))
    #expect(try roam(["show", "LIS-002"]).output.contains("Places       8"))
    #expect(try roam(["tickets"]).output == "No tickets yet.\n")
  }

  @Test func badInputExitsSixtyFourWithTheUsage() throws {
    for arguments in [["frobnicate"], ["search"], ["--language", "xx", "search", "Lisbon"]] {
      let outcome = try roam(arguments)
      #expect(outcome.status == 64, "\(arguments)")
      #expect(outcome.output.isEmpty)
      #expect(outcome.error.contains("Usage: roam"))
    }
    let card = try roam(["checkout", "LIS-001", "--traveller", "Ada", "--card", "1234"])
    #expect(card.status == 64)
    #expect(card.error.contains("That is not a valid card number."))
  }

  @Test func aPurchaseIsReportedToAnalytics() throws {
    _ = try roam(["checkout", "BCN-001", "--traveller", "Grace", "--card", "4242424242424242"])
    let events = try String(
      contentsOf: home.appendingPathComponent("trackkit-events.jsonl"), encoding: .utf8)
    #expect(events.contains("\"event\":\"purchase\""))
    #expect(events.contains("\"trip\":\"BCN-001\""))
  }

  // MARK: - Running the command

  struct Outcome {
    let status: Int32
    let output: String
    let error: String
  }

  /// Runs the built `roam` with `arguments` in this test's home folder.
  func roam(_ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["--home", home.path] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }

  /// The `roam` executable the build put beside the tests.
  static var executable: URL {
    let tests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [
      tests, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    let found = candidates.map { $0.appendingPathComponent("roam") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return found ?? tests.appendingPathComponent("roam")
  }
}
