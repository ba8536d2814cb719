import BookingInterface
import Foundation
package import SQLValues
package import SharedKernel

/// A row of the ledger's `tickets` table, as both ledgers write and read it.
package enum TicketRow {
  /// A ticket's columns, as `ticket(from:)` reads them, with its order's state (which says
  /// whether it is being cancelled); a ledger adds its `WHERE` or `ORDER BY`.
  package static let select = """
    SELECT id, order_id, trip_id, traveller_name, places, amount_minor_units, currency,
      card_brand, charge_id, issued_at, cancelled_at, card_last_four,
      (SELECT state FROM orders WHERE orders.id = tickets.order_id) AS order_state
    FROM tickets
    """

  /// Every ticket, newest first: what the ticket history lists.
  package static let newestFirst = select + " ORDER BY issued_at DESC, id"

  /// The columns a ticket is issued with, in the order of `values(of:chargeID:)`; each ledger
  /// adds its own clock's `issued_at`.
  package static let issuedColumns = """
    id, order_id, trip_id, traveller_name, places, amount_minor_units, currency, card_brand,
      card_last_four, charge_id
    """

  /// The values of ``issuedColumns`` for `ticket`, paid by the charge `chargeID`.
  package static func values(of ticket: Ticket, chargeID: String) -> [SQLValue] {
    [
      .text(ticket.id.rawValue), .text(ticket.orderID.rawValue), .text(ticket.tripID.rawValue),
      .text(ticket.travellerName), .integer(Int64(ticket.places)),
      .integer(ticket.amountPaid.minorUnits), .text(ticket.amountPaid.currency.code),
      .text(ticket.cardBrand), .text(ticket.cardLastFour), .text(chargeID),
    ]
  }

  /// A ticket read from a row of ``select``.
  package static func ticket(from row: SQLRow) throws(SQLRowError) -> Ticket {
    Ticket(
      id: try row.text("id", as: TicketID.init),
      orderID: try row.text("order_id", as: OrderID.init),
      tripID: try row.text("trip_id", as: TripID.init),
      travellerName: try row.text("traveller_name"), places: Int(try row.integer("places")),
      amountPaid: Money(
        minorUnits: try row.integer("amount_minor_units"),
        currency: try row.text("currency", as: Currency.init(code:))),
      cardBrand: try row.text("card_brand"), cardLastFour: try row.text("card_last_four"),
      issuedAt: Date(timeIntervalSince1970: try row.real("issued_at")),
      cancelledAt: try row.nullableReal("cancelled_at").map(Date.init(timeIntervalSince1970:)),
      isCancelling: try row.text("order_state", as: OrderState.init(rawValue:)).isCancelling)
  }

  /// A new ticket's identifier: "TKT-" and twelve hexadecimal digits.
  package static func newID() -> TicketID {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    // Always a valid identifier: a fixed prefix and hexadecimal digits.
    guard let id = TicketID("TKT-\(suffix)") else { preconditionFailure("ticket identifier") }
    return id
  }
}
