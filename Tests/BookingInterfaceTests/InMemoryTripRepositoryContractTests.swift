import BookingInterface
import BookingInterfaceTestSupport
import Testing

/// The in-memory trip repository that feature tests and examples run against, held to the same
/// search contract as the supplier's repository: what proves the double is faithful, so a
/// feature that finds a trip in a test or an example finds it in the app.
@Suite("Trip repository contract, in memory")
struct InMemoryTripRepositoryContractTests {
  @Test(arguments: TripRepositoryContract.allCases)
  func theInMemoryRepositoryKeepsTheContract(_ rule: TripRepositoryContract) async throws {
    let catalogue = TripRepositoryContract.sampleCatalogue
    try await rule.check(InMemoryTripRepository(trips: catalogue), serving: catalogue)
  }

}
