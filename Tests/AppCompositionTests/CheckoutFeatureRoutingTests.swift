import BookingInterface
import CheckoutFeature
import SharedKernel
import Testing

@testable import AppComposition

/// Checkout's part of the root: where each of its outputs leads. The switch in
/// `AppRouter.next(after:)` is exhaustive, so a new output does not compile until it is routed;
/// this table says where each one goes.
@Suite("Checkout feature routing")
@MainActor
struct CheckoutFeatureRoutingTests {
  /// Each output and its route, built from literals: one that is not a valid identifier fails
  /// the test, saying which, instead of stopping the test process.
  nonisolated static func routes() throws -> [(CheckoutOutput, AppRoute?)] {
    let trip = try #require(TripID("LIS-004"))
    let ticket = try #require(TicketID("TKT-1"))
    let order = try #require(OrderID("ord-1"))
    return [
      (.ticketIssued(ticket, trip: trip), .ticket(ticket)),
      (.ticketCancelled(ticket, trip: trip), .ticket(ticket)),
      (.paymentDeclined(order), nil),
      (.orderRecorded(order, .held), nil),
    ]
  }

  @Test(arguments: try routes())
  func everyCheckoutOutputLeadsToTheScreenATravellerExpects(
    output: CheckoutOutput, route: AppRoute?
  ) {
    #expect(AppRouter.next(after: output) == route)
  }
}
