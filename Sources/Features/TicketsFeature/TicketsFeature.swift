public import BookingInterface
public import DesignSystem
public import Foundation
import SharedKernel

/// What the tickets feature needs from the outside world: the ledger, through its interface.
public struct TicketsDependencies: Sendable {
  /// Where tickets and orders are recorded.
  public let ledger: any OrderLedger

  /// Bundles the dependencies.
  public init(ledger: any OrderLedger) {
    self.ledger = ledger
  }
}

/// A person's tickets and unfinished orders: the feature's one public door. Each call leaves
/// the feature in a state that `screen(theme:)` renders for the terminal and `json()` for
/// machines. Cancelling a ticket is a checkout step (it refunds and returns places), so it
/// lives with checkout; this feature only reads.
public final class TicketsFeature {
  private let ledger: any OrderLedger
  private(set) var state: TicketsState = .idle

  /// A tickets feature reading from `dependencies`.
  public init(dependencies: TicketsDependencies) {
    ledger = dependencies.ledger
  }

  /// Reads every ticket, newest first.
  public func listTickets() async {
    do {
      state = .tickets(try await ledger.tickets())
    } catch {
      state = .failed(error)
    }
  }

  /// Reads the orders that did not end, oldest first.
  public func listUnfinishedOrders() async {
    do {
      state = .orders(try await ledger.unfinishedOrders(), readAt: Date())
    } catch {
      state = .failed(error)
    }
  }

  /// Why the last read failed, if it did.
  public var failure: TicketingError? {
    if case .failed(let error) = state { return error }
    return nil
  }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    TicketsScreen(state: state, theme: theme).text
  }

  /// The current state as stable JSON (documented in the README).
  public func json() -> Data {
    TicketsScreen.json(state)
  }
}

/// What the tickets feature last read.
enum TicketsState {
  case idle
  case tickets([Ticket])
  case orders([OrderRecord], readAt: Date)
  case failed(TicketingError)
}
