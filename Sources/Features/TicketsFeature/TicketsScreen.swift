import BookingInterface
import DesignSystem
import Foundation
import SharedKernel

/// Renders tickets as a table and unfinished orders with the command that finishes each, as
/// text or JSON.
struct TicketsScreen {
  let state: TicketsState
  let theme: TerminalTheme
  /// The commands a screen may suggest: only the program's own.
  let commands: TicketsCommands

  var text: String {
    switch state {
    case .idle: ""
    case .tickets(let tickets): Self.text(tickets, theme: theme, commands: commands)
    case .orders(let orders, let moment):
      Self.text(orders, at: moment, theme: theme, commands: commands)
    case .ticket(let ticket, let trip):
      Self.text(ticket, trip: trip, theme: theme, commands: commands)
    case .failed(let failure):
      theme.paint(
        "\(theme.symbol(.failure)) \(Self.message(failure).escapingControlCharacters).", .danger)
        + "\n"
    }
  }

  static func message(_ failure: TicketsFailure) -> String {
    switch failure {
    case .ticketNotFound(let id): "No ticket has the identifier \(id)"
    case .storage(let error): "The ledger could not be read: \(error)"
    }
  }

  static func json(_ state: TicketsState, commands: TicketsCommands) -> Data {
    switch state {
    case .idle: JSONDocument.data([String: String]())
    case .tickets(let tickets): JSONDocument.data(["tickets": tickets.map(TicketDocument.init)])
    case .orders(let orders, _):
      JSONDocument.data(
        ["orders": orders.map { OrderDocument(order: $0, command: command($0, commands)) }])
    case .ticket(let ticket, let trip):
      JSONDocument.data(["ticket": ticketDocument(ticket, trip: trip)])
    case .failed(let failure):
      JSONDocument.data(ErrorDocument(code: code(failure), message: message(failure)))
    }
  }

  static func code(_ failure: TicketsFailure) -> String {
    switch failure {
    case .ticketNotFound: "ticket_not_found"
    case .storage(.diskFull): "disk_full"
    case .storage: "storage_failed"
    }
  }

  // MARK: - One ticket

  /// The ticket and its trip, named by its title when it could be read and linked when a trip
  /// screen exists; a ticket being cancelled says so, and what finishes it (when the program
  /// has a command for it).
  static func text(
    _ ticket: Ticket, trip: TripReference?, theme: TerminalTheme, commands: TicketsCommands
  ) -> String {
    let status =
      switch ticket.status {
      case .issued: theme.paint("\(theme.symbol(.success)) Ticket \(ticket.id)", .success)
      case .cancelling:
        theme.paint("\(theme.symbol(.warning)) Ticket \(ticket.id)", .warning) + "  "
          + theme.paint("being cancelled", .warning)
      case .cancelled:
        theme.style("Ticket \(ticket.id)", .title) + "  " + theme.paint("cancelled", .muted)
      }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let indent = String(repeating: " ", count: Spacing.indent)
    let card = theme.maskedCard(brand: ticket.cardBrand, lastFour: ticket.cardLastFour)
    let rows: [(String, String)] = [
      // The link under this row carries the identifier; the title alone fits a narrow terminal.
      ("Trip", trip?.title ?? ticket.tripID.rawValue),
      ("Traveller", ticket.travellerName.escapingControlCharacters),
      ("Places", String(ticket.places)),
      ("Paid", "\(ticket.amountPaid) with \(card)"),
      ("Issued", formatter.string(from: ticket.issuedAt)),
      ("Order", ticket.orderID.rawValue),
    ]
    let width = rows.map(\.0.displayWidth).max() ?? 0
    var lines = rows.map { label, value in
      indent + theme.paint(label.padded(toDisplayWidth: width), .muted) + "  " + value
    }
    if let trip {
      // Under the trip's row, never beside it, so the link is not cut in a narrow terminal.
      lines.insert(indent + indent + theme.paint(trip.link.absoluteString, .accent), at: 1)
    }
    if ticket.status == .cancelling, let command = finishing(ticket, commands) {
      lines += ["", indent + theme.paint("Finish cancelling: ", .warning) + command]
    }
    return ([status] + lines).joined(separator: "\n") + "\n"
  }

  static func ticketDocument(_ ticket: Ticket, trip: TripReference?) -> TicketDocument {
    var document = TicketDocument(ticket)
    document.trip = trip.map { TicketDocument.Trip(link: $0.link.absoluteString, title: $0.title) }
    return document
  }

  // MARK: - Tickets

  static func text(_ tickets: [Ticket], theme: TerminalTheme, commands: TicketsCommands)
    -> String
  {
    guard !tickets.isEmpty else {
      return "No tickets yet." + (commands.checkout.map { " Buy one with '\($0)'." } ?? "") + "\n"
    }
    var table = TextTable(columns: [
      .init("Ticket"), .init("Trip", dropOrder: 4),
      .init("Traveller", maximumWidth: 24, minimumWidth: 8, dropOrder: 2),
      .init("Places", alignment: .trailing, dropOrder: 3),
      .init("Paid", alignment: .trailing), .init("Issued", dropOrder: 1), .init("Status"),
    ])
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    for ticket in tickets {
      table.append([
        .init(ticket.id.rawValue, color: .accent), .init(ticket.tripID.rawValue),
        .init(ticket.travellerName.escapingControlCharacters),
        .init(String(ticket.places)), .init(ticket.amountPaid.description),
        .init(formatter.string(from: ticket.issuedAt)),
        status(ticket.status),
      ])
    }
    let heading = theme.style("\(tickets.count) ticket\(tickets.count == 1 ? "" : "s")", .title)
    var lines = [heading, ""] + table.render(theme: theme)
    let finishers = tickets.filter { $0.status == .cancelling }.compactMap {
      finishing($0, commands)
    }
    if !finishers.isEmpty {
      // The table says which; this says what finishes them.
      lines.append("")
      lines += finishers.map { theme.paint("Finish cancelling: ", .warning) + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The command that finishes a ticket's cancellation, when the program has one.
  static func finishing(_ ticket: Ticket, _ commands: TicketsCommands) -> String? {
    commands.finishCancelling.map { "\($0) \(ticket.id)" }
  }

  private static func status(_ status: TicketStatus) -> TextTable.Cell {
    switch status {
    case .issued: .init("issued")
    case .cancelling: .init("cancelling", color: .warning)
    case .cancelled: .init("cancelled", color: .muted)
    }
  }

  // MARK: - Orders

  static func text(
    _ orders: [OrderRecord], at moment: Date, theme: TerminalTheme, commands: TicketsCommands
  ) -> String {
    guard !orders.isEmpty else {
      return "No unfinished orders: every checkout and cancellation ended.\n"
    }
    var lines = [
      theme.style("\(orders.count) unfinished order\(orders.count == 1 ? "" : "s")", .title)
    ]
    for order in orders {
      let places = order.places == 1 ? "1 place" : "\(order.places) places"
      lines.append("")
      lines.append(
        theme.paint(order.id.rawValue, .accent) + "  " + order.tripID.rawValue + "  " + places
          + "  " + order.travellerName.escapingControlCharacters + "  " + order.amount.description)
      lines.append("  " + theme.paint(meaning(order, at: moment), .muted))
      if let failure = order.lastFailure {
        lines.append("  " + theme.paint("the last attempt stopped: \(failure)", .muted))
      }
      if let finisher = command(order, commands) {
        lines.append("  " + theme.paint("$ ", .muted) + finisher)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What the ledger knows of an unfinished order, and what it cannot know. A crash can fall
  /// between an outside call and the write that records it, so a drafted order may have places
  /// held and a held one may have been charged: the screen says so, and never the opposite.
  static func meaning(_ order: OrderRecord, at moment: Date) -> String {
    switch order.state {
    case .drafted:
      "drafted: nothing charged; places may be held if the hold was asked for (the same command finds out)"
    case .held where (order.hold?.expiresAt ?? .distantFuture) <= moment:
      "held: the hold has expired, so the places are free again; a charge may have been sent (the same command finds out, and holds again if it must)"
    case .held:
      "held: places held at the supplier until the hold expires; a charge may have been sent (the same command finds out, and never charges twice)"
    case .charged: "charged: the card was charged; the ticket is not issued yet"
    case .cancelling:
      "cancelling: ticket \(ticket(order)) is being cancelled; its places may be back at the supplier already, nothing is refunded yet (the same command finds out, and never returns the places twice)"
    case .placesReturned:
      "places_returned: ticket \(ticket(order))'s places are back at the supplier; a refund may have been sent (the same command finds out, and never refunds twice)"
    case .ticketed, .released, .refunded, .cancelled: order.state.rawValue
    }
  }

  private static func ticket(_ order: OrderRecord) -> String {
    order.ticketID?.rawValue ?? "(unknown)"
  }

  /// What finishes the order: cancelling its ticket again, for a cancellation under way; the
  /// same checkout request and key, for a checkout; `nil` when the program has no command for
  /// it. The card number is never stored, so that command names the card by what may be kept
  /// of it.
  static func command(_ order: OrderRecord, _ commands: TicketsCommands) -> String? {
    if order.state.isCancelling, let ticket = order.ticketID {
      return commands.finishCancelling.map { "\($0) \(ticket)" }
    }
    guard let checkout = commands.checkout else { return nil }
    let expiry =
      String(format: "%02d", order.card.expiryMonth) + "/"
      + String(format: "%02d", order.card.expiryYear % 100)
    return
      "\(checkout) \(order.tripID) --places \(order.places) --name "
      + shellQuoted(order.travellerName)
      + " --card '<your \(order.card.brand) ending \(order.card.lastFour)>' --expiry \(expiry)"
      + " --idempotency-key \(order.id)"
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.escapingControlCharacters.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
