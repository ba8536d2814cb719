/// A trip exactly as the API sends it.
public struct TripDTO: Codable, Equatable, Sendable {
  public var tripId: String
  public var destinationCode: String
  public var title: String
  public var departureDate: String
  public var nights: Int
  public var priceMinor: Int
  public var currencyCode: String
  public var placesLeft: Int
}

/// An order exactly as the API sends it.
public struct OrderDTO: Codable, Equatable, Sendable {
  public var orderId: String
  public var tripId: String
  public var travellerName: String
  public var places: Int
  public var totalMinor: Int
  public var currencyCode: String
}

/// An error exactly as the API sends it.
public struct ErrorDTO: Codable, Equatable, Sendable {
  public var error: String
  public var placesLeft: Int?
}
