import BookingInterface

public struct InMemoryBookings {}
