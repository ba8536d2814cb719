import BookingInterface
import CheckoutFeature
import Foundation
import PaymentInterface
import SharedKernel
import TemporaryFolders
import Testing

@testable import AppComposition

/// The composition root's wiring, in-process: a long-lived graph (the interactive session, the
/// demo) shows a trip's places fall after a purchase and return after a cancellation, because
/// ticket events reach the cache. Without that wiring the cache would answer from memory.
@Suite("App graph events")
@MainActor
struct AppGraphEventTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("graph")
  var home: URL { temporary.url }

  @Test func aLongLivedGraphShowsPlacesFallAfterAPurchaseAndReturnAfterACancellation()
    async throws
  {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path, "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let found = try await graph.trips.search(SearchQuery.make(destination: "Lisbon", places: 2))
    let trip = try #require(found.first { !$0.isSoldOut })
    // Read once, so the cache holds the trip as it is before the purchase.
    #expect(try await graph.trips.trip(id: trip.id).placesLeft == trip.placesLeft)

    let checkout = try await graph.checkout(for: .command)
    await checkout.checkout(
      CheckoutRequest(
        tripID: trip.id, places: 2, traveller: try Traveller(name: "Ada Lovelace"),
        card: try PaymentCard(
          number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada"),
        orderID: try #require(OrderID("graph-1"))))
    #expect(checkout.failure == nil)
    await graph.settled()
    #expect(try await graph.trips.trip(id: trip.id).placesLeft == trip.placesLeft - 2)

    let ticket = try #require(try await graph.ledger().tickets().first?.id)
    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    await graph.settled()
    #expect(try await graph.trips.trip(id: trip.id).placesLeft == trip.placesLeft)
  }
}
