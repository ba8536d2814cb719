import BookingInterface
import SharedKernel

/// Search's state machine: idle → loading → loaded, empty or failed, for a list or one trip.
/// A result that arrives for an older request never overwrites a newer one.
final class SearchViewModel {
  enum State: Equatable {
    case idle
    case loading(SearchQuery?)
    case loaded(SearchQuery, [BookingSummary])
    case empty(SearchQuery)
    /// One trip, with the tickets already held on it (or why they could not be read).
    case showing(Booking, tickets: Result<[TicketOnTrip], TicketingError>)
    case failed(SearchFailure)

    var failure: SearchFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  private(set) var state: State = .idle
  private let bookings: any BookingRepository
  private let ticketsOnTrip: @Sendable (BookingID) async throws(TicketingError) -> [TicketOnTrip]
  private var latestRequest = 0

  init(
    bookings: any BookingRepository,
    ticketsOnTrip: @escaping @Sendable (BookingID) async throws(TicketingError) -> [TicketOnTrip]
  ) {
    self.bookings = bookings
    self.ticketsOnTrip = ticketsOnTrip
  }

  func search(_ query: SearchQuery) async {
    let request = begin(.loading(query))
    let next: State
    do {
      let results = try await bookings.search(query)
      next = results.isEmpty ? .empty(query) : .loaded(query, results)
    } catch {
      next = .failed(Self.failure(error))
    }
    finish(request, with: next)
  }

  func show(_ id: BookingID) async {
    let request = begin(.loading(nil))
    let next: State
    do {
      let trip = try await bookings.booking(id: id)
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
  func trip(_ id: BookingID) async throws -> Booking {
    try await bookings.booking(id: id)
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
    switch error as? BookingError {
    case .notFound(let id): .notFound(id)
    case .storageFailed(let reason): .storage(reason)
    case .some(let error): .upstreamUnavailable(error.description)
    case .none: .upstreamUnavailable(String(describing: error))
    }
  }
}
