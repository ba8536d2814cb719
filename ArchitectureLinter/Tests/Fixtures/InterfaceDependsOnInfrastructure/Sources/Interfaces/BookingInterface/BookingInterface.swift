import Networking
public import SharedKernel

public protocol BookingRepository: Sendable {
  func price() async throws -> Money
}
