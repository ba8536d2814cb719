public import BookingInterface
public import DesignSystem
public import Foundation
public import SharedKernel

/// What the tickets feature needs from the outside world: the ledger, through its interface,
/// and a closure for what another feature knows.
public struct TicketsDependencies: Sendable {
  /// Where tickets and orders are recorded.
  public let ledger: any OrderLedger
  /// The trip a ticket holds places on, as the ticket's screen names and links it. Trips are
  /// another feature's business: whoever composes this one answers (by default nobody does,
  /// and the screen names the trip by its identifier).
  public let trip: @Sendable (TripID) async -> TripReference?
  /// The commands the screens suggest, the program's own (by default, none).
  public let commands: TicketsCommands

  /// Bundles the dependencies.
  public init(
    ledger: any OrderLedger,
    trip: @escaping @Sendable (TripID) async -> TripReference? = { _ in nil },
    commands: TicketsCommands = .none
  ) {
    self.ledger = ledger
    self.trip = trip
    self.commands = commands
  }
}

/// The trip a ticket is for, as the ticket's screen names it: the link that opens it and, when
/// it could be read, its title.
public struct TripReference: Sendable, Equatable {
  /// The link that opens the trip (`voyage://trips/LIS-001`), written by whoever shows trips.
  public let link: URL
  /// The trip's title; `nil` when the trip could not be read.
  public let title: String?

  /// Describes a ticket's trip.
  public init(link: URL, title: String?) {
    self.link = link
    self.title = title
  }
}

/// A person's tickets and unfinished orders: the feature's one public door. Each call leaves
/// the feature in a state that `screen(theme:)` renders for the terminal and `json()` for
/// machines. Cancelling a ticket is a checkout step (it refunds and returns places), so it
/// lives with checkout; this feature only reads.
public final class TicketsFeature {
  private let ledger: any OrderLedger
  private let trip: @Sendable (TripID) async -> TripReference?
  private let commands: TicketsCommands
  private(set) var state: TicketsState = .idle

  /// A tickets feature reading from `dependencies`.
  public init(dependencies: TicketsDependencies) {
    ledger = dependencies.ledger
    trip = dependencies.trip
    commands = dependencies.commands
  }

  /// Reads every ticket, newest first.
  public func listTickets() async {
    do {
      state = .tickets(try await ledger.tickets())
    } catch {
      state = .failed(.storage(error))
    }
  }

  /// Reads the orders that did not end, oldest first.
  public func listUnfinishedOrders() async {
    do {
      state = .orders(try await ledger.unfinishedOrders(), readAt: Date())
    } catch {
      state = .failed(.storage(error))
    }
  }

  /// Reads one ticket and the trip it is for.
  public func show(_ id: TicketID) async {
    do {
      guard let ticket = try await ledger.tickets().first(where: { $0.id == id }) else {
        state = .failed(.ticketNotFound(id))
        return
      }
      state = .ticket(ticket, trip: await trip(ticket.tripID))
    } catch {
      state = .failed(.storage(error))
    }
  }

  /// The tickets that may still hold places on `trip` (issued, or being cancelled), newest
  /// first: what a trip's screen lists. The rendered state does not change.
  public func tickets(holding trip: TripID) async throws(TicketingError) -> [Ticket] {
    try await ledger.tickets().filter { $0.tripID == trip && $0.status != .cancelled }
  }

  /// Why the last read failed, if it did.
  public var failure: TicketsFailure? {
    if case .failed(let failure) = state { return failure }
    return nil
  }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    TicketsScreen(state: state, theme: theme, commands: commands).text
  }

  /// The current state as stable JSON (documented in "Using Voyage").
  public func json() -> Data {
    TicketsScreen.json(state, commands: commands)
  }
}

extension TicketsFeature {
  /// The link that opens a ticket's screen: `voyage://tickets/TKT-6EBD95C0BAF9`. This feature
  /// owns the tickets' links; the composition root turns them into routes.
  public nonisolated static func link(to ticket: TicketID) -> URL {
    // "voyage://tickets/" and a valid identifier (letters, digits, - and _): always a URL.
    guard let link = URL(string: "voyage://tickets/\(ticket.rawValue)") else {
      preconditionFailure("ticket link")
    }
    return link
  }

  /// The ticket a link names, when it is one of this feature's (`voyage://tickets/<ticket>`,
  /// nothing more); `nil` for any other link.
  public nonisolated static func ticket(linkedBy link: URL) -> TicketID? {
    guard link.scheme?.lowercased() == "voyage", link.host?.lowercased() == "tickets",
      link.user == nil, link.port == nil, link.query == nil, link.fragment == nil,
      link.pathComponents.count == 2
    else { return nil }
    return TicketID(link.lastPathComponent)
  }
}

/// Why a read failed, in the categories a caller reacts to differently.
public enum TicketsFailure: Sendable, Equatable {
  /// No ticket has this identifier.
  case ticketNotFound(TicketID)
  /// The ledger could not be read.
  case storage(TicketingError)
}

/// What the tickets feature last read.
enum TicketsState {
  case idle
  case tickets([Ticket])
  case orders([OrderRecord], readAt: Date)
  case ticket(Ticket, trip: TripReference?)
  case failed(TicketsFailure)
}
