import BookingInterface
import Foundation
import SQLValues
import SharedKernel
import Testing

@testable import LedgerRows

/// The rows both ledgers share: what a write puts in a row is what a read gets back, column for
/// column, and a write's outcome becomes the interface's answer.
@Suite("Ledger rows")
struct LedgerRowsTests {
  /// The names of a column list, as a database names a row's columns (an `AS` name wins).
  static func names(_ columns: String) -> [String] {
    var names: [String] = []
    var depth = 0
    var current = ""
    for character in columns {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if character == ",", depth == 0 {
        names.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    names.append(current)
    return names.map { column in
      let words = column.split(whereSeparator: \.isWhitespace)
      return String(words.last ?? "")
    }
  }

  let trip: TripID

  init() throws { trip = try #require(TripID("LIS-001")) }

  static let card = MaskedCard(
    brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "a1b2c3")

  @Test func anOrderReadsBackAsItWasDrafted() throws {
    let order = try DraftOrder(
      id: try #require(OrderID("order-1")),
      trip: Trip(
        id: trip, title: "Walks", destination: Destination(city: "Lisbon", country: "Portugal"),
        startDate: CalendarDate(daysSinceEpoch: 1), endDate: CalendarDate(daysSinceEpoch: 2),
        price: Money(minorUnits: 45_000, currency: .eur), rating: try #require(Rating(tenths: 46)),
        placesLeft: 9, details: ""),
      places: 2, traveller: Traveller(name: "Ada", email: "ada@example.com"))
    let drafted = Self.names(OrderRow.draftedColumns)
    let values = OrderRow.values(of: order, card: Self.card)
    #expect(drafted.count == values.count)
    let written = Dictionary(uniqueKeysWithValues: zip(drafted, values))
    let read = Self.names(OrderRow.columns) + ["last_failure"]
    let row = SQLRow(
      columns: read,
      values: read.map { column in
        switch column {
        case "state": .text("held")
        case "hold_id": .text("HLD-1")
        case "hold_expires_at": .real(2_000_000_000)
        case "updated_at": .real(1)
        default: written[column] ?? .null
        }
      })
    let record = try OrderRow.record(from: row)
    #expect(record.isSameRequest(as: order, card: Self.card))
    #expect(record.state == .held && record.card == Self.card)
    #expect(record.hold?.tripID == trip && record.hold?.places == 2)
    #expect(record.chargeID == nil && record.ticketID == nil && record.lastFailure == nil)
  }

  @Test func aStepWritesAValueForEachOfItsColumns() throws {
    let hold = PlaceHold(
      id: try #require(HoldID("HLD-1")), tripID: trip, places: 1,
      expiresAt: Date(timeIntervalSince1970: 1))
    for step in [
      OrderStep.held(hold), .charged(chargeID: "ch_1"), .released, .refunded(refundID: "re_1"),
      .cancelling, .placesReturned, .cancelled(refundID: "re_2"),
    ] {
      let (columns, values) = OrderRow.columns(for: step)
      #expect(columns.count == values.count, "\(step)")
    }
  }

  @Test func aTicketReadsBackAsItWasIssued() throws {
    let id = TicketRow.newID()
    let issued = Ticket(
      id: id, orderID: try #require(OrderID("order-1")), tripID: trip, travellerName: "Ada",
      places: 2, amountPaid: Money(minorUnits: 90_000, currency: .eur), cardBrand: "Visa",
      cardLastFour: "4242", issuedAt: Date(timeIntervalSince1970: 7), cancelledAt: nil)
    let columns = Self.names(TicketRow.issuedColumns)
    let values = TicketRow.values(of: issued, chargeID: "ch_1")
    #expect(columns.count == values.count)
    let written = Dictionary(uniqueKeysWithValues: zip(columns, values))
    #expect(written["charge_id"] == .text("ch_1"))
    let read = [
      "id", "order_id", "trip_id", "traveller_name", "places", "amount_minor_units",
      "currency", "card_brand", "charge_id", "issued_at", "cancelled_at", "card_last_four",
      "order_state",
    ]
    let row = SQLRow(
      columns: read,
      values: read.map { column in
        switch column {
        case "issued_at": .real(7)
        case "order_state": .text("ticketed")
        default: written[column] ?? .null
        }
      })
    #expect(try TicketRow.ticket(from: row) == issued)
  }

  @Test func aNewTicketIdentifierIsTKTAndTwelveHexadecimalDigits() {
    let ids = (0..<100).map { _ in TicketRow.newID().rawValue }
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.hasPrefix("TKT-") && id.count == 16)
      #expect(id.dropFirst(4).allSatisfy { $0.isHexDigit })
    }
  }

  @Test func aWritesOutcomeIsTheRecordOrTheInterfacesError() throws {
    let id = try #require(OrderID("order-1"))
    #expect(try LedgerWriteOutcome.moved(7).recorded(id, movingTo: .held) == 7)
    #expect(throws: TicketingError.unknownOrder("order-1")) {
      try LedgerWriteOutcome<Int>.unknown.recorded(id, movingTo: .held)
    }
    #expect(throws: TicketingError.illegalTransition(id, from: .drafted, to: .charged)) {
      try LedgerWriteOutcome<Int>.illegal(.drafted).recorded(id, movingTo: .charged)
    }
  }

  @Test func issuingFindsTheTicketOfATicketedOrderAndIssuesOnlyForACharged() throws {
    let ticket = Ticket(
      id: TicketRow.newID(), orderID: try #require(OrderID("order-1")), tripID: trip,
      travellerName: "Ada", places: 1, amountPaid: Money(minorUnits: 1, currency: .eur),
      cardBrand: "Visa", cardLastFour: "4242", issuedAt: Date(), cancelledAt: nil)
    let found = { () -> Ticket? in ticket }
    let none = { () -> Ticket? in nil }
    #expect(LedgerWriteOutcome.issuing(from: .charged, issued: found) == nil)
    #expect(LedgerWriteOutcome.issuing(from: nil, issued: found) == .unknown)
    #expect(LedgerWriteOutcome.issuing(from: .ticketed, issued: found) == .moved(ticket))
    #expect(LedgerWriteOutcome.issuing(from: .ticketed, issued: none) == .illegal(.ticketed))
    for state in OrderState.allCases where ![.charged, .ticketed].contains(state) {
      #expect(LedgerWriteOutcome.issuing(from: state, issued: found) == .illegal(state))
    }
  }
}
