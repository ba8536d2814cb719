import BookingInterface
import CheckoutFeature
import SharedKernel

public final class SearchViewModel {}
