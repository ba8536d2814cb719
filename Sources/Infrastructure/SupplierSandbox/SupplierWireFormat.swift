import SharedKernel

// The supplier's JSON wire format, as the sandbox writes it. BookingData has its own decoding
// structs: the two modules share the format, not the types, as a real client and server would.

struct TripPayload: Encodable {
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

  init(_ trip: Trip, withDetails: Bool) {
    id = trip.id.rawValue
    title = trip.title
    city = trip.destination.city
    country = trip.destination.country
    startDate = trip.startDate.description
    endDate = trip.endDate.description
    priceMinorUnits = trip.price.minorUnits
    currency = trip.price.currency.code
    ratingTenths = trip.rating.tenths
    placesLeft = trip.placesLeft
    description = withDetails ? trip.details : nil
  }
}

struct TripListPayload: Encodable {
  let trips: [TripPayload]
  let totalMatches: Int
}

struct HoldPayload: Encodable {
  let id: String
  let tripId: String
  let places: Int
  let status: String
  let expiresAt: Double
  let reference: String?

  init(_ hold: SandboxInventory.Hold) {
    id = hold.id
    tripId = hold.tripID
    places = hold.places
    status = hold.status.rawValue
    expiresAt = hold.expiresAt
    reference = hold.reference
  }
}

struct ErrorPayload: Encodable {
  struct Detail: Encodable {
    let code: String
    let message: String
    let placesLeft: Int?
  }
  let error: Detail
}
