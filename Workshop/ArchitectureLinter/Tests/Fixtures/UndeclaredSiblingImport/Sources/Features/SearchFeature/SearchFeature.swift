import BookingInterface
import SharedKernel

public final class SearchViewModel {
  public init() {}
}
