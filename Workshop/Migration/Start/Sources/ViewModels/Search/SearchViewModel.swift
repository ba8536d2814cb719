import Networking
import Repositories

/// The search screen's state.
@MainActor
public final class SearchViewModel {
  public private(set) var destination = ""
  public private(set) var results: [TripDTO] = []
  private let repository: APITripRepository

  public init(repository: APITripRepository) {
    self.repository = repository
  }

  /// Looks up the trips to a destination code such as "LIS".
  public func search(destination: String) async throws {
    self.destination = destination.uppercased()
    results = try await repository.searchTrips(destination: self.destination)
  }

  /// Opens checkout for a trip.
  public func choose(tripID: String) async throws {
    let trip = try await repository.trip(id: tripID)
    CheckoutViewModel.shared.start(trip: trip, source: "search")
  }
}
