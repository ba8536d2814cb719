import DesignSystem
import Foundation
import PaymentInterface
import SharedKernel

/// Renders checkout's state: a ticket, progress, or a one-line failure.
struct CheckoutScreen {
  let state: CheckoutViewModel.State
  let theme: TerminalTheme

  var text: String {
    switch state {
    case .draft: return ""
    case .charging: return theme.paint("Charging the card…", .muted)
    case .confirming: return theme.paint("Confirming the payment…", .muted)
    case .failed(let failure):
      return theme.paint("\(theme.symbol(.failure)) \(Self.message(failure))", .danger) + "\n"
    case .ticketed(let ticket):
      let indent = String(repeating: " ", count: Spacing.indent)
      let rows: [(String, String)] = [
        ("Trip", ticket.bookingID.rawValue), ("Traveller", ticket.travellerName),
        ("Places", String(ticket.guests)), ("Paid", "\(ticket.amountPaid) with \(ticket.paidWith)"),
        ("Order", ticket.orderID.rawValue),
      ]
      let width = rows.map(\.0.displayWidth).max() ?? 0
      return
        ([theme.paint("\(theme.symbol(.success)) Ticket \(ticket.id)", .success)]
        + rows.map {
          indent + theme.paint($0.0.padded(toDisplayWidth: width), .muted) + "  " + $0.1
        })
        .joined(separator: "\n") + "\n"
    }
  }

  static func message(_ failure: CheckoutFailure) -> String {
    switch failure {
    case .notFound(let id): "No trip has the identifier \(id)."
    case .rejected(let error): "The order was refused: \(error)."
    case .payment(let error): "The payment failed: \(error). Nothing was charged."
    case .upstreamUnavailable(let reason): "The travel supplier is unavailable: \(reason)"
    case .storage(let error): "The order could not be recorded: \(error)"
    }
  }

  static func code(_ failure: CheckoutFailure) -> String {
    switch failure {
    case .notFound: "not_found"
    case .rejected(.soldOut): "sold_out"
    case .rejected: "order_rejected"
    case .payment(.declined): "card_declined"
    case .payment(.insufficientFunds): "insufficient_funds"
    case .payment(.expiredCard): "expired_card"
    case .payment: "payment_failed"
    case .upstreamUnavailable: "upstream_unavailable"
    case .storage: "storage_failed"
    }
  }

  /// `{"ticket": {...}}` or `{"error": {"code": …, "message": …}}`, keys sorted.
  static func json(_ state: CheckoutViewModel.State) -> Data {
    var object: [String: Any] = [:]
    switch state {
    case .ticketed(let ticket): object = ["ticket": ticketObject(ticket)]
    case .failed(let failure):
      object = ["error": ["code": code(failure), "message": message(failure)]]
    default: object = ["state": "in_progress"]
    }
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return (data ?? Data("{}".utf8)) + Data("\n".utf8)
  }

  static func ticketObject(_ ticket: Ticket) -> [String: Any] {
    [
      "id": ticket.id.rawValue, "order_id": ticket.orderID.rawValue,
      "booking_id": ticket.bookingID.rawValue,
      "traveller": ticket.travellerName, "guests": ticket.guests,
      "amount_paid": [
        "minor_units": ticket.amountPaid.minorUnits, "currency": ticket.amountPaid.currency.code,
        "formatted": ticket.amountPaid.description,
      ],
      "paid_with": ticket.paidWith,
      "issued_at": ISO8601DateFormatter().string(from: ticket.issuedAt),
    ]
  }
}
