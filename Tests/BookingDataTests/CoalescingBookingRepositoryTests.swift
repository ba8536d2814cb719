import BookingInterface
import SharedKernel
import Testing

@testable import BookingData

@Suite("Coalescing booking repository", .timeLimit(.minutes(1)))
struct CoalescingBookingRepositoryTests {
  let upstream = ScriptedBookingRepository()
  let clock = ManualClock()

  func makeCache(timeToLive: Duration = .seconds(60), capacity: Int = 16)
    -> CoalescingBookingRepository
  {
    CoalescingBookingRepository(
      upstream: upstream, timeToLive: timeToLive, capacity: capacity, now: { [clock] in clock.now })
  }

  func expectNothingInFlight(
    _ cache: CoalescingBookingRepository, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let statistics = await cache.statistics()
    #expect(statistics.inFlight == 0, sourceLocation: sourceLocation)
    #expect(statistics.waiting == 0, sourceLocation: sourceLocation)
  }

  func waitForWaiters(_ count: Int, on cache: CoalescingBookingRepository) async {
    await eventually("\(count) callers are waiting") { await cache.statistics().waiting == count }
  }

  @Test func concurrentIdenticalSearchesMakeOneUpstreamCallAndAllGetTheSameValue() async throws {
    let cache = makeCache()
    let spellings = ["Lisbon", "  lisbon", "LISBON", "Lisbon "]
    let results = try await withThrowingTaskGroup(of: [BookingSummary].self) { group in
      for index in 0..<100 {
        let destination = spellings[index % spellings.count]
        group.addTask { try await cache.search(Fixtures.query(destination)) }
      }
      await waitForWaiters(100, on: cache)
      upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 100)
    #expect(results.allSatisfy { $0 == [Fixtures.summary("LIS-001")] })
    #expect(upstream.calls == [.search(Fixtures.query())])
    let statistics = await cache.statistics()
    #expect(statistics.upstreamCalls == 1)
    #expect(statistics.coalescedWaits == 99)
    await expectNothingInFlight(cache)
  }

  @Test func theInFlightEntryIsRecordedBeforeTheFirstSuspension() async throws {
    // If the entry were recorded after an `await`, callers interleaving at that suspension
    // would each start a flight; with the upstream held, every caller must still find one.
    let cache = makeCache()
    async let first = cache.booking(id: Fixtures.id("LIS-001"))
    async let second = cache.booking(id: Fixtures.id("LIS-001"))
    async let third = cache.booking(id: Fixtures.id("LIS-001"))
    await waitForWaiters(3, on: cache)
    await eventually("the upstream call starts") { upstream.calls.count == 1 }
    upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    let bookings = try await [first, second, third]
    #expect(Set(bookings.map(\.id)) == [Fixtures.id("LIS-001")])
    #expect(upstream.calls.count == 1)
    await expectNothingInFlight(cache)
  }

  @Test func theUpstreamCallRunsOffTheActor() async throws {
    // The requirements run on their caller's executor, so an upstream called from the actor
    // would hold it for all its synchronous work (decoding a supplier's answer, say).
    let cache = makeCache()
    async let summaries = cache.search(Fixtures.query())
    await eventually("the upstream call starts") { upstream.calls.count == 1 }
    #expect(upstream.isolations == [nil])
    upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    #expect(try await summaries == [Fixtures.summary("LIS-001")])
  }

  @Test func differentKeysGoUpstreamSeparately() async throws {
    let cache = makeCache()
    async let lisbon = cache.search(Fixtures.query("Lisbon"))
    async let porto = cache.search(Fixtures.query("Porto"))
    async let trip = cache.booking(id: Fixtures.id("LIS-001"))
    await eventually("three upstream calls") { upstream.calls.count == 3 }
    for index in 0..<3 { upstream.release(index, with: .success([Fixtures.summary("LIS-001")])) }
    _ = try await (lisbon, porto, trip)
    #expect(await cache.statistics().upstreamCalls == 3)
    await expectNothingInFlight(cache)
  }

  @Test func anUpstreamErrorReachesEveryWaiterAndIsNotCached() async throws {
    let cache = makeCache()
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

    async let retry = cache.search(Fixtures.query())
    await eventually("the next call goes upstream again") { upstream.calls.count == 2 }
    upstream.release(1, with: .success([Fixtures.summary("LIS-001")]))
    #expect(try await retry == [Fixtures.summary("LIS-001")])
    await expectNothingInFlight(cache)
  }

  @Test func aCancelledWaiterLeavesAtOnceWhileTheOthersStillGetTheValue() async throws {
    let cache = makeCache()
    let leaving = Task { try await cache.search(Fixtures.query()) }
    let staying = Task { try await cache.search(Fixtures.query()) }
    await waitForWaiters(2, on: cache)

    leaving.cancel()
    // The upstream is still held: the cancelled waiter must not wait for it.
    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(upstream.cancelledCalls == 0)

    upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    #expect(try await staying.value == [Fixtures.summary("LIS-001")])
    let statistics = await cache.statistics()
    #expect(statistics.upstreamCalls == 1)
    #expect(statistics.cancelledWaits == 1)
    await expectNothingInFlight(cache)
  }

  @Test func theUpstreamIsCancelledOnlyWhenEveryWaiterHasGone() async throws {
    let cache = makeCache()
    let first = Task { try await cache.search(Fixtures.query()) }
    let second = Task { try await cache.search(Fixtures.query()) }
    await waitForWaiters(2, on: cache)

    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(upstream.cancelledCalls == 0)

    second.cancel()
    await #expect(throws: CancellationError.self) { try await second.value }
    await eventually("the abandoned upstream call is cancelled") { upstream.cancelledCalls == 1 }
    await eventually("the abandoned flight leaves the table") {
      await cache.statistics().inFlight == 0
    }
    await expectNothingInFlight(cache)

    // A later caller starts fresh instead of joining the dying flight.
    async let fresh = cache.search(Fixtures.query())
    await eventually("a second upstream call") { upstream.calls.count == 2 }
    upstream.release(1, with: .success([Fixtures.summary("LIS-002")]))
    #expect(try await fresh == [Fixtures.summary("LIS-002")])
    #expect(await cache.statistics().coalescedWaits == 1)
    await expectNothingInFlight(cache)
  }

  @Test func aWaiterCancelledBeforeItRegisteredLeaksNothing() async throws {
    let cache = makeCache()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.search(Fixtures.query())
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(upstream.calls.isEmpty)
    let statistics = await cache.statistics()
    #expect(statistics.upstreamCalls == 0)
    await expectNothingInFlight(cache)
  }

  @Test func aCallerAlreadyCancelledNeitherJoinsAFlightInTheAirNorDisturbsIt()
    async throws
  {
    let cache = makeCache()
    async let first = cache.search(Fixtures.query())
    await waitForWaiters(1, on: cache)
    // A cancelled caller leaves before it looks for a flight; the flight keeps its waiter.
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.search(Fixtures.query())
    }
    await #expect(throws: CancellationError.self) { try await late.value }
    #expect(await cache.statistics().waiting == 1)
    upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    #expect(try await first == [Fixtures.summary("LIS-001")])
    #expect(upstream.calls.count == 1)
    await expectNothingInFlight(cache)
  }

  @Test func aSuccessIsServedFromTheCacheUntilItsTimeToLiveRunsOut() async throws {
    let cache = makeCache(timeToLive: .seconds(30))
    async let first = cache.search(Fixtures.query())
    await eventually("the first upstream call") { upstream.calls.count == 1 }
    upstream.release(0, with: .success([Fixtures.summary("LIS-001")]))
    _ = try await first

    clock.advance(by: .seconds(29))
    #expect(try await cache.search(Fixtures.query()) == [Fixtures.summary("LIS-001")])
    #expect(upstream.calls.count == 1)
    #expect(await cache.statistics().cacheHits == 1)

    clock.advance(by: .seconds(1))
    async let expired = cache.search(Fixtures.query())
    await eventually("an expired entry goes upstream again") { upstream.calls.count == 2 }
    upstream.release(1, with: .success([Fixtures.summary("LIS-003")]))
    #expect(try await expired == [Fixtures.summary("LIS-003")])
    await expectNothingInFlight(cache)
  }

  @Test func theCacheEvictsTheLeastRecentlyUsedEntryBeyondItsCapacity() async throws {
    let cache = makeCache(capacity: 2)
    for (index, destination) in ["Lisbon", "Porto"].enumerated() {
      async let answer = cache.search(Fixtures.query(destination))
      await eventually("upstream call \(index)") { upstream.calls.count == index + 1 }
      upstream.release(index, with: .success([Fixtures.summary("LIS-00\(index)")]))
      _ = try await answer
    }
    _ = try await cache.search(Fixtures.query("Lisbon"))  // Lisbon is now the most recent.
    async let madrid = cache.search(Fixtures.query("Madrid"))
    await eventually("Madrid goes upstream") { upstream.calls.count == 3 }
    upstream.release(2, with: .success([]))
    _ = try await madrid  // Storing Madrid evicts Porto, the least recently used.

    _ = try await cache.search(Fixtures.query("Lisbon"))
    #expect(upstream.calls.count == 3)
    async let porto = cache.search(Fixtures.query("Porto"))
    await eventually("evicted Porto goes upstream again") { upstream.calls.count == 4 }
    upstream.release(3, with: .success([]))
    _ = try await porto
    #expect(await cache.statistics().cachedEntries == 2)
    await expectNothingInFlight(cache)
  }

  @Test func aFlightFinishingAfterAnInvalidationNeitherStoresItsResultNorRemovesANewerFlight()
    async throws
  {
    let cache = makeCache()
    let id = Fixtures.id("LIS-001")
    async let stale = cache.booking(id: id)
    await eventually("the first flight is upstream") { upstream.calls.count == 1 }

    await cache.invalidate(bookingID: id)
    async let fresh = cache.booking(id: id)
    await eventually("a newer flight starts") { upstream.calls.count == 2 }

    upstream.release(0, with: .success([Fixtures.summary("LIS-001", price: 100)]))
    #expect(try await stale.price.minorUnits == 100)

    // The newer flight is still the one to join: the stale one did not remove its entry.
    async let joiner = cache.booking(id: id)
    await waitForWaiters(2, on: cache)
    #expect(upstream.calls.count == 2)
    upstream.release(1, with: .success([Fixtures.summary("LIS-001", price: 200)]))
    #expect(try await fresh.price.minorUnits == 200)
    #expect(try await joiner.price.minorUnits == 200)

    // What is cached is the newer answer, not the stale one.
    #expect(try await cache.booking(id: id).price.minorUnits == 200)
    #expect(upstream.calls.count == 2)
    await expectNothingInFlight(cache)
  }

  @Test func invalidatingATripForgetsItAndEveryCachedSearch() async throws {
    let cache = makeCache()
    async let search = cache.search(Fixtures.query())
    async let trip = cache.booking(id: Fixtures.id("LIS-001"))
    async let other = cache.booking(id: Fixtures.id("LIS-002"))
    await eventually("three upstream calls") { upstream.calls.count == 3 }
    for index in 0..<3 {
      let id = upstream.calls[index] == .booking(Fixtures.id("LIS-002")) ? "LIS-002" : "LIS-001"
      upstream.release(index, with: .success([Fixtures.summary(id)]))
    }
    _ = try await (search, trip, other)
    #expect(await cache.statistics().cachedEntries == 3)

    await cache.invalidate(bookingID: Fixtures.id("LIS-001"))
    #expect(await cache.statistics().cachedEntries == 1)
    _ = try await cache.booking(id: Fixtures.id("LIS-002"))
    #expect(upstream.calls.count == 3)

    await cache.invalidateAll()
    #expect(await cache.statistics().cachedEntries == 0)
    await expectNothingInFlight(cache)
  }
}
