import Foundation
import Models
import Networking
import Utils

/// Trips, from the trips API.
public final class APITripRepository: Sendable {
  public let client: APIClient

  public init(client: APIClient) {
    self.client = client
  }

  /// The trips to a destination, as the API lists them.
  public func searchTrips(destination: String) async throws -> [TripDTO] {
    let query = destination.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    return try await client.get("/trips?destination=\(query)")
  }

  /// One trip, ready for any screen.
  public func trip(id: String) async throws -> Trip {
    let dto: TripDTO
    do {
      dto = try await client.get("/trips/\(id)")
    } catch let error as APIError where error.status == 404 {
      throw BookingError.unknownTrip(id)
    }
    return Trip(
      id: dto.tripId, destinationCode: dto.destinationCode, title: dto.title,
      departureDate: dto.departureDate, nights: dto.nights, priceMinor: dto.priceMinor,
      currencyCode: dto.currencyCode, placesLeft: dto.placesLeft,
      priceText: MoneyFormatting.format(minor: dto.priceMinor, currency: dto.currencyCode),
      departureText: DateFormatting.display(dto.departureDate))
  }
}
