import Foundation
import SharedKernel
import Testing

@testable import AppComposition

/// The router without naming any feature: where it starts, that a front moves it, and that a
/// link no feature's handler opens names no route, whichever features a fork keeps.
@Suite("App router")
@MainActor
struct AppRouterTests {
  @Test func aGraphsRouterStartsOnTheSearchScreenAndAFrontMovesIt() throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: ["VOYAGE_HOME": "/nowhere"]))
    #expect(graph.router.route == .search)
    let trip = try #require(TripID("LIS-001"))
    graph.router.open(.trip(trip))
    #expect(graph.router.route == .trip(trip))
    graph.router.follow(nil)
    #expect(graph.router.route == .trip(trip))
  }

  @Test(arguments: [
    "", "voyage", "voyage://", "voyage://planets/MARS-1", "https://example.com/trips/LIS-001",
    "voyage://trips/LIS-001?places=2", "voyage://tickets/", "trips/LIS-001", "not a link at all",
    String(repeating: "voyage://trips/", count: 100),
  ])
  func aLinkNoFeatureOpensNamesNoRoute(link: String) {
    #expect(AppRouter.route(for: link) == nil)
  }

  @Test func everyExampleLinkOpensARouteThatLinksBackToIt() throws {
    for example in AppRouter.exampleLinks {
      let route = try #require(AppRouter.route(for: example), "\(example)")
      #expect(AppRouter.link(to: route)?.absoluteString == example)
    }
  }

  @Test func theSearchScreenHasNoLink() {
    #expect(AppRouter.link(to: .search) == nil)
  }
}
