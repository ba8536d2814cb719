import BookingInterface
import shared_kernel

public final class SearchViewModel {
  public init() {}
}
