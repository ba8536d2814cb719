import BookingInterface
import Foundation
import SearchFeature
import SharedKernel
import Testing

@testable import AppComposition

/// Search's part of the root: where its outputs lead, its links, and a picked trip moving the
/// graph's router.
@Suite("Search feature routing")
@MainActor
struct SearchFeatureRoutingTests {
  @Test func everySearchOutputLeadsToTheScreenATravellerExpects() throws {
    let trip = try #require(TripID("LIS-001"))
    #expect(AppRouter.next(after: .tripSelected(trip)) == .trip(trip))
  }

  @Test func aTripsLinkOpensTheTripsRouteAndTheRouteLinksBack() throws {
    let trip = try #require(TripID("LIS-001"))
    #expect(AppRouter.route(for: "voyage://trips/LIS-001") == .trip(trip))
    #expect(AppRouter.link(to: .trip(trip))?.absoluteString == "voyage://trips/LIS-001")
  }

  @Test func pickingATripMovesTheGraphsRouterToItsScreen() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-routing-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path,
        // The longest deadline: a busy machine never decides the outcome.
        "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let search = graph.search()
    await search.search(try SearchQuery.make(destination: "Lisbon"))
    guard case .selected(let picked) = search.select(resultNumber: 2) else {
      Issue.record("the second Lisbon trip is bookable in the sandbox")
      return
    }
    #expect(graph.router.route == .trip(picked))
  }
}
