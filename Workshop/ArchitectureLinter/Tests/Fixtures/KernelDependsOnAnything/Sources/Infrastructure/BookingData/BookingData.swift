public import BookingInterface
import Networking
import SharedKernel

/// The module's only door.
public enum BookingDataAssembly {
  public static func repository() -> any TripRepository { SupplierRepository() }
}

struct SupplierRepository: TripRepository {
  func price() async throws -> Money { Money(minorUnits: 1) }
}
