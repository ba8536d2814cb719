import BookingInterface
import DesignSystem
import Foundation
import SharedKernel

/// Renders the orders that did not end in a ticket for `voyage orders`: each with its state, its
/// key and the command that finishes or retries it.
enum OrderList {
  static func text(_ orders: [OrderRecord], theme: TerminalTheme) -> String {
    guard !orders.isEmpty else { return "No unfinished orders: every checkout ended.\n" }
    var lines = [
      theme.style("\(orders.count) unfinished order\(orders.count == 1 ? "" : "s")", .title)
    ]
    for order in orders {
      lines.append("")
      let places = order.guests == 1 ? "1 place" : "\(order.guests) places"
      lines.append(
        theme.paint(order.id.rawValue, .accent) + "  " + order.bookingID.rawValue + "  " + places
          + "  " + order.travellerName.escapingControlCharacters + "  " + order.amount.description)
      lines.append("  " + theme.paint(meaning(order.state), .muted))
      lines.append("  " + theme.paint("$ ", .muted) + command(order))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"orders": [...]}`, keys sorted.
  static func json(_ orders: [OrderRecord]) -> String {
    let objects: [[String: Any]] = orders.map { order in
      [
        "id": order.id.rawValue, "booking_id": order.bookingID.rawValue, "guests": order.guests,
        "traveller": order.travellerName, "state": order.state.rawValue,
        "amount": [
          "minor_units": order.amount.minorUnits, "currency": order.amount.currency.code,
          "formatted": order.amount.description,
        ],
        "hold_id": order.hold?.id.rawValue ?? NSNull(), "charge_id": order.chargeID ?? NSNull(),
        "command": command(order),
      ]
    }
    let data = try? JSONSerialization.data(
      withJSONObject: ["orders": objects], options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self) + "\n"
  }

  static func meaning(_ state: OrderState) -> String {
    switch state {
    case .drafted: "drafted: nothing held, nothing charged"
    case .held: "held: places held at the supplier until the hold expires, nothing charged"
    case .charged: "charged: the card was charged; the ticket is not issued yet"
    case .ticketed, .released, .refunded, .cancelled: state.rawValue
    }
  }

  /// The checkout that finishes the order: the same request and key. The card number is never
  /// stored, so the command names the card by what may be kept of it.
  static func command(_ order: OrderRecord) -> String {
    let expiry =
      String(format: "%02d", order.card.expiryMonth) + "/"
      + String(format: "%02d", order.card.expiryYear % 100)
    return
      "voyage checkout \(order.bookingID) --guests \(order.guests) --name "
      + shellQuoted(order.travellerName)
      + " --card '<your \(order.card.brand) ending \(order.card.lastFour)>' --expiry \(expiry)"
      + " --idempotency-key \(order.id)"
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.escapingControlCharacters.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
