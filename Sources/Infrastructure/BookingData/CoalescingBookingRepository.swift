import BookingInterface
import SharedKernel
import Synchronization

/// Wraps any `BookingRepository` so that identical concurrent requests cost one upstream call,
/// and successful answers are cached for a while.
///
/// Design: the coalescing table lives in this actor rather than in a reusable generic type. Its
/// rules (what a key is, which cached searches a ticket makes stale) are about bookings, and the
/// two kinds of request share one table through the `Key` and `Value` enums. Only the part that
/// is not about bookings, a `Flight` that parks waiters, is its own (generic) type.
///
/// - One upstream request per key: a caller joins the flight in progress, if any. Joining is one
///   synchronous actor turn that looks the key up and, if needed, records a new flight, with no
///   suspension in between, so a reentrant caller always finds it.
/// - Waiters park on the `Flight`, outside the actor: when the answer lands they resume in
///   parallel rather than queueing through the actor.
/// - Every waiter gets the flight's value or error; errors are never cached.
/// - A cancelled waiter leaves at once with `CancellationError`; the upstream work is cancelled
///   only when its last waiter leaves, and a later caller starts a fresh flight.
/// - Successes are cached for `timeToLive`, at most `capacity` of them, least recently used out
///   first. Cache hits are served under a lock without entering the actor: an actor hop costs
///   several times a lock (see `Benchmarks/BookingDataBenchmark`).
/// - Invalidation is identity-guarded: a flight detached by an invalidation answers its waiters
///   but never stores its result, and never removes a newer flight's table entry.
actor CoalescingBookingRepository: BookingCache {
  enum Key: Hashable, Sendable {
    case search(SearchQuery)
    case booking(BookingID)
  }

  enum Value: Sendable {
    case summaries([BookingSummary])
    case booking(Booking)

    func mentions(_ id: BookingID) -> Bool {
      switch self {
      case .summaries(let summaries): summaries.contains { $0.id == id }
      case .booking(let booking): booking.id == id
      }
    }
  }

  private let upstream: any BookingRepository
  private let timeToLive: Duration
  private let now: @Sendable () -> Duration
  private let cache: LockedValue<LeastRecentlyUsedCache<Key, (value: Value, expiresAt: Duration)>>
  private let counters = CoalescingCounters()
  private var flights: [ObjectIdentifier: Flight<Value>] = [:]
  private var joinable: [Key: Flight<Value>] = [:]
  private var nextWaiterID: UInt64 = 0

  /// Wraps `upstream`. `now` is the time elapsed since any fixed origin; tests pass a clock they
  /// move by hand, so expiry is tested without sleeping.
  init(
    upstream: any BookingRepository, timeToLive: Duration, capacity: Int,
    now: @escaping @Sendable () -> Duration
  ) {
    self.upstream = upstream
    self.timeToLive = timeToLive
    self.now = now
    self.cache = LockedValue(LeastRecentlyUsedCache(capacity: capacity))
  }

  nonisolated func search(_ query: SearchQuery) async throws -> [BookingSummary] {
    let key = Key.search(query)
    // The cache-hit path stays synchronous: no actor hop, no further async frame.
    if case .summaries(let summaries)? = cachedValue(for: key) { return summaries }
    guard case .summaries(let summaries) = try await value(for: key) else {
      preconditionFailure("a search key always yields summaries")
    }
    return summaries
  }

  nonisolated func booking(id: BookingID) async throws -> Booking {
    let key = Key.booking(id)
    if case .booking(let booking)? = cachedValue(for: key) { return booking }
    guard case .booking(let booking) = try await value(for: key) else {
      preconditionFailure("a booking key always yields a booking")
    }
    return booking
  }

  func invalidate(bookingID id: BookingID) {
    cache.withLock { cache in
      cache.removeAll { key, entry in
        if case .search = key { return true }
        return entry.value.mentions(id)
      }
    }
    for key in joinable.keys {
      switch key {
      case .search, .booking(id): detach(key)
      case .booking: continue
      }
    }
  }

  func invalidateAll() {
    cache.withLock { $0.removeAll { _, _ in true } }
    for key in joinable.keys { detach(key) }
  }

  func statistics() -> BookingCacheStatistics {
    var statistics = counters.snapshot
    statistics.cachedEntries = cache.withLock { $0.count }
    statistics.inFlight = flights.count
    statistics.waiting = flights.values.reduce(0) { $0 + $1.waiterCount }
    return statistics
  }

  // MARK: - Coalescing

  /// Joins or starts the flight for `key`; the caller has already missed the cache.
  private nonisolated func value(for key: Key) async throws -> Value {
    // Cancelled before joining: leave with nothing recorded.
    try Task.checkCancellation()
    let (flight, waiterID) = await join(key)
    return try await flight.wait(waiterID)
  }

  private nonisolated func cachedValue(for key: Key) -> Value? {
    let moment = now()
    let value = cache.withLock { cache -> Value? in
      guard let entry = cache.value(for: key) else { return nil }
      guard moment < entry.expiresAt else {
        cache.removeValue(for: key)
        return nil
      }
      return entry.value
    }
    if value != nil { counters.cacheHits.add(1, ordering: .relaxed) }
    return value
  }

  /// Joins the flight for `key`, or starts one. Synchronous on the actor: the flight is in the
  /// table before any other caller can look, so reentrancy cannot start a second one.
  private func join(_ key: Key) -> (Flight<Value>, UInt64) {
    nextWaiterID += 1
    let waiterID = nextWaiterID
    if let flight = joinable[key], flight.join(waiterID) {
      counters.coalescedWaits.add(1, ordering: .relaxed)
      return (flight, waiterID)
    }
    // A value may have landed while this caller hopped onto the actor.
    if let cached = cachedValue(for: key) {
      let landed = Flight<Value>(counters: counters)
      _ = landed.join(waiterID)
      landed.complete(with: .success(cached))
      return (landed, waiterID)
    }
    let flight = Flight<Value>(counters: counters)
    _ = flight.join(waiterID)
    flight.start(
      Task { [upstream] in
        let result: Result<Value, any Error>
        do {
          result = .success(try await Self.fetch(key, from: upstream))
        } catch {
          result = .failure(error)
        }
        self.finish(flight, key: key, with: result)
      })
    flights[ObjectIdentifier(flight)] = flight
    joinable[key] = flight
    counters.upstreamCalls.add(1, ordering: .relaxed)
    return (flight, waiterID)
  }

  /// Removes the flight from the table (only its own entry: a newer flight may hold the key),
  /// caches a success it may store, then answers its waiters.
  private func finish(_ flight: Flight<Value>, key: Key, with result: Result<Value, any Error>) {
    flights[ObjectIdentifier(flight)] = nil
    if joinable[key] === flight { joinable[key] = nil }
    guard !flight.isAbandoned else { return }
    switch result {
    case .success(let value) where flight.storesResult && timeToLive > .zero:
      let expiresAt = now() + timeToLive
      cache.withLock { $0.store((value, expiresAt), for: key) }
    case .success:
      break
    case .failure:
      counters.failures.add(1, ordering: .relaxed)
    }
    flight.complete(with: result)
  }

  private func detach(_ key: Key) {
    joinable.removeValue(forKey: key)?.detach()
  }

  private static func fetch(_ key: Key, from upstream: any BookingRepository) async throws -> Value
  {
    switch key {
    case .search(let query): .summaries(try await upstream.search(query))
    case .booking(let id): .booking(try await upstream.booking(id: id))
    }
  }
}
