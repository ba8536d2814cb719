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
  let seatsLeft: Int
  let description: String?

  init(_ booking: Booking, withDetails: Bool) {
    id = booking.id.rawValue
    title = booking.title
    city = booking.destination.city
    country = booking.destination.country
    startDate = booking.startDate.description
    endDate = booking.endDate.description
    priceMinorUnits = booking.price.minorUnits
    currency = booking.price.currency.code
    ratingTenths = booking.rating.tenths
    seatsLeft = booking.seatsLeft
    description = withDetails ? booking.details : nil
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
