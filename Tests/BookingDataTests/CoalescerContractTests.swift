import BookingInterface
import SharedKernel
import Testing

/// The rules every coalescer in front of a `TripRepository` must keep, written once and run
/// on each of `Coalescer.allCases`. A rule the textbook actor breaks is recorded as a known issue
/// with the reason (see `Shortcoming`), so this suite is also the list of what it lacks.
@Suite("Coalescer contract", .timeLimit(.minutes(1)))
struct CoalescerContractTests {
  let upstream = ScriptedTripRepository()
  let clock = ManualClock()

  func make(
    _ coalescer: Coalescer, timeToLive: Duration = .seconds(60), capacity: Int = 16
  ) -> any TripCache {
    coalescer.make(upstream: upstream, clock: clock, timeToLive: timeToLive, capacity: capacity)
  }

  func expectNothingInFlight(
    _ cache: any TripCache, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let statistics = await cache.statistics()
    #expect(statistics.inFlight == 0, sourceLocation: sourceLocation)
    #expect(statistics.waiting == 0, sourceLocation: sourceLocation)
  }

  /// Turns of the scheduler within which a cancelled caller that leaves at once has left: the
  /// cancellation itself resumes it, so it returns within a few; a coalescer that keeps it
  /// waiting fails the wait here instead of holding the suite for a million turns.
  static let promptly = 10_000

  func waitForWaiters(_ count: Int, on cache: any TripCache) async {
    await eventually("\(count) callers are waiting") { await cache.statistics().waiting == count }
  }

  // MARK: - One upstream call per key, one answer for every waiter

  @Test(arguments: Coalescer.allCases)
  func concurrentIdenticalSearchesMakeOneUpstreamCallAndAllGetTheSameValue(
    _ coalescer: Coalescer
  ) async throws {
    let cache = make(coalescer)
    let spellings = ["Lisbon", "  lisbon", "LISBON", "Lisbon "]
    let results = try await withThrowingTaskGroup(of: [TripSummary].self) { group in
      for index in 0..<100 {
        let destination = spellings[index % spellings.count]
        group.addTask { try await cache.search(Fixtures.query(destination)) }
      }
      await waitForWaiters(100, on: cache)
      try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 100)
    let lisbon = try Fixtures.summary("LIS-001")
    #expect(results.allSatisfy { $0 == [lisbon] })
    #expect(try upstream.calls == [.search(Fixtures.query())])
    let statistics = await cache.statistics()
    #expect(statistics.upstreamCalls == 1)
    #expect(statistics.coalescedWaits == 99)
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func theInFlightEntryIsRecordedBeforeTheFirstSuspension(_ coalescer: Coalescer) async throws {
    // If the entry were recorded after an `await`, callers interleaving at that suspension
    // would each start a flight; with the upstream held, every caller must still find one.
    let cache = make(coalescer)
    async let first = try cache.trip(id: Fixtures.id("LIS-001"))
    async let second = try cache.trip(id: Fixtures.id("LIS-001"))
    async let third = try cache.trip(id: Fixtures.id("LIS-001"))
    await waitForWaiters(3, on: cache)
    await eventually("the upstream call starts") { upstream.calls.count == 1 }
    try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    let trips = try await [first, second, third]
    #expect(try Set(trips.map(\.id)) == [Fixtures.id("LIS-001")])
    #expect(upstream.calls.count == 1)
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func differentKeysGoUpstreamSeparately(_ coalescer: Coalescer) async throws {
    let cache = make(coalescer)
    async let lisbon = try cache.search(Fixtures.query("Lisbon"))
    async let porto = try cache.search(Fixtures.query("Porto"))
    async let trip = try cache.trip(id: Fixtures.id("LIS-001"))
    await eventually("three upstream calls") { upstream.calls.count == 3 }
    for index in 0..<3 {
      try upstream.release(index, with: .success([Fixtures.summary("LIS-001")]))
    }
    _ = try await (lisbon, porto, trip)
    #expect(await cache.statistics().upstreamCalls == 3)
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func theUpstreamCallRunsOnNoActor(_ coalescer: Coalescer) async throws {
    // The requirements run on their caller's executor, so an upstream called from an actor
    // would hold it for all its synchronous work (decoding a supplier's answer, say).
    let cache = make(coalescer)
    async let summaries = try cache.search(Fixtures.query())
    await eventually("the upstream call starts") { upstream.calls.count == 1 }
    try await expectRule(on: coalescer, brokenBy: .upstreamRunsOnTheActor) {
      #expect(upstream.isolations == [nil])
    }
    try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    #expect(try await summaries == [Fixtures.summary("LIS-001")])
  }

  // MARK: - Errors

  @Test(arguments: Coalescer.allCases)
  func anUpstreamErrorReachesEveryWaiterAndIsNotCached(_ coalescer: Coalescer) async throws {
    let cache = make(coalescer)
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<10 {
        group.addTask {
          do {
            _ = try await cache.search(Fixtures.query())
            return false
          } catch {
            return error is SupplierDown
          }
        }
      }
      await waitForWaiters(10, on: cache)
      upstream.release(0, with: .failure(SupplierDown()))
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes == Array(repeating: true, count: 10))
    #expect(await cache.statistics().failures == 1)

    try upstream.answer(call: 1, inAdvanceWith: .success([Fixtures.summary("LIS-001")]))
    #expect(try await cache.search(Fixtures.query()) == [Fixtures.summary("LIS-001")])
    #expect(upstream.calls.count == 2)
    await expectNothingInFlight(cache)
  }

  // MARK: - Cancellation

  @Test(arguments: Coalescer.allCases)
  func aCancelledWaiterLeavesAtOnceWhileTheOthersStillGetTheValue(_ coalescer: Coalescer)
    async throws
  {
    let cache = make(coalescer)
    let leaving = Caller { try await cache.search(Fixtures.query()) }
    let staying = Caller { try await cache.search(Fixtures.query()) }
    await waitForWaiters(2, on: cache)

    try await expectRule(on: coalescer, brokenBy: .cancelledCallersWait) {
      leaving.cancel()
      // The upstream is still held: the cancelled waiter must not wait for it.
      await eventually("the cancelled waiter leaves", within: Self.promptly) { leaving.hasReturned }
      #expect(await cache.statistics().waiting == 1)
      #expect(upstream.cancelledCalls == 0)

      try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
      #expect(await leaving.wasCancelled)
      let answer = try await staying.result.get()
      #expect(try answer == [Fixtures.summary("LIS-001")])
      let statistics = await cache.statistics()
      #expect(statistics.upstreamCalls == 1)
      #expect(statistics.cancelledWaits == 1)
    }
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func theUpstreamIsCancelledOnlyWhenEveryWaiterHasGone(_ coalescer: Coalescer) async throws {
    let cache = make(coalescer)
    let first = Caller { try await cache.search(Fixtures.query()) }
    let second = Caller { try await cache.search(Fixtures.query()) }
    await waitForWaiters(2, on: cache)

    try await expectRule(on: coalescer, brokenBy: .upstreamNeverCancelled) {
      first.cancel()
      await eventually("the first waiter leaves", within: Self.promptly) { first.hasReturned }
      #expect(upstream.cancelledCalls == 0)

      second.cancel()
      await eventually("the abandoned upstream call is cancelled", within: Self.promptly) {
        upstream.cancelledCalls == 1
      }
      await eventually("the abandoned flight leaves the table", within: Self.promptly) {
        await cache.statistics().inFlight == 0
      }
      // A no-op when the call was cancelled; lets a coalescer that kept it answer its callers.
      try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
      #expect(await first.wasCancelled)
      #expect(await second.wasCancelled)

      // A later caller starts fresh instead of joining the dying flight (or its answer).
      try upstream.answer(call: 1, inAdvanceWith: .success([Fixtures.summary("LIS-002")]))
      let fresh = try await cache.search(Fixtures.query())
      #expect(try fresh == [Fixtures.summary("LIS-002")])
      #expect(await cache.statistics().coalescedWaits == 1)
    }
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func aWaiterCancelledBeforeItRegisteredLeaksNothing(_ coalescer: Coalescer) async throws {
    let cache = make(coalescer)
    let caller = Caller(cancelledFirst: true) { try await cache.search(Fixtures.query()) }
    try await expectRule(on: coalescer, brokenBy: .cancelledCallersWait) {
      await eventually("the cancelled caller returns", within: Self.promptly) { caller.hasReturned }
      #expect(upstream.calls.isEmpty)
      if !upstream.calls.isEmpty { upstream.release(0, with: .success([])) }
      #expect(await caller.wasCancelled)
      #expect(await cache.statistics().upstreamCalls == 0)
    }
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func aCallerAlreadyCancelledNeitherJoinsAFlightInTheAirNorDisturbsIt(_ coalescer: Coalescer)
    async throws
  {
    let cache = make(coalescer)
    let first = Caller { try await cache.search(Fixtures.query()) }
    await waitForWaiters(1, on: cache)
    // A cancelled caller leaves before it looks for a flight; the flight keeps its waiter.
    let late = Caller(cancelledFirst: true) { try await cache.search(Fixtures.query()) }
    try await expectRule(on: coalescer, brokenBy: .cancelledCallersWait) {
      await eventually("the cancelled caller returns", within: Self.promptly) { late.hasReturned }
      #expect(await cache.statistics().waiting == 1)
      try upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
      #expect(await late.wasCancelled)
    }
    #expect(try await first.result.get() == [Fixtures.summary("LIS-001")])
    #expect(upstream.calls.count == 1)
    await expectNothingInFlight(cache)
  }

  // MARK: - What is kept, and for how long

  @Test(arguments: Coalescer.allCases)
  func aSuccessIsServedFromTheCacheUntilItsTimeToLiveRunsOut(_ coalescer: Coalescer)
    async throws
  {
    let cache = make(coalescer, timeToLive: .seconds(30))
    try upstream.answer(call: 0, inAdvanceWith: .success([Fixtures.summary("LIS-001")]))
    _ = try await cache.search(Fixtures.query())

    clock.advance(by: .seconds(29))
    #expect(try await cache.search(Fixtures.query()) == [Fixtures.summary("LIS-001")])
    #expect(upstream.calls.count == 1)
    #expect(await cache.statistics().cacheHits == 1)

    try await expectRule(on: coalescer, brokenBy: .nothingExpires) {
      clock.advance(by: .seconds(1))
      try upstream.answer(call: 1, inAdvanceWith: .success([Fixtures.summary("LIS-003")]))
      let expired = try await cache.search(Fixtures.query())
      #expect(try expired == [Fixtures.summary("LIS-003")])
      #expect(upstream.calls.count == 2)
    }
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func theCacheEvictsTheLeastRecentlyUsedEntryBeyondItsCapacity(_ coalescer: Coalescer)
    async throws
  {
    let cache = make(coalescer, capacity: 2)
    for (index, destination) in ["Lisbon", "Porto"].enumerated() {
      try upstream.answer(
        call: index, inAdvanceWith: .success([Fixtures.summary("LIS-00\(index)")]))
      _ = try await cache.search(Fixtures.query(destination))
    }
    _ = try await cache.search(Fixtures.query("Lisbon"))  // Lisbon is now the most recent.
    upstream.answer(call: 2, inAdvanceWith: .success([]))
    _ = try await cache.search(Fixtures.query("Madrid"))  // Storing Madrid evicts Porto.
    _ = try await cache.search(Fixtures.query("Lisbon"))
    #expect(upstream.calls.count == 3)

    try await expectRule(on: coalescer, brokenBy: .nothingIsEvicted) {
      upstream.answer(call: 3, inAdvanceWith: .success([]))
      _ = try await cache.search(Fixtures.query("Porto"))
      #expect(upstream.calls.count == 4, "evicted Porto goes upstream again")
      #expect(await cache.statistics().cachedEntries == 2)
    }
    await expectNothingInFlight(cache)
  }

  // MARK: - Invalidation

  @Test(arguments: Coalescer.allCases)
  func aFlightFinishingAfterAnInvalidationNeitherStoresItsResultNorRemovesANewerFlight(
    _ coalescer: Coalescer
  ) async throws {
    let cache = make(coalescer)
    let id = try Fixtures.id("LIS-001")
    let stale = Caller { try await cache.trip(id: id) }
    await eventually("the first flight is upstream") { upstream.calls.count == 1 }

    await cache.invalidate(tripID: id)
    let fresh = Caller { try await cache.trip(id: id) }
    await eventually("a newer flight starts") { upstream.calls.count == 2 }

    try upstream.release(0, with: .success([Fixtures.summary("LIS-001", price: 100)]))
    #expect(try await stale.result.get().price.minorUnits == 100)

    try await expectRule(on: coalescer, brokenBy: .invalidationIsUndone) {
      // The newer flight is still the one to join: the stale one neither removed its entry
      // nor left its answer in the cache.
      let joiner = Caller { try await cache.trip(id: id) }
      await eventually("the joiner waits with the newer flight's caller") {
        await cache.statistics().waiting == 2 || joiner.hasReturned
      }
      #expect(upstream.calls.count == 2)
      try upstream.release(1, with: .success([Fixtures.summary("LIS-001", price: 200)]))
      if upstream.calls.count == 3 { upstream.release(2, with: .success([])) }
      let (freshAnswer, joinerAnswer) = try await (fresh.result.get(), joiner.result.get())
      #expect(freshAnswer.price.minorUnits == 200)
      #expect(joinerAnswer.price.minorUnits == 200)

      // What is cached is the newer answer, not the stale one.
      let cached = try await cache.trip(id: id)
      #expect(cached.price.minorUnits == 200)
      #expect(upstream.calls.count == 2)
    }
    await expectNothingInFlight(cache)
  }

  @Test(arguments: Coalescer.allCases)
  func invalidatingATripForgetsItAndEveryCachedSearch(_ coalescer: Coalescer) async throws {
    let cache = make(coalescer)
    async let search = try cache.search(Fixtures.query())
    async let trip = try cache.trip(id: Fixtures.id("LIS-001"))
    async let other = try cache.trip(id: Fixtures.id("LIS-002"))
    await eventually("three upstream calls") { upstream.calls.count == 3 }
    for index in 0..<3 {
      let id = try upstream.calls[index] == .trip(Fixtures.id("LIS-002")) ? "LIS-002" : "LIS-001"
      try upstream.release(index, with: .success([Fixtures.summary(id)]))
    }
    _ = try await (search, trip, other)
    #expect(await cache.statistics().cachedEntries == 3)

    await cache.invalidate(tripID: try Fixtures.id("LIS-001"))
    #expect(await cache.statistics().cachedEntries == 1)
    _ = try await cache.trip(id: Fixtures.id("LIS-002"))
    #expect(upstream.calls.count == 3)

    await cache.invalidateAll()
    #expect(await cache.statistics().cachedEntries == 0)
    await expectNothingInFlight(cache)
  }
}
