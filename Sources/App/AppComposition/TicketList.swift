import DesignSystem
import Foundation
import SharedKernel

/// Renders the ledger's tickets for `voyage tickets`.
enum TicketList {
  static func text(_ tickets: [Ticket], theme: TerminalTheme) -> String {
    guard !tickets.isEmpty else { return "No tickets yet. Buy one with 'voyage checkout'.\n" }
    var table = TextTable(columns: [
      .init("Ticket"), .init("Trip"), .init("Traveller", maximumWidth: 24),
      .init("Places", alignment: .trailing),
      .init("Paid", alignment: .trailing), .init("Issued"), .init("Status"),
    ])
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    for ticket in tickets {
      table.append([
        .init(ticket.id.rawValue, color: .accent), .init(ticket.bookingID.rawValue),
        .init(ticket.travellerName.escapingControlCharacters),
        .init(String(ticket.guests)), .init(ticket.amountPaid.description),
        .init(formatter.string(from: ticket.issuedAt)),
        ticket.cancelledAt == nil ? .init("issued") : .init("cancelled", color: .muted),
      ])
    }
    let heading = theme.style("\(tickets.count) ticket\(tickets.count == 1 ? "" : "s")", .title)
    return ([heading, ""] + table.render(theme: theme)).joined(separator: "\n") + "\n"
  }

  /// `{"tickets": [...]}`, keys sorted, amounts in integer minor units.
  static func json(_ tickets: [Ticket]) -> String {
    let formatter = ISO8601DateFormatter()
    let objects: [[String: Any]] = tickets.map { ticket in
      [
        "id": ticket.id.rawValue, "order_id": ticket.orderID.rawValue,
        "booking_id": ticket.bookingID.rawValue,
        "traveller": ticket.travellerName, "guests": ticket.guests, "paid_with": ticket.paidWith,
        "amount_paid": [
          "minor_units": ticket.amountPaid.minorUnits, "currency": ticket.amountPaid.currency.code,
          "formatted": ticket.amountPaid.description,
        ],
        "issued_at": formatter.string(from: ticket.issuedAt),
        "cancelled_at": ticket.cancelledAt.map { formatter.string(from: $0) } ?? NSNull(),
      ]
    }
    let data = try? JSONSerialization.data(
      withJSONObject: ["tickets": objects], options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self) + "\n"
  }
}
