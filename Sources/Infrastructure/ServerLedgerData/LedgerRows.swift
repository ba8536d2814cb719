import BookingInterface
import Foundation
import SQLValues
import SharedKernel

/// Rows of the ledger's two tables read by column name into the interface's values, and checks
/// on what they record.
enum LedgerRows {
  /// An order read from a row of the ledger's order columns.
  static func record(from row: SQLRow) throws(SQLRowError) -> OrderRecord {
    let tripID = try row.text("trip_id", as: TripID.init)
    let guests = Int(try row.integer("guests"))
    let expiry = try row.text("card_expiry").split(separator: "/").compactMap { Int($0) }
    let holdID = try row.nullableText("hold_id", as: HoldID.init)
    let holdExpiresAt = try row.nullableReal("hold_expires_at")
    return OrderRecord(
      id: try row.text("id", as: OrderID.init), tripID: tripID, guests: guests,
      amount: Money(
        minorUnits: try row.integer("amount_minor_units"),
        currency: try row.text("currency", as: Currency.init(code:))),
      travellerName: try row.text("traveller_name"),
      card: MaskedCard(
        brand: try row.text("card_brand"), lastFour: try row.text("card_last_four"),
        expiryMonth: expiry.first ?? 0, expiryYear: expiry.last ?? 0,
        fingerprint: try row.nullableText("card_fingerprint") ?? ""),
      state: try row.text("state", as: OrderState.init(rawValue:)),
      hold: holdID.map { holdID in
        SeatHold(
          id: holdID, tripID: tripID, places: guests,
          expiresAt: Date(timeIntervalSince1970: holdExpiresAt ?? 0))
      },
      chargeID: try row.nullableText("charge_id"),
      supplierReference: try row.nullableText("supplier_reference", as: SupplierReference.init),
      ticketID: try row.nullableText("ticket_id", as: TicketID.init),
      refundID: try row.nullableText("refund_id"),
      updatedAt: Date(timeIntervalSince1970: try row.real("updated_at")),
      lastFailure: try row.nullableText("last_failure"))
  }

  /// A ticket read from a row of the ledger's ticket columns.
  static func ticket(from row: SQLRow) throws(SQLRowError) -> Ticket {
    Ticket(
      id: try row.text("id", as: TicketID.init),
      orderID: try row.text("order_id", as: OrderID.init),
      tripID: try row.text("trip_id", as: TripID.init),
      travellerName: try row.text("traveller_name"), guests: Int(try row.integer("guests")),
      amountPaid: Money(
        minorUnits: try row.integer("amount_minor_units"),
        currency: try row.text("currency", as: Currency.init(code:))),
      cardBrand: try row.text("card_brand"), cardLastFour: try row.text("card_last_four"),
      issuedAt: Date(timeIntervalSince1970: try row.real("issued_at")),
      cancelledAt: try row.nullableReal("cancelled_at").map(Date.init(timeIntervalSince1970:)),
      isCancelling: try row.text("order_state", as: OrderState.init(rawValue:)).isCancelling)
  }

  /// Whether `existing`, the order recorded under the key, was recorded for this same request:
  /// the same trip, guests, amount, traveller and card.
  static func isSameRequest(_ existing: OrderRecord, as order: DraftOrder, card: MaskedCard)
    -> Bool
  {
    existing.tripID == order.tripID && existing.guests == order.guests
      && existing.amount == order.amount && existing.travellerName == order.traveller.name
      && existing.card.brand == card.brand && existing.card.lastFour == card.lastFour
      && existing.card.expiryMonth == card.expiryMonth
      && existing.card.expiryYear == card.expiryYear
      && existing.card.fingerprint == card.fingerprint
  }

  /// "TKT-" and twelve hexadecimal digits, as SQLite's ledger makes them.
  static func newTicketID() -> TicketID {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    // Always a valid identifier: a fixed prefix and hexadecimal digits.
    guard let id = TicketID("TKT-\(suffix)") else { preconditionFailure("ticket identifier") }
    return id
  }
}
