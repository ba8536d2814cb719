public import BookingInterface
public import PaymentInterface

/// Why a part of the graph that a command needs could not be opened, named by the part that
/// failed: the ledger's errors speak of orders and tickets, the payment provider's of payments,
/// so neither is told in the other's words.
public enum GraphOpeningError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The order ledger (its file in the Voyage home, or its server) could not be opened.
  case ledger(TicketingError)
  /// The payment provider could not be opened (the embedded sandbox's store in the Voyage home).
  case payments(PaymentError)

  /// A sentence a person can act on: the failed part's own.
  public var description: String {
    switch self {
    case .ledger(let error): error.description
    case .payments(let error): error.description
    }
  }

  /// Whether the disk is full, which a script tells apart from other storage failures.
  public var isDiskFull: Bool {
    if case .ledger(.diskFull) = self { true } else { false }
  }
}
