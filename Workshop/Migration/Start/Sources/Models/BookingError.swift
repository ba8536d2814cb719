/// Why a booking did not happen.
public enum BookingError: Error, Equatable {
  case unknownTrip(String)
  case soldOut(String)
  case notEnoughPlaces(tripID: String, left: Int)
  case serverError(status: Int)
  case unreadableResponse
}
