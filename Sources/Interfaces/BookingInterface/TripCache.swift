public import SharedKernel

/// A trip repository that remembers answers and shares in-flight requests. It can be told to
/// forget a trip (after a ticket changes its places left) and reports what it did, so the app can wire
/// invalidation events to it and the command line can show its counters.
public protocol TripCache: TripRepository {
  /// Forgets `id` and every cached search, so the next read goes to the supplier; a request
  /// already in flight still answers its callers but does not store its result.
  func invalidate(tripID id: TripID) async

  /// Forgets everything cached; in-flight requests answer their callers but store nothing.
  func invalidateAll() async

  /// What the cache has done so far, and what it holds now.
  func statistics() async -> TripCacheStatistics
}

/// Counters of a ``TripCache``: what it saved the supplier, and proof that nothing leaked.
public struct TripCacheStatistics: Sendable, Hashable, Codable {
  /// Requests sent to the upstream repository.
  public var upstreamCalls = 0
  /// Callers that joined a request already in flight instead of sending their own.
  public var coalescedWaits = 0
  /// Callers answered from the cache.
  public var cacheHits = 0
  /// Upstream requests that failed (their errors were handed to every waiter, never cached).
  public var failures = 0
  /// Callers that left because their task was cancelled.
  public var cancelledWaits = 0
  /// Upstream requests in flight now.
  public var inFlight = 0
  /// Callers waiting now.
  public var waiting = 0
  /// Answers cached now.
  public var cachedEntries = 0

  /// All zero: a cache that has done nothing.
  public init() {}
}
