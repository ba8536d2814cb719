public import shared_kernel

public protocol TripRepository: Sendable {
  func price() async throws -> Money
}
