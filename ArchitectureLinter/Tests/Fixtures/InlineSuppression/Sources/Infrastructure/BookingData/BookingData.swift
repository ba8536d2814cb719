public import BookingInterface
import Networking
import SharedKernel

/// The module's only door.
public enum BookingDataAssembly {
  public static func repository() -> any BookingRepository { SupplierRepository() }
}

struct SupplierRepository: BookingRepository {
  func price() async throws -> Money { Money(minorUnits: 1) }
}
