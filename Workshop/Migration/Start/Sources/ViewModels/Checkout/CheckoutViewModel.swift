import Foundation
import Models
import Networking
import Utils

/// The checkout screen's state, one for the whole app.
@MainActor
public final class CheckoutViewModel {
  public static let shared = CheckoutViewModel()

  public var client: APIClient?
  public private(set) var trip: Trip?

  private init() {}

  /// Starts checking out a trip; `source` is the screen it came from.
  public func start(trip: Trip, source: String) {
    var trip = trip
    trip.analyticsScreen = "checkout"
    trip.analyticsSource = source
    self.trip = trip
  }

  /// Books places on the trip being checked out.
  public func confirm(traveller: String, places: Int) async throws {
    guard var trip, let client else { throw BookingError.unknownTrip("") }
    // TEMPORARY: until the repository supports it
    let body = try JSONSerialization.data(withJSONObject: [
      "trip_id": trip.id, "traveller_name": traveller, "places": places,
    ])
    let request = HTTPRequest(
      method: "POST", url: AppConfig.current.apiBaseURL + "/orders", body: body)
    let response = try await client.send(request)
    switch response.status {
    case 201:
      guard let order = try? JSONDecoder.api.decode(OrderDTO.self, from: response.body) else {
        throw BookingError.unreadableResponse
      }
      trip.travellerName = order.travellerName
      trip.bookedPlaces = order.places
      trip.orderNumber = order.orderId
      trip.totalMinor = order.totalMinor
      trip.confirmationText =
        "Booked \(order.orderId): \(order.places) places on \(trip.title)"
        + " (\(trip.departureText)) for \(order.travellerName)."
      self.trip = trip
      NotificationCenter.default.post(
        name: Notification.Name("checkoutDidFinish"), object: nil,
        userInfo: ["tripID": trip.id, "places": order.places])
    case 404:
      throw BookingError.unknownTrip(trip.id)
    case 409:
      let problem = try? JSONDecoder.api.decode(ErrorDTO.self, from: response.body)
      if problem?.error == "sold_out" { throw BookingError.soldOut(trip.id) }
      throw BookingError.notEnoughPlaces(tripID: trip.id, left: problem?.placesLeft ?? 0)
    default:
      throw BookingError.serverError(status: response.status)
    }
  }
}
