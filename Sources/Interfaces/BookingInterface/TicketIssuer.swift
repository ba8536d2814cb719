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

/// The durable record of checkouts: an order is written *before* its payment is taken, and its
/// ticket in the same transaction that completes it, so a checkout retried after any failure or
/// crash finds where it stopped and never charges or tickets twice.
public protocol OrderLedger: TicketIssuer, TicketHistory {
  /// Records `order` as started, or reports how far an earlier attempt with the same order
  /// identifier (the idempotency key) got. The same identifier for a different order is refused.
  func begin(_ order: DraftOrder) async throws(TicketingError) -> OrderProgress
}

/// How far a checkout has got, as the ledger remembers it.
public enum OrderProgress: Sendable, Equatable {
  /// First time this order is seen: take the payment.
  case started
  /// An earlier attempt recorded the order but issued no ticket: take the payment again with the
  /// same idempotency key (the provider answers with the original charge, if there was one).
  case resumed
  /// The order is complete: here is its ticket; take no payment.
  case completed(Ticket)
}

/// Why orders and tickets could not be recorded or read.
public enum TicketingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The Voyage home folder cannot be created or written.
  case folderNotWritable(path: String)
  /// The ledger file is not a database, or is damaged; it was left untouched.
  case unreadableLedger(path: String)
  /// Another process held the ledger longer than the timeout.
  case ledgerLocked(path: String)
  /// The disk is full.
  case diskFull(path: String)
  /// The order identifier (idempotency key) was already used for a different order.
  case orderConflict(OrderID)
  /// Any other storage failure.
  case storageFailed(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .folderNotWritable(let path):
      "cannot create or write \(path); check its permissions or set VOYAGE_HOME to another folder"
    case .unreadableLedger(let path):
      "\(path) is not a readable Voyage ledger (it was left untouched); move it away or set VOYAGE_HOME"
    case .ledgerLocked(let path): "\(path) is busy in another process; try again in a moment"
    case .diskFull(let path): "the disk holding \(path) is full"
    case .orderConflict(let id):
      "the idempotency key \(id) was already used for a different order; use a new key"
    case .storageFailed(let reason): "tickets could not be stored or read: \(reason)"
    }
  }
}
