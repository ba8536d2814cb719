import BookingInterface
import SharedKernel

// The travel supplier's JSON, as this client reads it. These types never leave the module:
// `SupplierTripRepository` maps them to SharedKernel values at the boundary.

struct TripDTO: Decodable {
  let id: String
  let title: String
  let city: String
  let country: String
  let startDate: String
  let endDate: String
  let priceMinorUnits: Int64
  let currency: String
  let ratingTenths: Int
  let placesLeft: Int
  let description: String?

  /// The trip as a domain value; throws `TripError.invalidResponse` naming the bad field.
  func domainValue() throws(TripError) -> Trip {
    guard let tripID = TripID(id) else { throw invalid("id '\(id)'") }
    guard let start = CalendarDate(iso8601: startDate), let end = CalendarDate(iso8601: endDate),
      start <= end
    else { throw invalid("dates \(startDate)…\(endDate) of \(id)") }
    guard let money = Currency(code: currency) else {
      throw invalid("currency '\(currency)' of \(id)")
    }
    guard priceMinorUnits >= 0 else { throw invalid("negative price of \(id)") }
    guard let rating = Rating(tenths: ratingTenths) else { throw invalid("rating of \(id)") }
    guard placesLeft >= 0 else { throw invalid("negative places left of \(id)") }
    return Trip(
      id: tripID, title: title, destination: Destination(city: city, country: country),
      startDate: start, endDate: end, price: Money(minorUnits: priceMinorUnits, currency: money),
      rating: rating, placesLeft: placesLeft, details: description ?? "")
  }

  private func invalid(_ what: String) -> TripError {
    .invalidResponse(reason: "invalid \(what)")
  }
}

struct TripListDTO: Decodable {
  let trips: [TripDTO]
  let totalMatches: Int
}

struct HoldDTO: Decodable {
  let id: String
  let tripId: String
  let places: Int
  let status: String
  let expiresAt: Double
  let reference: String?
}

struct SupplierErrorDTO: Decodable {
  struct Detail: Decodable {
    let code: String
    let message: String
    let placesLeft: Int?
  }
  let error: Detail
}
