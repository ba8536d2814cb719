public import BookingInterface
public import SharedKernel

/// The supplier's catalog as a list: searches filter it the way the supplier does, a failure can
/// be set for every call, and a destination's searches can be held until the test releases them
/// (to decide which of two searches answers first).
public actor InMemoryTripRepository: TripRepository {
  /// The catalog.
  public var trips: [Trip]
  /// Thrown by every call while set.
  public var failure: TripError?
  private var held: [String: CheckedContinuation<Void, Never>] = [:]
  private var holding: Set<String> = []

  /// A catalog of `trips`, failing every call with `failure` when one is given.
  public init(trips: [Trip], failure: TripError? = nil) {
    self.trips = trips
    self.failure = failure
  }

  /// Searches for `destination` (normalized) wait from now on until `release(_:)`.
  public func hold(_ destination: String) { holding.insert(destination) }

  /// Lets the waiting search for `destination` answer, and later ones answer at once.
  public func release(_ destination: String) {
    holding.remove(destination)
    held.removeValue(forKey: destination)?.resume()
  }

  /// Whether a search for `destination` is waiting: what a test awaits before releasing it.
  public func isHeld(_ destination: String) -> Bool { held[destination] != nil }

  /// The trips `query` asks for, after any hold, by the rules every trip repository keeps
  /// (`TripRepositoryContract`): the destination is part of a trip's city or country, case,
  /// diacritics and spacing aside; the dates, places and maximum price filter; the sort orders;
  /// the limit cuts. The double knows no exchange rates: a maximum price keeps only trips in its
  /// own currency, and the price order puts currencies in the order of their codes.
  public func search(_ query: SearchQuery) async throws -> [TripSummary] {
    if holding.contains(query.destination) {
      await withCheckedContinuation { held[query.destination] = $0 }
    }
    if let failure { throw failure }
    return
      trips
      .filter { trip in
        query.names(
          aPlaceKnownAs: [
            SearchQuery.normalize(trip.destination.city),
            SearchQuery.normalize(trip.destination.country),
          ]) && query.admits(trip) && Self.costs(trip, atMost: query.maximumPrice)
      }
      .sorted { query.lists($0, before: $1, cheaper: Self.cheaper) }
      .prefix(query.limit)
      .map(\.summary)
  }

  private static func costs(_ trip: Trip, atMost maximum: Money?) -> Bool {
    guard let maximum else { return true }
    return trip.price.currency == maximum.currency && trip.price.minorUnits <= maximum.minorUnits
  }

  private static func cheaper(_ left: Money, _ right: Money) -> Bool {
    left.currency == right.currency
      ? left.minorUnits < right.minorUnits : left.currency < right.currency
  }

  /// The trip with `id`, or `notFound`.
  public func trip(id: TripID) async throws -> Trip {
    if let failure { throw failure }
    guard let trip = trips.first(where: { $0.id == id }) else { throw TripError.notFound(id) }
    return trip
  }
}
