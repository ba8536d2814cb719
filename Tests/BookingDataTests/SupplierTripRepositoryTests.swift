import BookingData
import BookingInterface
import Networking
import SharedKernel
import SupplierSandbox
import Testing

@Suite("Supplier trip repository against the sandbox")
struct SupplierTripRepositoryTests {
  let sandbox = SupplierSandbox(
    firstDay: CalendarDate(daysSinceEpoch: 20_800), tripsPerDestination: 20)

  func repository(attempts: Int = 3) -> any TripRepository {
    BookingDataAssembly.supplier(
      // A deadline that never ends a test: these tests are about answers, not time.
      transport: sandbox.transport, deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: attempts, initialBackoff: .zero))
  }

  @Test func aSearchDecodesTheSuppliersTripsIntoSummariesInTheRequestedOrder() async throws {
    let query = try SearchQuery.make(destination: "  PORTUGAL ", sort: .price, limit: 15)
    let results = try await repository().search(query)
    #expect(results.count == 15)
    #expect(results.allSatisfy { $0.destination.country == "Portugal" })
    #expect(results.map(\.price.minorUnits) == results.map(\.price.minorUnits).sorted())
  }

  @Test func aMaximumPriceAndDatesAreSentAndHonoured() async throws {
    let from = CalendarDate(daysSinceEpoch: 20_900)
    let to = CalendarDate(daysSinceEpoch: 21_100)
    let query = try SearchQuery.make(
      destination: "Lisbon", from: from, to: to,
      maximumPrice: Money(minorUnits: 50_000, currency: .eur), limit: 100)
    let results = try await repository().search(query)
    #expect(!results.isEmpty)
    #expect(
      results.allSatisfy {
        $0.price.minorUnits <= 50_000 && $0.startDate >= from && $0.endDate <= to
      })
  }

  @Test func aTripIsFetchedByIdentifierWithItsDetails() async throws {
    let expected = try #require(sandbox.allTrips.first)
    let trip = try await repository().trip(id: expected.id)
    #expect(trip == expected)
    #expect(!trip.details.isEmpty)
  }

  @Test func anUnknownTripIsNotFound() async throws {
    let id = try #require(TripID("LIS-999"))
    await #expect(throws: TripError.notFound(id)) { try await repository().trip(id: id) }
  }

  @Test func aSupplierThatRecoversWithinTheRetriesIsNotAnError() async throws {
    sandbox.failNextRequests(2)
    let id = try #require(sandbox.allTrips.first?.id)
    _ = try await repository(attempts: 3).trip(id: id)
    #expect(sandbox.requestsAnswered == 3)
  }

  @Test func aSupplierThatStaysDownIsUnavailable() async throws {
    sandbox.failNextRequests(3)
    let id = try #require(sandbox.allTrips.first?.id)
    await #expect {
      try await repository(attempts: 3).trip(id: id)
    } throws: { error in
      guard case .upstreamUnavailable = error as? TripError else { return false }
      return true
    }
  }

  @Test func theCacheInFrontOfTheSupplierSendsOneRequestForManyIdenticalSearches() async throws {
    sandbox.setLatency(.milliseconds(50))
    let cache = BookingDataAssembly.cache(inFrontOf: repository())
    let query = try SearchQuery.make(destination: "Kraków")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<10 { group.addTask { _ = try await cache.search(query) } }
      try await group.waitForAll()
    }
    // Every caller either joined the one flight or, arriving after it landed, hit the cache.
    let statistics = await cache.statistics()
    #expect(statistics.upstreamCalls == 1)
    #expect(statistics.coalescedWaits + statistics.cacheHits == 9)
    #expect(sandbox.requestsAnswered == 1)
    #expect(statistics.inFlight == 0 && statistics.waiting == 0)
  }
}
