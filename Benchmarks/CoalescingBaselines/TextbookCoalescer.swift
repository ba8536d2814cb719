package import BookingInterface
package import SharedKernel

/// In-flight request coalescing as it is usually taught: an actor, a dictionary of in-flight
/// `Task`s by key, and a dictionary of answers. Kept as the baseline that `BookingDataBenchmark`
/// measures the coalescing cache against and `CoalescerContractTests` runs the same rules on, so
/// what the tuned cache adds is shown, not only described.
///
/// What it gets right:
/// - One upstream call per key however many callers arrive together: a caller that misses
///   records its `Task` in `inFlight` before its first suspension, so every caller that enters
///   the actor while the upstream works finds it and awaits the same task.
/// - Every waiter gets the same value or the same error, and an error is never cached: the entry
///   leaves `inFlight` when the task ends, and only a success reaches `answers`.
///
/// What it gets wrong (each a known issue in `CoalescerContractTests`):
/// - A cancelled caller cannot leave: awaiting `task.value` ignores the awaiting task's
///   cancellation, so it waits for the answer and returns it. Cancelling the task instead would
///   fail every other waiter with it.
/// - The upstream is never cancelled, not even when every caller has gone.
/// - Nothing expires and nothing is evicted: an answer is served for ever, and `answers` grows
///   with every key ever asked for.
/// - An invalidation during a flight is undone: when the flight ends, its first caller removes
///   whatever task now holds the key (a newer one) and stores the stale answer.
/// - The upstream runs on the actor: the `Task` made in an actor method captures `self` and so
///   inherits its isolation, and it calls the upstream from the actor's own `fetch`; the
///   upstream's synchronous work (decoding) holds the actor.
/// - Every call, a hit too, queues on the actor, and when an answer lands its waiters resume
///   through the actor one at a time.
package actor TextbookCoalescer: TripCache {
  private enum Key: Hashable {
    case search(SearchQuery)
    case trip(TripID)
  }

  private enum Value {
    case summaries([TripSummary])
    case trip(Trip)
  }

  private let upstream: any TripRepository
  private var inFlight: [Key: Task<Value, any Error>] = [:]
  private var answers: [Key: Value] = [:]
  /// What the interface asks a cache to report, counted as it happens.
  private var counted = TripCacheStatistics()

  /// Coalesces the requests made to `upstream` and keeps its answers.
  package init(upstream: any TripRepository) {
    self.upstream = upstream
  }

  package func search(_ query: SearchQuery) async throws -> [TripSummary] {
    guard case .summaries(let summaries) = try await value(for: .search(query)) else {
      preconditionFailure("a search key always yields summaries")
    }
    return summaries
  }

  package func trip(id: TripID) async throws -> Trip {
    guard case .trip(let trip) = try await value(for: .trip(id)) else {
      preconditionFailure("a trip key always yields a trip")
    }
    return trip
  }

  package func invalidate(tripID id: TripID) {
    let stale = { (key: Key) in
      switch key {
      case .search, .trip(id): true
      case .trip: false
      }
    }
    answers = answers.filter { !stale($0.key) }
    inFlight = inFlight.filter { !stale($0.key) }
  }

  package func invalidateAll() {
    answers = [:]
    inFlight = [:]
  }

  package func statistics() -> TripCacheStatistics {
    var statistics = counted
    statistics.inFlight = inFlight.count
    statistics.cachedEntries = answers.count
    return statistics
  }

  private func value(for key: Key) async throws -> Value {
    if let answer = answers[key] {
      counted.cacheHits += 1
      return answer
    }
    if let task = inFlight[key] {
      counted.coalescedWaits += 1
      return try await awaitAnswer(of: task)
    }
    // Recorded before the first `await`: a caller that enters the actor while this one is
    // suspended below finds the task instead of starting another.
    let task = Task { try await self.fetch(key) }
    inFlight[key] = task
    counted.upstreamCalls += 1
    do {
      let value = try await awaitAnswer(of: task)
      inFlight[key] = nil
      answers[key] = value
      return value
    } catch {
      inFlight[key] = nil
      counted.failures += 1
      throw error
    }
  }

  private func awaitAnswer(of task: Task<Value, any Error>) async throws -> Value {
    counted.waiting += 1
    defer { counted.waiting -= 1 }
    return try await task.value
  }

  private func fetch(_ key: Key) async throws -> Value {
    switch key {
    case .search(let query): .summaries(try await upstream.search(query))
    case .trip(let id): .trip(try await upstream.trip(id: id))
    }
  }
}
