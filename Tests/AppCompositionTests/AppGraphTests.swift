import BookingInterface
import Foundation
import SharedKernel
import Testing

@testable import AppComposition

/// The composition root without any feature: the configuration it reads and the graph it builds
/// on first use. (Each feature's wiring is tested beside it and goes when the feature goes.)
@Suite("App graph")
@MainActor
struct AppGraphTests {
  let home = FileManager.default.temporaryDirectory.appendingPathComponent(
    "voyage-graph-\(UUID().uuidString)")

  @Test func theHomeIsVoyageHomeThenTheUsersDotVoyageThenNoneAndNoneIsAClearError() throws {
    #expect(
      AppConfiguration(environment: ["VOYAGE_HOME": "/data/v", "HOME": "/home/ada"]).home?.path
        == "/data/v")
    #expect(AppConfiguration(environment: ["HOME": "/home/ada"]).home?.path == "/home/ada/.voyage")
    let homeless = AppConfiguration(environment: ["VOYAGE_HOME": ""])
    #expect(homeless.home == nil)
    #expect(throws: TicketingError.noHome) { try homeless.requireHome() }
  }

  @Test(arguments: [
    ("0", Duration.milliseconds(100)), ("2.5", .milliseconds(2_500)), ("100000", .seconds(300)),
    ("soon", AppConfiguration.defaultDeadline),
  ])
  func theDeadlineIsReadInSecondsAndKeptBetweenATenthAndFiveMinutes(
    text: String, deadline: Duration
  ) {
    #expect(AppConfiguration(environment: ["VOYAGE_DEADLINE_SECONDS": text]).deadline == deadline)
  }

  @Test func anEmptyServiceAddressMeansTheEmbeddedSandbox() {
    let configuration = AppConfiguration(environment: [
      "VOYAGE_SUPPLIER_URL": "", "VOYAGE_PAYMENTS_URL": "",
    ])
    #expect(configuration.supplierURL == nil && configuration.paymentsURL == nil)
  }

  @Test func aSearchBuildsOnlyWhatItNeedsAndNeverOpensTheLedger() async throws {
    defer { try? FileManager.default.removeItem(at: home) }
    let graph = AppGraph(
      configuration: AppConfiguration(environment: [
        "VOYAGE_HOME": home.path, "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let found = try await graph.bookings.search(SearchQuery.make(destination: "Lisbon"))
    #expect(!found.isEmpty)
    let created = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
    #expect(!created.contains { $0.hasPrefix("ledger") }, "\(created)")
  }

  @Test func settlingWithNothingEmittedReturnsAtOnce() async {
    let graph = AppGraph(
      configuration: AppConfiguration(environment: [
        "VOYAGE_HOME": home.path, "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    await graph.settled()
    #expect(graph.invalidations == 0)
  }
}
