public import shared_kernel

public protocol BookingRepository: Sendable {
  func price() async throws -> Money
}
