import Foundation

/// The traveller's tickets as a table, and cancelling one.
public final class TicketsScreen: Screen {
  public let name = "tickets"
  public let viewModel: TicketsViewModel
  /// One line instead of the table (after a checkout).
  public var compact = false

  public init(viewModel: TicketsViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> Int32 {
    viewModel.load()
    if let error = viewModel.error { return report(error) }
    let valid = viewModel.valid.count
    if compact {
      Console.current.line(L10n.text("tickets.youHold", String(valid)))
      return 0
    }
    guard !viewModel.tickets.isEmpty else {
      Console.current.line(L10n.text("tickets.none"))
      return 0
    }
    Console.current.line(L10n.text("tickets.count", String(viewModel.tickets.count), String(valid)))
    Console.current.line()
    var table = TextTable(
      headers: [
        L10n.text("column.ticket"), L10n.text("column.trip"), L10n.text("column.traveller"),
        L10n.text("column.places"), L10n.text("column.paid"), L10n.text("column.starts"),
        L10n.text("column.status"),
      ],
      alignments: [.left, .left, .left, .right, .right, .left, .left])
    for ticket in viewModel.tickets {
      table.add([
        ticket.id, ticket.tripID, ticket.traveller, String(ticket.places),
        MoneyFormatting.string(ticket.paid), DateFormatting.day(ticket.startDate),
        L10n.text(ticket.cancelled ? "status.cancelled" : "status.valid"),
      ])
    }
    Console.current.line(table.render())
    return 0
  }

  /// Cancels a ticket and says what went back where.
  public func cancel(_ ticketID: String) -> Int32 {
    guard let ticket = viewModel.cancel(ticketID: ticketID) else {
      return report(viewModel.error ?? .noSuchTicket(ticketID))
    }
    Console.current.line(L10n.text("tickets.cancelled", ticket.id))
    Console.current.line(
      "  " + L10n.text("tickets.returned", String(ticket.places), ticket.tripID))
    Console.current.line(
      "  "
        + L10n.text("tickets.refunded", MoneyFormatting.string(ticket.paid), ticket.cardEnding))
    return 0
  }
}
