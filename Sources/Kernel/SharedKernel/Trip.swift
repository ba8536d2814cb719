/// A bookable trip as the supplier offers it: what `voyage show` prints and checkout prices.
public struct Trip: Hashable, Sendable, Codable {
  /// The supplier's identifier for the trip.
  public let id: TripID
  /// A short name for the trip, such as "Old Town and Fado Nights".
  public let title: String
  /// Where the trip goes.
  public let destination: Destination
  /// The first day of the trip.
  public let startDate: CalendarDate
  /// The last day of the trip; never before `startDate`.
  public let endDate: CalendarDate
  /// The price for one traveller.
  public let price: Money
  /// Travellers' average rating.
  public let rating: Rating
  /// Places still for sale; zero means sold out.
  public let placesLeft: Int
  /// A paragraph describing the trip.
  public let details: String

  /// Creates a trip; the supplier's mapping code is the usual caller.
  public init(
    id: TripID, title: String, destination: Destination, startDate: CalendarDate,
    endDate: CalendarDate, price: Money, rating: Rating, placesLeft: Int, details: String
  ) {
    self.id = id
    self.title = title
    self.destination = destination
    self.startDate = startDate
    self.endDate = endDate
    self.price = price
    self.rating = rating
    self.placesLeft = placesLeft
    self.details = details
  }

  /// Whether no place is left to sell.
  public var isSoldOut: Bool { placesLeft <= 0 }

  /// The number of nights between the first and the last day.
  public var nights: Int { startDate.days(until: endDate) }

  /// The projection that search results carry.
  public var summary: TripSummary {
    TripSummary(
      id: id, title: title, destination: destination, startDate: startDate, endDate: endDate,
      price: price, rating: rating, placesLeft: placesLeft)
  }
}

/// What one search result carries: enough to list and compare trips, without the details.
public struct TripSummary: Hashable, Sendable, Codable {
  /// The trip to pass to `voyage show` or checkout.
  public let id: TripID
  /// A short name for the trip.
  public let title: String
  /// Where the trip goes.
  public let destination: Destination
  /// The first day of the trip.
  public let startDate: CalendarDate
  /// The last day of the trip.
  public let endDate: CalendarDate
  /// The price for one traveller.
  public let price: Money
  /// Travellers' average rating.
  public let rating: Rating
  /// Places still for sale; zero means sold out.
  public let placesLeft: Int

  /// Creates a search result.
  public init(
    id: TripID, title: String, destination: Destination, startDate: CalendarDate,
    endDate: CalendarDate, price: Money, rating: Rating, placesLeft: Int
  ) {
    self.id = id
    self.title = title
    self.destination = destination
    self.startDate = startDate
    self.endDate = endDate
    self.price = price
    self.rating = rating
    self.placesLeft = placesLeft
  }

  /// Whether no place is left to sell.
  public var isSoldOut: Bool { placesLeft <= 0 }
}

/// A city and its country, spelled as locals do ("São Paulo", "東京").
public struct Destination: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The city's name, with its diacritics and script.
  public let city: String
  /// The country's name.
  public let country: String

  /// Creates a destination.
  public init(city: String, country: String) {
    self.city = city
    self.country = country
  }

  /// "City, Country".
  public var description: String { "\(city), \(country)" }
}

/// A rating from 0.0 to 5.0 kept in tenths, so it prints and compares exactly.
public struct Rating: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The rating times ten: 46 is 4.6.
  public let tenths: Int

  /// Creates a rating; `nil` outside 0...50 tenths.
  public init?(tenths: Int) {
    guard (0...50).contains(tenths) else { return nil }
    self.tenths = tenths
  }

  /// One decimal: "4.6".
  public var description: String { "\(tenths / 10).\(tenths % 10)" }

  /// Orders ratings from worst to best.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.tenths < rhs.tenths }

  /// Decodes the number of tenths and rejects any value outside 0...50.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let tenths = try container.decode(Int.self)
    guard let rating = Rating(tenths: tenths) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(tenths) is not a rating in tenths (0...50)")
    }
    self = rating
  }

  /// Encodes the number of tenths, an exact integer.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(tenths)
  }
}
