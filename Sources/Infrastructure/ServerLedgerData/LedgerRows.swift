import BookingInterface
import Foundation
import ServerDatabase
import SharedKernel

/// Rows of the ledger's two tables turned into the interface's values, and back-to-front checks
/// on them.
enum LedgerRows {
  /// An `orders` row, in the order of the ledger's order columns.
  static func record(from row: [ServerValue]) throws(TicketingError) -> OrderRecord {
    guard row.count == 19, let id = row[0].text.flatMap(OrderID.init),
      let bookingID = row[1].text.flatMap(BookingID.init), let guests = row[2].integer,
      let minorUnits = row[3].integer, let currency = row[4].text.flatMap({ Currency(code: $0) }),
      let name = row[5].text, let brand = row[6].text, let lastFour = row[7].text,
      let expiry = row[8].text, let state = row[9].text.flatMap(OrderState.init),
      let updatedAt = row[15].real
    else { throw .storageFailed(reason: "an order row in the ledger is malformed") }
    let expiryParts = expiry.split(separator: "/").compactMap { Int($0) }
    let hold = row[10].text.flatMap(HoldID.init).map { holdID in
      SeatHold(
        id: holdID, bookingID: bookingID, places: Int(guests),
        expiresAt: Date(timeIntervalSince1970: row[11].real ?? 0))
    }
    return OrderRecord(
      id: id, bookingID: bookingID, guests: Int(guests),
      amount: Money(minorUnits: minorUnits, currency: currency), travellerName: name,
      card: MaskedCard(
        brand: brand, lastFour: lastFour, expiryMonth: expiryParts.first ?? 0,
        expiryYear: expiryParts.last ?? 0, fingerprint: row[17].text ?? ""),
      state: state, hold: hold, chargeID: row[12].text,
      supplierReference: row[13].text.flatMap(SupplierReference.init),
      ticketID: row[16].text.flatMap(TicketID.init), refundID: row[14].text,
      updatedAt: Date(timeIntervalSince1970: updatedAt), lastFailure: row[18].text)
  }

  /// A `tickets` row, in the order of the ledger's ticket columns.
  static func ticket(from row: [ServerValue]) throws(TicketingError) -> Ticket {
    guard row.count == 12, let id = row[0].text.flatMap(TicketID.init),
      let orderID = row[1].text.flatMap(OrderID.init),
      let bookingID = row[2].text.flatMap(BookingID.init),
      let name = row[3].text, let guests = row[4].integer, let minorUnits = row[5].integer,
      let currency = row[6].text.flatMap({ Currency(code: $0) }), let brand = row[7].text,
      let lastFour = row[11].text, let issuedAt = row[9].real
    else { throw .storageFailed(reason: "a ticket row in the ledger is malformed") }
    return Ticket(
      id: id, orderID: orderID, bookingID: bookingID, travellerName: name, guests: Int(guests),
      amountPaid: Money(minorUnits: minorUnits, currency: currency), cardBrand: brand,
      cardLastFour: lastFour, issuedAt: Date(timeIntervalSince1970: issuedAt),
      cancelledAt: row[10].real.map(Date.init(timeIntervalSince1970:)))
  }

  /// Whether the recorded row already holds what `step` would write: the same hold or charge
  /// (whatever came after it), or the same ending.
  static func alreadyRecords(_ row: [ServerValue], _ step: OrderStep) -> Bool {
    switch step {
    case .held(let hold): row[10].text == hold.id.rawValue
    case .charged(let chargeID): row[12].text == chargeID
    case .released: row[9].text == OrderState.released.rawValue
    case .refunded(let refundID), .cancelled(let refundID):
      row[9].text == step.state.rawValue && row[14].text == refundID
    }
  }

  /// "TKT-" and twelve hexadecimal digits, as SQLite's ledger makes them.
  static func newTicketID() -> TicketID {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    // Always a valid identifier: a fixed prefix and hexadecimal digits.
    guard let id = TicketID("TKT-\(suffix)") else { preconditionFailure("ticket identifier") }
    return id
  }
}
