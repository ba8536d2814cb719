package import BookingInterface
package import SharedKernel

/// What a ledger's write found, decided inside its transaction and turned into a result or the
/// interface's error outside it.
package enum LedgerWriteOutcome<Recorded: Sendable>: Sendable {
  /// The order moved, or already showed the move: what is recorded now.
  case moved(Recorded)
  /// No order has the key.
  case unknown
  /// The order's state does not lead to the move.
  case illegal(OrderState)

  /// What was recorded, or why the move of order `id` to `state` was refused.
  package func recorded(_ id: OrderID, movingTo state: OrderState) throws(TicketingError)
    -> Recorded
  {
    switch self {
    case .moved(let recorded): return recorded
    case .unknown: throw .unknownOrder(id.rawValue)
    case .illegal(let from): throw .illegalTransition(id, from: from, to: state)
    }
  }
}

extension LedgerWriteOutcome where Recorded == Ticket {
  /// What issuing a ticket finds for an order in `state` (`nil`: no order has the key), before
  /// it writes anything: `nil` when the order is charged and its ticket is to be issued now;
  /// else the ticket `issued` finds for an order already ticketed (a retried checkout gets the
  /// same ticket), or the refused move.
  package static func issuing<Failure>(
    from state: OrderState?, issued: () throws(Failure) -> Ticket?
  ) throws(Failure) -> Self? {
    guard let state else { return .unknown }
    if state == .ticketed, let ticket = try issued() { return .moved(ticket) }
    guard state == .charged else { return .illegal(state) }
    return nil
  }
}

extension LedgerWriteOutcome: Equatable where Recorded: Equatable {}
