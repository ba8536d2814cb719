import BookingInterface
import SharedKernel

/// Search's state machine: idle → loading → loaded, empty or failed, for a list or one trip.
/// A result that arrives for an older request never overwrites a newer one.
final class SearchViewModel {
  enum State: Equatable {
    case idle
    case loading(SearchQuery?)
    case loaded(SearchQuery, [TripSummary])
    case empty(SearchQuery)
    /// One trip, with the tickets already held on it (or why they could not be read).
    case showing(Trip, tickets: Result<[TicketOnTrip], TicketingError>)
    case failed(SearchFailure)

    var failure: SearchFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  private(set) var state: State = .idle
  private let trips: any TripRepository
  private let ticketsOnTrip: @Sendable (TripID) async throws(TicketingError) -> [TicketOnTrip]
  private var latestRequest = 0

  init(
    trips: any TripRepository,
    ticketsOnTrip: @escaping @Sendable (TripID) async throws(TicketingError) -> [TicketOnTrip]
  ) {
    self.trips = trips
    self.ticketsOnTrip = ticketsOnTrip
  }

  func search(_ query: SearchQuery) async {
    let request = begin(.loading(query))
    let next: State
    do {
      let results = try await trips.search(query)
      next = results.isEmpty ? .empty(query) : .loaded(query, results)
    } catch {
      next = .failed(Self.failure(error))
    }
    finish(request, with: next)
  }

  func show(_ id: TripID) async {
    let request = begin(.loading(nil))
    let next: State
    do {
      let trip = try await trips.trip(id: id)
      // Asked only once the trip exists: a mistyped identifier reads no tickets.
      let tickets: Result<[TicketOnTrip], TicketingError>
      do throws(TicketingError) {
        tickets = .success(try await ticketsOnTrip(id))
      } catch {
        tickets = .failure(error)
      }
      next = .showing(trip, tickets: tickets)
    } catch {
      next = .failed(Self.failure(error))
    }
    finish(request, with: next)
  }

  /// One trip, read without touching the state.
  func trip(_ id: TripID) async throws -> Trip {
    try await trips.trip(id: id)
  }

  private func begin(_ loading: State) -> Int {
    latestRequest += 1
    state = loading
    return latestRequest
  }

  /// Applies a result only if no newer request started while it was on its way.
  private func finish(_ request: Int, with next: State) {
    guard request == latestRequest else { return }
    state = next
  }

  private static func failure(_ error: any Error) -> SearchFailure {
    switch error as? TripError {
    case .notFound(let id): .notFound(id)
    case .storageFailed(let reason): .storage(reason)
    case .some(let error): .upstreamUnavailable(error.description)
    case .none: .upstreamUnavailable(String(describing: error))
    }
  }
}
