import DesignSystem
import Foundation
import Testing

@Suite("Ticket and amount documents")
struct TicketDocumentTests {
  static func parsed(_ document: some Encodable) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: JSONDocument.data(document)) as? [String: Any])
  }

  static func ticket(cancelledAt: Date?, status: String = "issued") -> TicketDocument {
    TicketDocument(
      id: "TKT-1", orderID: "ORD-1", tripID: "LIS-001", traveller: "Ada", places: 2,
      amountPaid: AmountDocument(minorUnits: 90_000, currency: "EUR", formatted: "EUR 900.00"),
      cardBrand: "Visa", cardLastFour: "4242", issuedAt: Date(timeIntervalSince1970: 0),
      cancelledAt: cancelledAt, status: status)
  }

  @Test func anAmountKeepsItsMinorUnitsExactly() throws {
    let parsed = try Self.parsed(
      AmountDocument(
        minorUnits: 9_007_199_254_740_993, currency: "KWD", formatted: "KWD 9007199254740.993"))
    #expect(parsed["minor_units"] as? Int64 == 9_007_199_254_740_993)
    #expect(parsed["currency"] as? String == "KWD")
    #expect(parsed["formatted"] as? String == "KWD 9007199254740.993")
  }

  @Test func aTicketShowsItsCardTheSameInEveryLocaleAndAnOpenCancellationAsNull() throws {
    let parsed = try Self.parsed(Self.ticket(cancelledAt: nil))
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

  @Test func aTicketShownWithItsTripNamesItsLinkAndAnUnknownTitleAsNull() throws {
    var ticket = Self.ticket(cancelledAt: Date(timeIntervalSince1970: 60), status: "cancelled")
    ticket.trip = TicketDocument.Trip(link: "voyage://trips/LIS-001", title: nil)
    let parsed = try Self.parsed(ticket)
    #expect(parsed["cancelled_at"] as? String == "1970-01-01T00:01:00Z")
    #expect(parsed["trip_link"] as? String == "voyage://trips/LIS-001")
    #expect(parsed["trip_title"] is NSNull)
  }
}
