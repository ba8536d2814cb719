import BookingInterface
import SharedKernel

public struct InMemoryBookings {}
