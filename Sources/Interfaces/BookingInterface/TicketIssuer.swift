public import SharedKernel

/// Turns a paid order into a ticket. Taking a `PaidOrder` makes "no ticket without payment" a
/// signature: there is no way to call it for an order nobody paid for.
public protocol TicketIssuer: Sendable {
  /// Issues the ticket for `order`, or returns the one already issued for it, so a retried
  /// checkout never yields two tickets.
  func issueTicket(for order: PaidOrder) async throws(TicketingError) -> Ticket
}

/// The tickets bought so far, newest first: what `voyage tickets` lists.
public protocol TicketHistory: Sendable {
  /// Every issued ticket, newest first.
  func tickets() async throws(TicketingError) -> [Ticket]
}

/// Why tickets could not be issued or read.
public enum TicketingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The storage behind the tickets failed; the reason says how to fix it.
  case storageFailed(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .storageFailed(let reason): "tickets could not be stored or read: \(reason)"
    }
  }
}
