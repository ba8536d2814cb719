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
  nonisolated static let trip = TripID("LIS-004") ?? { preconditionFailure("valid") }()
  nonisolated static let ticket = TicketID("TKT-1") ?? { preconditionFailure("valid") }()
  nonisolated static let order = OrderID("ord-1") ?? { preconditionFailure("valid") }()

  nonisolated static let routes: [(CheckoutOutput, AppRoute?)] = [
    (.ticketIssued(ticket, trip: trip), .ticket(ticket)),
    (.ticketCancelled(ticket, trip: trip), .ticket(ticket)),
    (.paymentDeclined(order), nil),
    (.orderRecorded(order, .held), nil),
  ]

  @Test(arguments: routes)
  func everyCheckoutOutputLeadsToTheScreenATravellerExpects(
    output: CheckoutOutput, route: AppRoute?
  ) {
    #expect(AppRouter.next(after: output) == route)
  }
}
