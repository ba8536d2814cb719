package import BookingInterface
import Foundation
package import SQLValues
package import SharedKernel

/// A row of the ledger's `orders` table, as both ledgers write and read it: one statement of the
/// columns, the values and the reading, so the two databases cannot come to record an order
/// differently.
package enum OrderRow {
  /// The columns an order is drafted with, in the order of `values(of:card:)`; each ledger adds
  /// the state and its own clock.
  package static let draftedColumns = """
    id, trip_id, places, amount_minor_units, currency, traveller_name, traveller_email,
      card_brand, card_last_four, card_expiry, card_fingerprint
    """

  /// The values of ``draftedColumns`` for `order`, paid with `card`.
  package static func values(of order: DraftOrder, card: MaskedCard) -> [SQLValue] {
    [
      .text(order.id.rawValue), .text(order.tripID.rawValue), .integer(Int64(order.places)),
      .integer(order.amount.minorUnits), .text(order.amount.currency.code),
      .text(order.traveller.name), order.traveller.email.map { .text($0.rawValue) } ?? .null,
      .text(card.brand), .text(card.lastFour), .text("\(card.expiryMonth)/\(card.expiryYear)"),
      .text(card.fingerprint),
    ]
  }

  /// The columns `record(from:)` reads, but `last_failure`, which each ledger keeps its own
  /// way and adds to this list.
  package static let columns = """
    id, trip_id, places, amount_minor_units, currency, traveller_name, card_brand,
      card_last_four, card_expiry, state, hold_id, hold_expires_at, charge_id,
      supplier_reference, refund_id, updated_at,
      (SELECT id FROM tickets WHERE tickets.order_id = orders.id) AS ticket_id, card_fingerprint
    """

  /// What follows a `SELECT` of an order's columns to read the orders that did not end, oldest
  /// first: a checkout short of its ticket, or a cancellation short of its end.
  package static let unfinishedOldestFirst =
    " WHERE state IN ('drafted', 'held', 'charged', 'cancelling', 'places_returned')"
    + " ORDER BY created_at, id"

  /// The columns `step` writes besides the state, and their values.
  package static func columns(for step: OrderStep) -> (columns: [String], values: [SQLValue]) {
    switch step {
    case .held(let hold):
      (
        ["hold_id", "hold_expires_at"],
        [.text(hold.id.rawValue), .real(hold.expiresAt.timeIntervalSince1970)]
      )
    case .charged(let chargeID): (["charge_id"], [.text(chargeID)])
    case .released, .cancelling, .placesReturned: ([], [])
    case .refunded(let refundID), .cancelled(let refundID): (["refund_id"], [.text(refundID)])
    }
  }

  /// An order's state, read from a row with a `state` column.
  package static func state(from row: SQLRow) throws(SQLRowError) -> OrderState {
    try row.text("state", as: OrderState.init(rawValue:))
  }

  /// An order read from a row of ``columns`` and `last_failure`.
  package static func record(from row: SQLRow) throws(SQLRowError) -> OrderRecord {
    let tripID = try row.text("trip_id", as: TripID.init)
    let places = Int(try row.integer("places"))
    let expiry = try row.text("card_expiry").split(separator: "/").compactMap { Int($0) }
    let holdID = try row.nullableText("hold_id", as: HoldID.init)
    let holdExpiresAt = try row.nullableReal("hold_expires_at")
    return OrderRecord(
      id: try row.text("id", as: OrderID.init), tripID: tripID, places: places,
      amount: Money(
        minorUnits: try row.integer("amount_minor_units"),
        currency: try row.text("currency", as: Currency.init(code:))),
      travellerName: try row.text("traveller_name"),
      card: MaskedCard(
        brand: try row.text("card_brand"), lastFour: try row.text("card_last_four"),
        expiryMonth: expiry.first ?? 0, expiryYear: expiry.last ?? 0,
        fingerprint: try row.nullableText("card_fingerprint") ?? ""),
      state: try state(from: row),
      hold: holdID.map { holdID in
        PlaceHold(
          id: holdID, tripID: tripID, places: places,
          expiresAt: Date(timeIntervalSince1970: holdExpiresAt ?? 0))
      },
      chargeID: try row.nullableText("charge_id"),
      supplierReference: try row.nullableText("supplier_reference", as: SupplierReference.init),
      ticketID: try row.nullableText("ticket_id", as: TicketID.init),
      refundID: try row.nullableText("refund_id"),
      updatedAt: Date(timeIntervalSince1970: try row.real("updated_at")),
      lastFailure: try row.nullableText("last_failure"))
  }
}
