public import SharedKernel

/// Where bookable trips come from, whether a supplier over HTTP, a sandbox or a cache in front
/// of either. Search and checkout depend on this protocol, never on an implementation.
///
/// Errors are ``TripError``, or `CancellationError` when the calling task is cancelled.
///
/// Both requirements are `nonisolated(nonsending)`: they start on the caller's executor instead of
/// hopping to the global one first, so a cache that can answer at once (a hit) answers without
/// leaving the caller's actor, which the main-actor features call it from. An implementation
/// that does real work leaves it itself: a plain `async` method witnessing them runs where it
/// always did, and the coalescing cache's miss path hops to its actor.
public protocol TripRepository: Sendable {
  /// The trips matching `query`, in its sort order, at most `query.limit` of them.
  nonisolated(nonsending) func search(_ query: SearchQuery) async throws -> [TripSummary]

  /// One trip by its identifier; throws `TripError.notFound` when there is none.
  nonisolated(nonsending) func trip(id: TripID) async throws -> Trip
}

/// Why a trip could not be found or fetched, in terms a caller can act on.
public enum TripError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No trip has this identifier.
  case notFound(TripID)
  /// The supplier could not be reached or failed; trying again later may work.
  case upstreamUnavailable(reason: String)
  /// The supplier answered with something that is not a valid trip.
  case invalidResponse(reason: String)
  /// The supplier's own store failed; for the embedded sandbox that is a file in the Voyage
  /// home, which the reason names, so it is a local storage problem, not an outage.
  case storageFailed(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .notFound(let id): "no trip has the identifier \(id)"
    case .upstreamUnavailable(let reason): "the travel supplier is unavailable: \(reason)"
    case .invalidResponse(let reason): "the travel supplier sent an invalid answer: \(reason)"
    case .storageFailed(let reason): reason
    }
  }
}
