import Foundation
import SharedKernel
import Testing
import TicketsFeature

@testable import AppComposition

/// The tickets' part of the root: their links, and a trip's tickets asked for without ever
/// creating a ledger.
@Suite("Tickets feature routing")
@MainActor
struct TicketsFeatureRoutingTests {
  @Test func aTicketsLinkOpensTheTicketsRouteAndTheRouteLinksBack() throws {
    let ticket = try #require(TicketID("TKT-6EBD95C0BAF9"))
    #expect(AppRouter.route(for: "voyage://tickets/TKT-6EBD95C0BAF9") == .ticket(ticket))
    #expect(
      AppRouter.link(to: .ticket(ticket))?.absoluteString == "voyage://tickets/TKT-6EBD95C0BAF9")
  }

  @Test func countingATripsTicketsWhereNoneWereEverBoughtCreatesNoLedger() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-routing-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path,
        // The longest deadline: a busy machine never decides the outcome.
        "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    #expect(try await graph.tickets(holding: try #require(TripID("LIS-004"))).isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }
}
