import Foundation

/// Checkout: books the places and shows the ticket, then the traveller's tickets.
public final class CheckoutScreen: Screen {
  public let name = "checkout"
  public let viewModel: CheckoutViewModel
  public var tripID = ""
  public var traveller = ""
  public var card = ""
  public var places: Int?

  public init(viewModel: CheckoutViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> Int32 {
    viewModel.checkout(tripID: tripID, traveller: traveller, cardNumber: card, places: places)
    if let error = viewModel.error { return report(error) }
    guard let ticket = viewModel.ticket else { return report(.server(status: 0)) }
    Console.current.line(L10n.text("checkout.done", ticket.id))
    let rows: [(String, String)] = [
      (L10n.text("checkout.trip"), "\(ticket.tripID)  \(ticket.tripTitle)"),
      (L10n.text("checkout.traveller"), ticket.traveller),
      (L10n.text("checkout.places"), String(ticket.places)),
      (
        L10n.text("checkout.paid"),
        L10n.text("checkout.paidWith", MoneyFormatting.string(ticket.paid), ticket.cardEnding)
      ),
      (L10n.text("checkout.starts"), DateFormatting.day(ticket.startDate)),
    ]
    let width = rows.map(\.0.displayWidth).max() ?? 0
    for (label, value) in rows {
      Console.current.line(
        "  \(label)\(String(repeating: " ", count: width - label.displayWidth))  \(value)")
    }
    Console.current.line()
    // After a purchase, the traveller's tickets: checkout builds that screen itself.
    let tickets = TicketsScreen(viewModel: TicketsViewModel(api: viewModel.api))
    tickets.compact = true
    return tickets.show()
  }
}
