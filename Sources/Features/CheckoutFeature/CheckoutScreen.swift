import BookingInterface
import DesignSystem
import Foundation
import PaymentInterface
import SharedKernel

/// Renders checkout's state: a ticket, progress, or a one-line failure.
struct CheckoutScreen {
  let state: CheckoutViewModel.State
  let theme: TerminalTheme
  /// What the failure interrupted, so its advice names the command that finishes it.
  var operation: CheckoutViewModel.Operation = .checkout
  /// The commands a message may suggest: only the program's own.
  var commands: CheckoutCommands = .none

  var text: String {
    switch state {
    case .draft: return ""
    case .holding: return theme.paint("Holding the places" + theme.symbol(.ellipsis), .muted)
    case .charging: return theme.paint("Charging the card" + theme.symbol(.ellipsis), .muted)
    case .confirming: return theme.paint("Confirming the places" + theme.symbol(.ellipsis), .muted)
    case .cancelling, .givingUp:
      return theme.paint("Cancelling" + theme.symbol(.ellipsis), .muted)
    case .givenUp(let order):
      return details(
        theme.paint("\(theme.symbol(.success)) Order \(order.id) given up", .success),
        [
          ("Trip", order.tripID.rawValue),
          ("Places", "\(order.places) released"),
          order.state == .refunded
            ? (
              "Refunded",
              "\(order.amount) to \(theme.maskedCard(brand: order.card.brand, lastFour: order.card.lastFour))"
            )
            : ("Charged", "nothing"),
        ])
    case .failed(let failure):
      // A reason may carry a server's own words: shown, never obeyed.
      let message = Self.message(failure, finishing: operation, commands: commands)
        .escapingControlCharacters
      return theme.paint("\(theme.symbol(.failure)) \(message)", .danger) + "\n"
    case .ticketed(let ticket):
      return details(
        theme.paint("\(theme.symbol(.success)) Ticket \(ticket.id)", .success),
        [
          ("Trip", ticket.tripID.rawValue),
          ("Traveller", ticket.travellerName.escapingControlCharacters),
          ("Places", String(ticket.places)),
          ("Paid", "\(ticket.amountPaid) with \(card(ticket))"),
          ("Order", ticket.orderID.rawValue),
        ])
    case .cancelled(let ticket, let earlier):
      let title = earlier ? "was already cancelled" : "cancelled"
      return details(
        theme.paint("\(theme.symbol(.success)) Ticket \(ticket.id) \(title)", .success),
        [
          ("Trip", ticket.tripID.rawValue), ("Places", "\(ticket.places) returned"),
          ("Refunded", "\(ticket.amountPaid) to \(card(ticket))"),
          ("Order", ticket.orderID.rawValue),
        ])
    }
  }

  private func card(_ ticket: Ticket) -> String {
    theme.maskedCard(brand: ticket.cardBrand, lastFour: ticket.cardLastFour)
  }

  private func details(_ title: String, _ rows: [(String, String)]) -> String {
    let indent = String(repeating: " ", count: Spacing.indent)
    let width = rows.map(\.0.displayWidth).max() ?? 0
    return
      ([title]
      + rows.map {
        indent + theme.paint($0.0.padded(toDisplayWidth: width), .muted) + "  " + $0.1
      })
      .joined(separator: "\n") + "\n"
  }

  /// What to do next about an order that was recorded and did not end as asked: the same
  /// checkout with its key, or the same cancel (the program's command for it, when it has one).
  static func nextStep(
    _ order: OrderID, _ operation: CheckoutViewModel.Operation, commands: CheckoutCommands
  ) -> String {
    switch (operation, commands.finishCancelling) {
    case (.checkout, _): "Order \(order) is saved: \(finishingCheckout(order, commands))"
    case (.cancel(let ticket), let command?):
      "Ticket \(ticket)'s cancellation is saved as far as it got: run '\(command) \(ticket)' again to finish it; it never returns the places or refunds twice."
    case (.cancel(let ticket), nil):
      "Ticket \(ticket)'s cancellation is saved as far as it got: cancelling it again finishes it; it never returns the places or refunds twice."
    case (.giveUp(let order), let command?):
      "Order \(order) is saved: run '\(command) \(order)' again to finish cancelling; it never refunds twice."
    case (.giveUp(let order), nil):
      "Order \(order) is saved: giving it up again finishes cancelling; it never refunds twice."
    }
  }

  /// What finishes a checkout: the same command with the order's key where the front has a
  /// command to repeat; else the list of unfinished orders, which names that command; else the
  /// feature's own terms.
  static func finishingCheckout(_ order: OrderID, _ commands: CheckoutCommands) -> String {
    let how =
      if let option = commands.orderKeyOption {
        "run the same command again with \(option) \(order) to finish it"
      } else if let list = commands.listUnfinishedOrders {
        "'\(list)' shows the command that finishes it"
      } else {
        "checking it out again with the same key finishes it"
      }
    return how + "; it never holds or charges twice."
  }

  /// What gets the ticket of a paid order that someone asked to give up: its checkout, run
  /// again with its key.
  static func gettingTheTicket(of order: OrderID, _ commands: CheckoutCommands) -> String {
    if let option = commands.orderKeyOption {
      "run its checkout again with \(option) \(order) to get the ticket"
    } else if let list = commands.listUnfinishedOrders {
      "'\(list)' shows the checkout that gets the ticket"
    } else {
      "check it out again with the same key to get the ticket"
    }
  }

  /// What finishes an order whose state is not certain: the same command, with its key.
  static func finish(
    _ order: OrderID, _ operation: CheckoutViewModel.Operation, commands: CheckoutCommands
  ) -> String {
    switch (operation, commands.finishCancelling) {
    case (.checkout, _): capitalized(finishingCheckout(order, commands))
    case (.cancel(let ticket), let command?):
      "Run '\(command) \(ticket)' again to finish cancelling ticket \(ticket); it never returns the places or refunds twice."
    case (.cancel(let ticket), nil):
      "Cancelling ticket \(ticket) again finishes it; it never returns the places or refunds twice."
    case (.giveUp(let order), let command?):
      "Run '\(command) \(order)' again to finish cancelling; it never refunds twice."
    case (.giveUp(let order), nil):
      "Giving order \(order) up again finishes cancelling; it never refunds twice."
    }
  }

  static func message(
    _ failure: CheckoutFailure, finishing operation: CheckoutViewModel.Operation,
    commands: CheckoutCommands
  ) -> String {
    let nextStep = { (order: OrderID) in Self.nextStep(order, operation, commands: commands) }
    let finish = { (order: OrderID) in Self.finish(order, operation, commands: commands) }
    let key = commands.orderKeyOption ?? "key"
    return switch failure {
    case .unknown(.trip(let id)): "No trip has the identifier \(id)."
    case .unknown(.ticket(let id)): "No ticket has the identifier \(id)."
    case .unknown(.order(let id)): "No ticket or order is known as \(id)."
    case .orderPaid(let id):
      "Order \(id) is paid, so it is not given up: \(gettingTheTicket(of: id, commands)), then cancel the ticket (places returned, money refunded)."
    case .rejected(let error): "The order was refused: \(error)."
    case .keyReused(let order):
      "The idempotency key \(order) was already used for another trip, number of places, traveller or card; use a new key."
    case .orderEnded(let order, let state) where state.isCancelling:
      if let command = commands.listUnfinishedOrders {
        "Order \(order)'s ticket is being cancelled ('\(command)' shows the command that finishes it); use a new \(key)."
      } else {
        "Order \(order)'s ticket is being cancelled; use a new \(key)."
      }
    case .orderEnded(let order, .cancelled):
      "Order \(order)'s ticket was cancelled; use a new \(key)."
    case .orderEnded(let order, let state):
      "Order \(order) already ended (\(state.rawValue)) without a ticket; use a new \(key)."
    // The reason is the interface's own sentence ("the travel supplier is unavailable: …").
    case .supplier(.unreachable(let reason), let order?):
      "\(capitalized(reason)). \(nextStep(order))"
    case .supplier(.refused(let reason), let order?):
      "The supplier would not confirm the places (\(reason)); the charge was refunded and order \(order) has ended."
    case .supplier(.outcomeUnknown(let reason), let order?),
      .payment(.outcomeUnknown(let reason), let order),
      .refund(.outcomeUnknown(let reason), let order):
      "The outcome is unknown: \(reason). \(finish(order))"
    case .supplier(.storage(let reason), let order?),
      .payment(.storageFailed(let reason), let order),
      .refund(.storageFailed(let reason), let order):
      "\(capitalized(reason)). \(nextStep(order))"
    case .supplier(.unreachable(let reason), nil), .supplier(.refused(let reason), nil),
      .supplier(.outcomeUnknown(let reason), nil), .supplier(.storage(let reason), nil):
      "\(capitalized(reason))."
    case .payment(.unavailable(let reason), let order) where operation == .checkout:
      "The payment provider is unavailable (\(reason)); nothing was charged. \(nextStep(order))"
    case .payment(let error, let order) where error.isRetryable:
      "The payment failed: \(error). \(nextStep(order))"
    case .payment(let error, let order):
      "The payment failed: \(error). Nothing was charged and the places were given back (order \(order) has ended; use a new key to try another card)."
    case .refund(let error, let order): "The refund failed: \(error). \(nextStep(order))"
    case .ledger(.failed(let error), nil):
      if case .cancel(let ticket) = operation {
        "Ticket \(ticket) could not be read from the ledger: \(error); nothing was changed."
      } else {
        "The order could not be recorded: \(error)."
      }
    case .ledger(.failed(let error), let order?):
      "The order's next step could not be recorded: \(error). \(nextStep(order))"
    case .ledger(.unanswered(.unanswered(let reason, let checked), let recorded), let order?):
      "The ledger did not answer: \(reason). \(standing(order, recorded, checked)) \(finish(order))"
    case .ledger(.unanswered(let error, let recorded), let order?):
      "The ledger did not answer: \(error). \(standing(order, recorded, false)) \(finish(order))"
    case .ledger(.unanswered(let error, _), nil): "The ledger did not answer: \(error)."
    // Nothing of the write was kept: the order is exactly where the ledger last recorded it.
    case .ledger(.locked(let error, let recorded?), let order?):
      "The order's next step could not be recorded: \(error). Order \(order) is \(recorded.rawValue). \(finish(order))"
    case .ledger(.locked(let error, nil), let order?):
      "The order could not be recorded: \(error). \(finish(order))"
    case .ledger(.locked(let error, _), nil): "The order could not be recorded: \(error)."
    case .interrupted(let order, let recorded?):
      "Interrupted: order \(order) was last recorded \(recorded.rawValue) (a step under way may have been recorded too). \(finish(order))"
    case .interrupted(let order, nil):
      "Interrupted: whether order \(order) was recorded is unknown. \(finish(order))"
    }
  }

  /// Where an order stands after a write the ledger did not answer: its last confirmed state,
  /// and whether the change under way was read back and found missing (`checked`) or is
  /// unknown.
  private static func standing(_ order: OrderID, _ recorded: OrderState?, _ checked: Bool)
    -> String
  {
    switch (recorded, checked) {
    case (let state?, true):
      return "Order \(order) is \(state.rawValue); its next step was not recorded."
    case (let state?, false):
      return
        "Order \(order) was last recorded \(state.rawValue); whether its next step was recorded is unknown."
    case (nil, true): return "Order \(order) was not recorded."
    case (nil, false): return "Whether order \(order) was recorded is unknown."
    }
  }

  private static func capitalized(_ sentence: String) -> String {
    sentence.prefix(1).uppercased() + sentence.dropFirst()
  }

  /// `{"ticket": {...}}` or `{"error": {"code": …, "message": …}}`, keys sorted.
  static func json(
    _ state: CheckoutViewModel.State, finishing operation: CheckoutViewModel.Operation,
    commands: CheckoutCommands
  ) -> Data {
    switch state {
    case .ticketed(let ticket), .cancelled(let ticket, _):
      JSONDocument.data(["ticket": TicketDocument(ticket)])
    case .givenUp(let order): JSONDocument.data(GivenUpOrderDocument(order: order))
    case .failed(let failure):
      JSONDocument.data(
        ErrorDocument(
          code: failure.code, message: message(failure, finishing: operation, commands: commands),
          orderID: failure.recordedOrder?.rawValue))
    default: JSONDocument.data(["state": "in_progress"])
    }
  }
}
