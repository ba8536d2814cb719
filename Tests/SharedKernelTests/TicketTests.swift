import Foundation
import SharedKernel
import Testing

@Suite("Tickets")
struct TicketTests {
  @Test func aTicketsStatusSaysWhetherItsCancellationIsUnderWayOrDone() throws {
    func ticket(cancelledAt: Date?, isCancelling: Bool) throws -> Ticket {
      Ticket(
        id: try #require(TicketID("TKT-1")), orderID: try #require(OrderID("ORD-1")),
        tripID: try #require(TripID("LIS-001")), travellerName: "Ada", places: 2,
        amountPaid: Money(minorUnits: 90_000, currency: .eur), cardBrand: "Visa",
        cardLastFour: "4242", issuedAt: Date(timeIntervalSince1970: 0), cancelledAt: cancelledAt,
        isCancelling: isCancelling)
    }
    #expect(try ticket(cancelledAt: nil, isCancelling: false).status == .issued)
    #expect(try ticket(cancelledAt: nil, isCancelling: true).status == .cancelling)
    let cancelledAt = Date(timeIntervalSince1970: 60)
    #expect(try ticket(cancelledAt: cancelledAt, isCancelling: false).status == .cancelled)
  }
}
