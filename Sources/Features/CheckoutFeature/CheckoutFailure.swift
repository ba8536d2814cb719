public import BookingInterface
public import PaymentInterface
public import SharedKernel

/// Why a checkout or a cancellation failed, grouped by what failed: something the command named,
/// the order itself, or one outside system (the supplier, the payment provider, the ledger).
/// Those that carry an `OrderID` happened after the order was recorded: running the same checkout
/// again, with that key (or, for a cancellation, cancelling the same ticket again), finishes it
/// or reports how it ended.
public enum CheckoutFailure: Error, Sendable, Equatable {
  /// The command named a trip, a ticket or an order that does not exist.
  case unknown(Subject)
  /// The order cannot be made: sold out, too many places, a receipt that does not match.
  case rejected(CheckoutError)
  /// The key was already used for another trip, number of places, traveller or card.
  case keyReused(OrderID)
  /// The order is paid, so it is not given up: its checkout finishes it into a ticket, which
  /// can then be cancelled.
  case orderPaid(OrderID)
  /// The order with this key already ended without a ticket.
  case orderEnded(OrderID, OrderState)
  /// The travel supplier failed; `nil` when that was before the order was recorded (reading
  /// the trip).
  case supplier(Supplier, order: OrderID?)
  /// The payment provider refused, failed or did not answer a charge (or the closing of an
  /// order's charges), as its own error says.
  case payment(PaymentError, order: OrderID)
  /// The payment provider refused, failed or did not answer a refund, as its own error says.
  case refund(PaymentError, order: OrderID)
  /// The order ledger failed; `nil` when that was before the order was recorded.
  case ledger(Ledger, order: OrderID?)
  /// The command was interrupted (Ctrl-C, SIGTERM) and stopped at once. `recorded` is the
  /// order's last state the ledger confirmed; a change under way may have been recorded too.
  case interrupted(OrderID, recorded: OrderState?)

  /// What a command named that does not exist.
  public enum Subject: Sendable, Equatable {
    /// No trip has this identifier.
    case trip(TripID)
    /// No ticket has this identifier.
    case ticket(TicketID)
    /// No ticket or order has this key.
    case order(OrderID)
  }

  /// How the travel supplier failed.
  public enum Supplier: Sendable, Equatable {
    /// It could not be reached; the reason is the interface's own sentence.
    case unreachable(String)
    /// It would not confirm the held places; the charge was refunded.
    case refused(String)
    /// A call was sent but never answered: the same command, run again, finds out how it ended.
    case outcomeUnknown(String)
    /// Its store (the embedded sandbox's file) failed.
    case storage(String)
  }

  /// How the order ledger failed.
  public enum Ledger: Sendable, Equatable {
    /// A read or a write failed (a full disk, a damaged file); the key finishes the order once
    /// the ledger can be written again.
    case failed(TicketingError)
    /// A write was not answered in time (a server that stopped answering, a connection
    /// lost). `recorded` is the order's last state the ledger confirmed (`nil`: not even
    /// its draft was); the error says whether the change under way was read back and found
    /// missing, or could not be read back either.
    case unanswered(TicketingError, recorded: OrderState?)
    /// A write waited in vain for a lock another process or session held, and was rolled back:
    /// nothing of it was written (`TicketingError.lockedElsewhere`). `recorded` is the order's
    /// last state the ledger confirmed, which is where it stands.
    case locked(TicketingError, recorded: OrderState?)
  }

  /// The failure's stable code: what `--json` prints, the log records and the ledger keeps as
  /// why an order's last attempt stopped. Decided here, once, for every reader.
  public var code: String {
    switch self {
    case .unknown(.trip): "not_found"
    case .unknown(.ticket), .unknown(.order): "ticket_not_found"
    case .rejected(.soldOut): "sold_out"
    case .rejected(.notEnoughPlaces): "not_enough_places"
    case .rejected: "order_rejected"
    case .keyReused: "idempotency_key_reused"
    case .orderPaid: "order_paid"
    case .orderEnded: "order_ended"
    case .supplier(.unreachable, _): "upstream_unavailable"
    case .supplier(.refused, _): "supplier_refused"
    case .supplier(.outcomeUnknown, _), .payment(.outcomeUnknown, _), .refund(.outcomeUnknown, _):
      "outcome_unknown"
    case .supplier(.storage, _): "storage_failed"
    case .payment(.declined, _): "card_declined"
    case .payment(.insufficientFunds, _): "insufficient_funds"
    case .payment(.expiredCard, _): "expired_card"
    case .payment(.unavailable, _): "upstream_unavailable"
    case .payment(.storageFailed, _), .refund(.storageFailed, _): "storage_failed"
    case .payment, .refund: "payment_failed"
    case .ledger(.failed(.diskFull), _): "disk_full"
    case .ledger(.failed, _): "storage_failed"
    case .ledger(.unanswered, _): "ledger_unanswered"
    case .ledger(.locked, _): "ledger_locked"
    case .interrupted: "interrupted"
    }
  }

  /// Whether the failure is a refusal (a rule, a card, a person's input) rather than a fault of
  /// a system that should have answered: the log's warning, not its error.
  public var isRefusal: Bool {
    switch self {
    case .unknown, .rejected, .keyReused, .orderPaid, .orderEnded, .interrupted: true
    case .payment(let error, _), .refund(let error, _): !Self.isFault(error)
    case .supplier, .ledger: false
    }
  }

  /// The order a failure happened to, when it happened after the order was recorded.
  public var recordedOrder: OrderID? {
    switch self {
    case .keyReused, .unknown, .rejected: nil
    case .orderPaid(let order), .orderEnded(let order, _), .payment(_, let order),
      .refund(_, let order), .interrupted(let order, _):
      order
    case .supplier(_, let order), .ledger(_, let order): order
    }
  }

  /// Whether a payment error is the provider's fault (it did not answer, or its store failed)
  /// rather than a refusal of this payment.
  static func isFault(_ error: PaymentError) -> Bool {
    switch error {
    case .unavailable, .outcomeUnknown, .storageFailed: true
    default: false
    }
  }
}
