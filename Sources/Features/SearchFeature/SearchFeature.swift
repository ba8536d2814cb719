public import BookingInterface
public import DesignSystem
public import Foundation
public import SharedKernel

/// What search needs from the outside world: interfaces and closures only, so the feature can
/// be built, tested and demoed without any implementation or any other feature.
public struct SearchDependencies: Sendable {
  /// Where trips come from.
  public let trips: any TripRepository
  /// The tickets the traveller already holds on a trip, or is cancelling, which the trip's screen
  /// counts and links to. Tickets are another feature's business: whoever composes search answers (by default,
  /// nobody holds anything).
  public let ticketsOnTrip: @Sendable (TripID) async throws(TicketingError) -> [TicketOnTrip]
  /// The commands the screens suggest, the program's own (by default, none).
  public let commands: SearchCommands

  /// Bundles the dependencies.
  public init(
    trips: any TripRepository,
    ticketsOnTrip:
      @escaping @Sendable (TripID) async throws(TicketingError) -> [TicketOnTrip] = { _ in [] },
    commands: SearchCommands = .none
  ) {
    self.trips = trips
    self.ticketsOnTrip = ticketsOnTrip
    self.commands = commands
  }
}

/// A ticket that holds places on a trip, as the trip's screen lists it: identifiers and the
/// link that opens the ticket, never the ticket itself.
public struct TicketOnTrip: Sendable, Equatable {
  /// The ticket.
  public let id: TicketID
  /// How many places it holds.
  public let places: Int
  /// The link that opens it (`voyage://tickets/TKT-…`), written by whoever keeps tickets.
  public let link: URL
  /// Whether its cancellation is under way: its places are going back, and cancelling it
  /// again (`voyage cancel <ticket>`) finishes it.
  public let isCancelling: Bool

  /// Describes one ticket on a trip.
  public init(id: TicketID, places: Int, link: URL, isCancelling: Bool = false) {
    self.id = id
    self.places = places
    self.link = link
    self.isCancelling = isCancelling
  }
}

/// What search tells whoever composed it. Identifiers only: checkout learns *which* trip, and
/// fetches it through its own dependencies.
public enum SearchOutput: Sendable, Equatable {
  /// The person picked a trip to buy.
  case tripSelected(TripID)
}

/// Searching and showing bookable trips: the feature's one public door.
///
/// Each call leaves the feature in a state that `screen(theme:)` renders for the terminal and
/// `json()` for machines.
public final class SearchFeature {
  private let viewModel: SearchViewModel
  private let output: (SearchOutput) -> Void
  private let commands: SearchCommands

  /// A search feature reading from `dependencies`, reporting to `output`.
  public init(dependencies: SearchDependencies, output: @escaping (SearchOutput) -> Void) {
    viewModel = SearchViewModel(
      trips: dependencies.trips, ticketsOnTrip: dependencies.ticketsOnTrip)
    self.output = output
    commands = dependencies.commands
  }

  /// Runs `query`; the outcome is in the rendered state.
  public func search(_ query: SearchQuery) async {
    await viewModel.search(query)
  }

  /// Fetches one trip's details and the tickets already held on it; the outcome is in the
  /// rendered state.
  public func show(_ id: TripID) async {
    await viewModel.show(id)
  }

  /// The trip's title, for another screen that names the trip (a ticket's); `nil` when the trip
  /// cannot be read. The rendered state does not change.
  public func title(of id: TripID) async -> String? {
    try? await viewModel.trip(id).title
  }

  /// Picks the result numbered `number` (1-based) in the current list and reports it, unless
  /// there is no such result or the trip is sold out: a sold-out trip is listed, never bought.
  @discardableResult
  public func select(resultNumber number: Int) -> SearchSelection {
    guard case .loaded(_, let results) = viewModel.state, results.indices.contains(number - 1)
    else {
      return .noSuchResult
    }
    let trip = results[number - 1]
    guard !trip.isSoldOut else { return .soldOut(trip.id) }
    output(.tripSelected(trip.id))
    return .selected(trip.id)
  }

  /// The trip `show(_:)` fetched, while it is on screen: what a checkout of it will cost.
  public var shownTrip: Trip? {
    if case .showing(let trip, _) = viewModel.state { return trip }
    return nil
  }

  /// Whether the last operation failed, and how: lets a command line choose its exit status.
  public var failure: SearchFailure? { viewModel.state.failure }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    SearchScreen(state: viewModel.state, theme: theme, commands: commands).text
  }

  /// The current state as stable JSON (documented in "Using Voyage").
  public func json() -> Data {
    SearchScreen.json(viewModel.state)
  }
}

extension SearchFeature {
  /// The link that opens a trip's screen: `voyage://trips/LIS-001`. Search owns the trips'
  /// links; the composition root turns them into routes.
  public nonisolated static func link(to trip: TripID) -> URL {
    // "voyage://trips/" and a valid identifier (letters, digits and dashes): always a URL.
    guard let link = URL(string: "voyage://trips/\(trip.rawValue)") else {
      preconditionFailure("trip link")
    }
    return link
  }

  /// The trip a link names, when it is one of search's (`voyage://trips/<trip>`, nothing more);
  /// `nil` for any other link.
  public nonisolated static func trip(linkedBy link: URL) -> TripID? {
    guard link.scheme?.lowercased() == "voyage", link.host?.lowercased() == "trips",
      link.user == nil, link.port == nil, link.query == nil, link.fragment == nil,
      link.pathComponents.count == 2
    else { return nil }
    return TripID(link.lastPathComponent)
  }
}

/// What picking a result by its number did.
public enum SearchSelection: Sendable, Equatable {
  /// The trip was picked (and reported as `.tripSelected`).
  case selected(TripID)
  /// The trip has no places left; nothing was picked.
  case soldOut(TripID)
  /// The current list has no result with that number.
  case noSuchResult
}

/// Why a search or a lookup failed, in the categories a caller reacts to differently.
public enum SearchFailure: Sendable, Equatable {
  /// No trip has the requested identifier.
  case notFound(TripID)
  /// The supplier could not be reached or answered badly.
  case upstreamUnavailable(String)
  /// The supplier's store, a file in the Voyage home for the embedded sandbox, failed.
  case storage(String)
}
