import BookingData
import BookingInterface
import BookingInterfaceTestSupport
import SharedKernel
import SupplierSandbox
import Testing

/// The supplier's repository, over the sandbox's generated catalogue, held to the search
/// contract the in-memory double keeps too: the real side of what makes the double faithful.
@Suite("Trip repository contract, supplier over the sandbox")
struct SupplierTripRepositoryContractTests {
  /// Six trips a destination: every country's trips fit in one search, and the catalogue still
  /// has sold-out trips, trips with few places and cities with diacritics.
  let sandbox = SupplierSandbox(
    firstDay: CalendarDate(daysSinceEpoch: 20_800), tripsPerDestination: 6)

  @Test(arguments: TripRepositoryContract.allCases)
  func theSupplierRepositoryKeepsTheContract(_ rule: TripRepositoryContract) async throws {
    let repository = BookingDataAssembly.supplier(
      transport: sandbox.transport, deadline: .seconds(3_600))
    try await rule.check(repository, serving: sandbox.allTrips)
  }

  @Test(arguments: TripRepositoryContract.allCases)
  func theCacheInFrontOfTheSupplierKeepsTheContract(_ rule: TripRepositoryContract)
    async throws
  {
    let repository = BookingDataAssembly.cache(
      inFrontOf: BookingDataAssembly.supplier(
        transport: sandbox.transport, deadline: .seconds(3_600)))
    try await rule.check(repository, serving: sandbox.allTrips)
  }
}
