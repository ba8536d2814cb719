import Foundation
import SharedKernel
import Testing

@Suite("JSON objects")
struct JSONObjectsTests {
  static func roundTrip(_ object: [String: Any]) throws -> [String: Any] {
    let data = try JSONSerialization.data(withJSONObject: object)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func anAmountKeepsItsMinorUnitsExactly() throws {
    let amount = Money(minorUnits: 9_007_199_254_740_993, currency: .kwd)
    let parsed = try Self.roundTrip(amount.jsonObject)
    #expect(parsed["minor_units"] as? Int64 == 9_007_199_254_740_993)
    #expect(parsed["currency"] as? String == "KWD")
    #expect(parsed["formatted"] as? String == amount.description)
  }

  @Test func aTicketShowsItsCardTheSameInEveryLocaleAndAnOpenCancellationAsNull() throws {
    let ticket = Ticket(
      id: try #require(TicketID("TKT-1")), orderID: try #require(OrderID("ORD-1")),
      tripID: try #require(TripID("LIS-001")), travellerName: "Ada", places: 2,
      amountPaid: Money(minorUnits: 90_000, currency: .eur), cardBrand: "Visa",
      cardLastFour: "4242", issuedAt: Date(timeIntervalSince1970: 0), cancelledAt: nil)
    let parsed = try Self.roundTrip(ticket.jsonObject)
    #expect(parsed["paid_with"] as? String == "Visa •••• 4242")
    #expect(parsed["issued_at"] as? String == "1970-01-01T00:00:00Z")
    #expect(parsed["cancelled_at"] is NSNull)
    #expect(parsed["status"] as? String == "issued")
    #expect((parsed["amount_paid"] as? [String: Any])?["minor_units"] as? Int == 90_000)
    #expect(
      Set(parsed.keys) == [
        "id", "order_id", "trip_id", "traveller", "places", "amount_paid", "paid_with",
        "issued_at", "cancelled_at", "status",
      ])
  }

  @Test func aTicketsStatusSaysWhetherItsCancellationIsUnderWayOrDone() throws {
    func ticket(cancelledAt: Date?, isCancelling: Bool) throws -> Ticket {
      Ticket(
        id: try #require(TicketID("TKT-1")), orderID: try #require(OrderID("ORD-1")),
        tripID: try #require(TripID("LIS-001")), travellerName: "Ada", places: 2,
        amountPaid: Money(minorUnits: 90_000, currency: .eur), cardBrand: "Visa",
        cardLastFour: "4242", issuedAt: Date(timeIntervalSince1970: 0), cancelledAt: cancelledAt,
        isCancelling: isCancelling)
    }
    let cancelling = try Self.roundTrip(ticket(cancelledAt: nil, isCancelling: true).jsonObject)
    #expect(cancelling["status"] as? String == "cancelling")
    #expect(cancelling["cancelled_at"] is NSNull)
    let cancelled = try ticket(cancelledAt: Date(timeIntervalSince1970: 60), isCancelling: false)
    #expect(try Self.roundTrip(cancelled.jsonObject)["status"] as? String == "cancelled")
  }
}
