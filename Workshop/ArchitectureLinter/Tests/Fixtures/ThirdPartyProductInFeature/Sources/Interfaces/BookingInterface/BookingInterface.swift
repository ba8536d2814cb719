public import SharedKernel

public protocol TripRepository: Sendable {
  func price() async throws -> Money
}
