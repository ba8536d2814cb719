import AppComposition
import CheckoutFeature
import SearchFeature
import SharedKernel
import BookingData
/// The front: commands that drive the features the root hands out.
public enum Commands {}
