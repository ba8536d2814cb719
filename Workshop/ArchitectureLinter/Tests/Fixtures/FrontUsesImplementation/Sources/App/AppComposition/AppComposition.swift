import BookingData
import BookingInterface
import CheckoutFeature
import SearchFeature
import SharedKernel

/// The composition root: the one module that sees an implementation.
public enum AppGraph {
  public static func repository() -> any TripRepository { BookingDataAssembly.repository() }
}
