import BookingInterface
import SharedKernel
import Vendor

public final class SearchViewModel {}
