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

  /// The trips whose city contains the query's destination, after any hold.
  public func search(_ query: SearchQuery) async throws -> [TripSummary] {
    if holding.contains(query.destination) {
      await withCheckedContinuation { held[query.destination] = $0 }
    }
    if let failure { throw failure }
    return trips.filter { SearchQuery.normalize($0.destination.city).contains(query.destination) }
      .map(\.summary)
  }

  /// The trip with `id`, or `notFound`.
  public func trip(id: TripID) async throws -> Trip {
    if let failure { throw failure }
    guard let trip = trips.first(where: { $0.id == id }) else { throw TripError.notFound(id) }
    return trip
  }
}
