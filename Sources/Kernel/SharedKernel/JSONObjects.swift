import Foundation

// The shapes Voyage's `--json` documents give an amount and a ticket. They are defined here, once,
// because the kernel is the one module every feature that prints them can see (search prints
// prices, checkout the ticket it issued, tickets the list); DesignSystem writes the document.
// They are locale-free data: integer minor units, ISO 8601 instants, Unicode always.

extension Money {
  /// The amount as every document shows it: integer minor units (no precision lost), the
  /// currency's code, and the amount as a person reads it.
  public var jsonObject: [String: Any] {
    ["minor_units": minorUnits, "currency": currency.code, "formatted": description]
  }
}

extension Ticket {
  /// The ticket as `voyage checkout --json` and `voyage tickets --json` both show it.
  public var jsonObject: [String: Any] {
    let formatter = ISO8601DateFormatter()
    return [
      "id": id.rawValue, "order_id": orderID.rawValue, "trip_id": tripID.rawValue,
      "traveller": travellerName, "places": places, "amount_paid": amountPaid.jsonObject,
      "paid_with": "\(cardBrand) •••• \(cardLastFour)",
      "issued_at": formatter.string(from: issuedAt),
      "cancelled_at": cancelledAt.map { formatter.string(from: $0) } ?? NSNull(),
      "status": status.rawValue,
    ]
  }
}
