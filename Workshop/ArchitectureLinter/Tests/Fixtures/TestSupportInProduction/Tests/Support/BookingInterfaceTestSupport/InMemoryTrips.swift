import BookingInterface
import SharedKernel

public struct InMemoryTrips {}
