/// A trip, with everything any screen needs to know about it.
public struct Trip: Equatable, Sendable {
  // Search
  public var id: String
  public var destinationCode: String
  public var title: String
  public var departureDate: String
  public var nights: Int
  public var priceMinor: Int
  public var currencyCode: String
  public var placesLeft: Int

  // Checkout
  public var travellerName: String?
  public var bookedPlaces: Int?
  public var orderNumber: String?
  public var totalMinor: Int?

  // Analytics
  public var analyticsScreen: String?
  public var analyticsSource: String?

  // Display
  public var priceText: String
  public var departureText: String
  public var confirmationText: String?

  public init(
    id: String, destinationCode: String, title: String, departureDate: String, nights: Int,
    priceMinor: Int, currencyCode: String, placesLeft: Int, priceText: String,
    departureText: String
  ) {
    self.id = id
    self.destinationCode = destinationCode
    self.title = title
    self.departureDate = departureDate
    self.nights = nights
    self.priceMinor = priceMinor
    self.currencyCode = currencyCode
    self.placesLeft = placesLeft
    self.priceText = priceText
    self.departureText = departureText
  }
}
