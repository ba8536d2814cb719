import BookingInterface
import shared_kernel

public final class CheckoutViewModel {
  public init() {}
}
