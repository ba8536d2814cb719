import BookingInterface
import EventLog
import Locking
import SharedKernel
import Synchronization

/// Wraps any `TripRepository` so that identical concurrent requests cost one upstream call,
/// and successful answers are cached for a while.
///
/// Design: the coalescing table lives in this actor rather than in a reusable generic type. Its
/// rules (what a key is, which cached searches a ticket makes stale) are about trips, and the
/// two kinds of request share one table through the `Key` and `Value` enums. Only the part that
/// is not about trips, an `InFlightRequest` that parks waiters, is its own (generic) type.
///
/// - One upstream request per key. The actor starts, finishes and detaches flights: each is one
///   synchronous turn with no suspension inside, so actor reentrancy can never observe a flight
///   half started or half finished. The upstream call itself runs off the actor (`fetch` is
///   not isolated to it).
/// - Joining does not queue on the actor. The table of joinable flights sits under a lock: a
///   caller that finds a flight there joins it directly (registering and parking are one step
///   under the flight's own lock), and a caller that finds none publishes a new one, registered
///   to itself, in the same lock turn, then enters the actor to start its upstream work. So a
///   key has one flight however many callers arrive at once, and only its first caller enters
///   the actor. Joining races only with the flight's own end, and the flight's lock orders
///   them: a joiner either parks before the answer lands (and is answered with everyone else)
///   or finds the answer already there. A flight whose waiters all left is dead: the next
///   caller replaces it in the table.
/// - Waiters park on the `InFlightRequest`, outside the actor: when the answer lands they resume in
///   parallel rather than queueing through the actor.
/// - Every waiter gets the flight's value or error; errors are never cached.
/// - A cancelled waiter leaves at once with `CancellationError`; the upstream work is cancelled
///   only when its last waiter leaves, and a later caller starts a fresh flight.
/// - Successes are cached for `timeToLive`, at most `capacity` searches and `capacity` trips,
///   least recently used out first. Cache hits are served under a lock without entering the actor: an actor hop costs
///   several times a lock (see `Benchmarks/BookingDataBenchmark`).
/// - Invalidation is identity-guarded: a flight detached by an invalidation answers its waiters
///   but never stores its result, and never removes a newer flight's table entry.
actor CoalescingTripRepository: TripCache {
  enum Key: Hashable, Sendable {
    case search(SearchQuery)
    case trip(TripID)

    /// The key as the log names it: a trip's identifier, or the destination searched for.
    var logDescription: String {
      switch self {
      case .search(let query): "search \(query.destination)"
      case .trip(let id): "trip \(id.rawValue)"
      }
    }
  }

  enum Value: Sendable {
    case summaries([TripSummary])
    /// Boxed: a `Trip` is hundreds of bytes, and every waiter's frames hold a `Value` or two;
    /// unboxed, each waiter of a stampede needed a few hundred bytes more.
    indirect case trip(Trip)
  }

  /// The answers kept for a while: searches and trips in caches of their own, each keyed by
  /// its own type, so a hit neither wraps nor copies its key into an enum. Each holds at most
  /// `capacity` answers.
  struct RecentAnswers: Sendable {
    var searches: LeastRecentlyUsedCache<SearchQuery, [TripSummary]>
    /// Trips kept as `Value`s, which box them: a hit copies a pointer, not a `Trip`, and
    /// `trip(id:)`'s async frame, which every waiter for a trip holds, fell from 1,280 bytes
    /// to 592.
    var trips: LeastRecentlyUsedCache<TripID, Value>
    /// Callers answered from here; counted under the lock a hit holds anyway, not with an atomic.
    var hits = 0

    init(capacity: Int) {
      searches = LeastRecentlyUsedCache(capacity: capacity)
      trips = LeastRecentlyUsedCache(capacity: capacity)
    }

    /// Counts `answer` as a hit when there is one, and passes it on.
    mutating func hit<Answer>(_ answer: Answer?) -> Answer? {
      if answer != nil { hits += 1 }
      return answer
    }
  }

  private let upstream: any TripRepository
  private let timeToLive: Duration
  private let now: @Sendable () -> Duration
  private let answers: LockedValue<RecentAnswers>
  private let counters = CoalescingCounters()
  private var flights: [ObjectIdentifier: InFlightRequest<Value>] = [:]
  /// The flights a caller may join, by key: written only on the actor, read by anyone.
  private let joinable = LockedValue<[Key: InFlightRequest<Value>]>([:])
  private let waiterIDs = Atomic<UInt64>(0)
  /// Hears, at debug level, of each upstream call a miss starts, each answer it brings (with
  /// how many callers have shared a call so far), and each invalidation. Hits and joins are
  /// counted, not logged: a line for each would cost their path more than the hit or the join.
  private let log: EventLogger

  /// Wraps `upstream`. `now` is the time elapsed since any fixed origin; tests pass a clock they
  /// move by hand, so expiry is tested without sleeping.
  init(
    upstream: any TripRepository, timeToLive: Duration, capacity: Int,
    now: @escaping @Sendable () -> Duration, log: EventLogger = .disabled
  ) {
    self.log = log
    self.upstream = upstream
    self.timeToLive = timeToLive
    self.now = now
    self.answers = LockedValue(RecentAnswers(capacity: capacity))
  }

  // Always inlined, into the protocol witness that callers reach it through: a hit then costs
  // one async frame, not two, and a waiter's frames are one fewer (see `value(for:)`).
  @inline(__always)
  nonisolated(nonsending) func search(_ query: SearchQuery) async throws -> [TripSummary] {
    // The cache-hit path stays synchronous: no actor hop, and the query itself is the key (no
    // enum around it to copy and compare).
    let moment = now()
    if let summaries = answers.withLock({ $0.hit($0.searches.value(for: query, at: moment)) }) {
      return summaries
    }
    guard case .summaries(let summaries) = try await value(for: .search(query)) else {
      preconditionFailure("a search key always yields summaries")
    }
    return summaries
  }

  nonisolated(nonsending) func trip(id: TripID) async throws -> Trip {
    let moment = now()
    var answer = answers.withLock { $0.hit($0.trips.value(for: id, at: moment)) }
    if answer == nil { answer = try await value(for: .trip(id)) }
    guard case .trip(let trip) = answer else {
      preconditionFailure("a trip key always yields a trip")
    }
    return trip
  }

  func invalidate(tripID id: TripID) {
    log.debug("invalidated", ["trip": .text(id.rawValue)])
    answers.withLock { answers in
      answers.searches.removeAll { _, _ in true }
      answers.trips.removeValue(for: id)
    }
    detach { key in
      switch key {
      case .search, .trip(id): true
      case .trip: false
      }
    }
  }

  func invalidateAll() {
    log.debug("invalidated", ["trip": "every"])
    answers.withLock { answers in
      answers.searches.removeAll { _, _ in true }
      answers.trips.removeAll { _, _ in true }
    }
    detach { _ in true }
  }

  func statistics() -> TripCacheStatistics {
    var statistics = counters.snapshot
    statistics.cacheHits = answers.withLock { $0.hits }
    statistics.cachedEntries = answers.withLock { $0.searches.count + $0.trips.count }
    statistics.inFlight = flights.count
    statistics.waiting = flights.values.reduce(0) { $0 + $1.waiterCount }
    return statistics
  }

  // MARK: - Coalescing

  /// Joins or starts the flight for `key`; the caller has already missed the cache. Inlined into
  /// its two callers, and the start of a flight kept out of it: every byte of async frame a
  /// waiter holds is memory its task must allocate, and a stampede has thousands of waiters.
  /// A task's allocator holds about 1 KB of frames before it mallocs another slab; in
  /// `BookingDataBenchmark` a waiter's frames now fit the first, and the 10,000 second slabs
  /// they needed before cost a stampede milliseconds (their mallocs, frees and cache misses).
  @inline(__always)
  private nonisolated func value(for key: Key) async throws -> Value {
    // Cancelled before joining: leave with nothing recorded.
    try Task.checkCancellation()
    let waiterID = waiterIDs.add(1, ordering: .relaxed).newValue
    while true {
      let (flight, isNew) = flightToJoin(key, as: waiterID)
      if isNew { return try await start(flight, key: key, as: waiterID) }
      if let value = try await flight.join(waiterID) { return value }
      // The flight died (every waiter left) before this caller joined: look again.
    }
  }

  /// Launches the flight this caller just published and waits for its answer: once per flight,
  /// so not inlined into the path every joiner takes.
  @inline(never)
  private nonisolated func start(_ flight: InFlightRequest<Value>, key: Key, as waiterID: UInt64)
    async throws -> Value
  {
    await launch(flight, key: key)
    return try await flight.wait(waiterID)
  }

  /// The flight for `key` in the table, or a new one registered to this caller and published
  /// at once, so the callers of a stampede that arrive while its first caller is still on its
  /// way to the actor join it instead of queueing on the actor too. One lock decides, so only
  /// one flight per key is ever published.
  private nonisolated func flightToJoin(
    _ key: Key, as waiterID: UInt64
  ) -> (InFlightRequest<Value>, Bool) {
    joinable.withLock { table in
      if let flight = table[key], !flight.isAbandoned { return (flight, false) }
      let flight = InFlightRequest<Value>(counters: counters)
      flight.registerStarter(waiterID)
      table[key] = flight
      return (flight, true)
    }
  }

  private nonisolated func cachedValue(for key: Key) -> Value? {
    let moment = now()
    return answers.withLock { answers -> Value? in
      switch key {
      case .search(let query):
        answers.hit(answers.searches.value(for: query, at: moment)).map(Value.summaries)
      case .trip(let id):
        answers.hit(answers.trips.value(for: id, at: moment))
      }
    }
  }

  /// Starts the upstream work of a flight its first caller just published. On the actor, so
  /// starting, finishing and invalidating flights stay the actor's: the flight is in `flights`
  /// (what the statistics report) before the actor does anything else.
  private func launch(_ flight: InFlightRequest<Value>, key: Key) {
    // A value may have landed while this caller hopped onto the actor.
    if let cached = cachedValue(for: key) {
      joinable.withLock { table in
        if table[key] === flight { table[key] = nil }
      }
      flight.complete(with: .success(cached))
      return
    }
    flights[ObjectIdentifier(flight)] = flight
    counters.upstreamCalls.add(1, ordering: .relaxed)
    log.debug("missed", ["key": .text(key.logDescription)])
    flight.start(
      Task { [upstream, log, counters] in
        let result: Result<Value, any Error>
        do {
          result = .success(try await Self.fetch(key, from: upstream))
        } catch {
          result = .failure(error)
        }
        log.debug(
          "answered",
          [
            "key": .text(key.logDescription), "succeeded": .flag((try? result.get()) != nil),
            "coalesced_so_far": .integer(counters.coalescedWaits.load(ordering: .relaxed)),
          ])
        self.finish(flight, key: key, with: result)
      })
  }

  /// Removes the flight from the table (only its own entry: a newer flight may hold the key),
  /// caches a success it may store, then answers its waiters.
  private func finish(
    _ flight: InFlightRequest<Value>, key: Key, with result: Result<Value, any Error>
  ) {
    flights[ObjectIdentifier(flight)] = nil
    joinable.withLock { table in
      if table[key] === flight { table[key] = nil }
    }
    guard !flight.isAbandoned else { return }
    switch result {
    case .success(let value) where flight.storesResult && timeToLive > .zero:
      let expiresAt = now() + timeToLive
      answers.withLock { answers in
        switch (key, value) {
        case (.search(let query), .summaries(let summaries)):
          answers.searches.store(summaries, for: query, until: expiresAt)
        case (.trip(let id), .trip):
          answers.trips.store(value, for: id, until: expiresAt)
        default: break
        }
      }
    case .success:
      break
    case .failure:
      counters.failures.add(1, ordering: .relaxed)
    }
    flight.complete(with: result)
  }

  /// Takes the flights whose key matches out of the table: they still answer their waiters,
  /// but store nothing, and new callers start fresh flights.
  private func detach(where matches: (Key) -> Bool) {
    joinable.withLock { table in
      for key in table.keys where matches(key) { table.removeValue(forKey: key)?.detach() }
    }
  }

  /// Calls the upstream. Static, so not isolated to the actor: the upstream's requirements run on
  /// their caller's executor, and the actor must not be held by its synchronous work.
  private static func fetch(_ key: Key, from upstream: any TripRepository) async throws -> Value {
    switch key {
    case .search(let query): .summaries(try await upstream.search(query))
    case .trip(let id): .trip(try await upstream.trip(id: id))
    }
  }
}
