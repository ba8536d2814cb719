import BookingInterface
import SharedKernel

public final class CheckoutViewModel {
  public init() {}
}
