import BookingInterface
import CheckoutFeature
import Foundation
import PaymentInterface
import SearchFeature
import SharedKernel
import TemporaryFolders
import Testing
import TicketsFeature

@testable import AppComposition

/// Search and tickets need each other (a trip's screen counts the places already held and links
/// to the tickets; a ticket's screen names and links its trip) and neither imports the other:
/// the root answers each through closures resolved on first use, so building one never builds
/// the other, and a purchase moves the router to the ticket.
@Suite("Trips and tickets, wired through the root")
@MainActor
struct TripsAndTicketsTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("wired")
  var home: URL { temporary.url }

  @Test func afterAPurchaseTheTripCountsItsTicketAndTheTicketLinksItsTrip() async throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path,
        // The longest deadline: a busy machine never decides the outcome.
        "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let trip = try #require(TripID("LIS-004"))
    let checkout = try await graph.checkout(for: .command)
    await checkout.checkout(
      CheckoutRequest(
        tripID: trip, places: 2, traveller: try Traveller(name: "Ada Lovelace"),
        card: try PaymentCard(
          number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada"),
        orderID: try #require(OrderID("wired-1"))))
    #expect(checkout.failure == nil)
    await graph.settled()
    guard case .ticket(let ticket) = graph.router.route else {
      Issue.record("a purchase leads to the ticket, not \(graph.router.route)")
      return
    }

    let search = graph.search()
    await search.show(trip)
    let shown = try #require(try object(search.json())["trip"] as? [String: Any])
    let held = try #require(shown["tickets"] as? [[String: Any]])
    #expect(held.map { $0["places"] as? Int } == [2])
    #expect(held.map { $0["link"] as? String } == ["voyage://tickets/\(ticket)"])

    let tickets = try await graph.tickets()
    await tickets.show(ticket)
    let opened = try #require(try object(tickets.json())["ticket"] as? [String: Any])
    #expect(opened["trip_link"] as? String == "voyage://trips/LIS-004")
    #expect((opened["trip_title"] as? String)?.isEmpty == false)
  }

  func object(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func showingATripWhereNoTicketWasEverBoughtCreatesNoLedger() async throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path,
        // The longest deadline: a busy machine never decides the outcome.
        "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let search = graph.search()
    await search.show(try #require(TripID("LIS-004")))
    #expect(search.shownTrip != nil)
    let shown = try #require(try object(search.json())["trip"] as? [String: Any])
    #expect((shown["tickets"] as? [Any])?.isEmpty == true)
    let created = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
    #expect(!created.contains { $0.hasPrefix("ledger") }, "\(created)")
  }
}
