import Foundation
import Subprocesses
import Testing

/// Each feature's example runs the feature alone against the interfaces' doubles and shows its
/// screen: the executables `swift build --build-tests` builds beside this test bundle. A fork that
/// drops a feature drops its example (`Scripts/remove-module.sh`), and the example's test with it.
@Suite("Feature examples")
struct FeatureExampleTests {
  /// Whether the package still has the example (`Sources/Examples/<name>`).
  static func has(_ name: String) -> Bool {
    FileManager.default.fileExists(
      atPath: repositoryRoot.appendingPathComponent("Sources/Examples/\(name)").path)
  }

  /// The example executables, built with the tests (`swift build --build-tests`).
  static func example(_ product: String) throws -> String {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(product).path
    try #require(
      FileManager.default.isExecutableFile(atPath: path),
      "\(product) is not built beside the tests: swift build --build-tests")
    return path
  }

  @Test(.enabled(if: has("SearchFeatureExample")))
  func theSearchExampleShowsCannedTripsForADestinationAndOneTrip() async throws {
    let outcome = try await Subprocess.run(try Self.example("search-example"), ["Lisbon"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.hasPrefix("2 trips for \"lisbon\""), "\(outcome.output)")
    #expect(outcome.output.contains("Old Town Walks in Lisbon  LIS-001"))
  }

  /// The example's double matches as the supplier does: a country finds the trips of its
  /// cities (東京's, in Japan), and the screens suggest no `voyage` command, which the example
  /// does not have.
  @Test(.enabled(if: has("SearchFeatureExample")))
  func theSearchExampleFindsATripByItsCountryAndSuggestsNoCommandItLacks() async throws {
    let outcome = try await Subprocess.run(try Self.example("search-example"), ["JAPAN"])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.hasPrefix("1 trip for \"japan\""), "\(outcome.output)")
    #expect(outcome.output.contains("Temples and Markets in 東京  TYO-001"))
    #expect(!outcome.output.contains("voyage"), "\(outcome.output)")
  }

  @Test(.enabled(if: has("CheckoutFeatureExample")))
  func theCheckoutExampleIssuesATicketAndAChargeThatIsDeclinedFails() async throws {
    let paid = try await Subprocess.run(try Self.example("checkout-example"), [])
    #expect(paid.status == 0, "\(paid.error)")
    #expect(paid.output.contains("Ticket TKT-"), "\(paid.output)")
    #expect(paid.output.contains("Order      example-order-1"))
    let declined = try await Subprocess.run(try Self.example("checkout-example"), ["--declined"])
    #expect(declined.status == 1, "\(declined.output)\(declined.error)")
    #expect(!declined.output.contains("Ticket TKT-"))
    #expect(!(paid.output + declined.output).contains("voyage "), "\(declined.output)")
  }

  @Test(.enabled(if: has("TicketsFeatureExample")))
  func theTicketsExampleListsTheCannedTicketsAndShowsOne() async throws {
    let outcome = try await Subprocess.run(try Self.example("tickets-example"), [])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.hasPrefix("2 tickets"), "\(outcome.output)")
    #expect(outcome.output.contains("Order      canned-order-1"))
    #expect(!outcome.output.contains("voyage "), "\(outcome.output)")
  }
}
