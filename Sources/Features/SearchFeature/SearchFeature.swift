public import BookingInterface
public import DesignSystem
public import Foundation
public import SharedKernel

/// What search needs from the outside world: interfaces only, so the feature can be built,
/// tested and demoed without any implementation.
public struct SearchDependencies: Sendable {
  /// Where trips come from.
  public let bookings: any BookingRepository

  /// Bundles the dependencies.
  public init(bookings: any BookingRepository) {
    self.bookings = bookings
  }
}

/// What search tells whoever composed it. Identifiers only: checkout learns *which* trip, and
/// fetches it through its own dependencies.
public enum SearchOutput: Sendable, Equatable {
  /// The person picked a trip to buy.
  case bookingSelected(BookingID)
}

/// Searching and showing bookable trips: the feature's one public door.
///
/// Each call leaves the feature in a state that `screen(theme:)` renders for the terminal and
/// `json()` for machines.
public final class SearchFeature {
  private let viewModel: SearchViewModel
  private let output: (SearchOutput) -> Void

  /// A search feature reading from `dependencies`, reporting to `output`.
  public init(dependencies: SearchDependencies, output: @escaping (SearchOutput) -> Void) {
    viewModel = SearchViewModel(bookings: dependencies.bookings)
    self.output = output
  }

  /// Runs `query`; the outcome is in the rendered state.
  public func search(_ query: SearchQuery) async {
    await viewModel.search(query)
  }

  /// Fetches one trip's details; the outcome is in the rendered state.
  public func show(_ id: BookingID) async {
    await viewModel.show(id)
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
    output(.bookingSelected(trip.id))
    return .selected(trip.id)
  }

  /// The trip `show(_:)` fetched, while it is on screen: what a checkout of it will cost.
  public var shownTrip: Booking? {
    if case .showing(let trip) = viewModel.state { return trip }
    return nil
  }

  /// Whether the last operation failed, and how: lets a command line choose its exit status.
  public var failure: SearchFailure? { viewModel.state.failure }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    SearchScreen(state: viewModel.state, theme: theme).text
  }

  /// The current state as stable JSON (documented in the README).
  public func json() -> Data {
    SearchScreen.json(viewModel.state)
  }
}

/// What picking a result by its number did.
public enum SearchSelection: Sendable, Equatable {
  /// The trip was picked (and reported as `.bookingSelected`).
  case selected(BookingID)
  /// The trip has no places left; nothing was picked.
  case soldOut(BookingID)
  /// The current list has no result with that number.
  case noSuchResult
}

/// Why a search or a lookup failed, in the categories a caller reacts to differently.
public enum SearchFailure: Sendable, Equatable {
  /// No trip has the requested identifier.
  case notFound(BookingID)
  /// The supplier could not be reached or answered badly.
  case upstreamUnavailable(String)
  /// The supplier's store, a file in the Voyage home for the embedded sandbox, failed.
  case storage(String)
}
