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
    case showing(Booking)
    case failed(SearchFailure)

    var failure: SearchFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  private(set) var state: State = .idle
  private let bookings: any BookingRepository
  private var latestRequest = 0

  init(bookings: any BookingRepository) {
    self.bookings = bookings
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
      next = .showing(try await bookings.booking(id: id))
    } catch {
      next = .failed(Self.failure(error))
    }
    finish(request, with: next)
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
