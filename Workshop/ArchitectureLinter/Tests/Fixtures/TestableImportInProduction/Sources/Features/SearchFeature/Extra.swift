@testable
import BookingInterface

func peek() {}
