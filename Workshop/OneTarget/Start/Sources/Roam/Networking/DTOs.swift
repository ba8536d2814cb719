import Foundation

/// A trip as the API sends it.
public struct TripDTO: Codable, Equatable {
  public var id: String
  public var title: String
  public var destinationCode: String
  public var city: String
  public var country: String
  public var startDate: String
  public var nights: Int
  public var priceMinorUnits: Int
  public var currency: String
  public var placesLeft: Int
  public var rating: Double
  public var summary: String
  public var highlights: [String]
  public var reviews: [ReviewDTO]

  /// The trip the screens use.
  public var trip: Trip {
    Trip(
      id: id, title: title,
      destination: Destination(code: destinationCode, city: city, country: country),
      startDate: DateFormatting.parse(startDate) ?? Date(timeIntervalSince1970: 0),
      nights: nights, price: Money(minorUnits: priceMinorUnits, currency: currency),
      placesLeft: placesLeft, rating: rating, summary: summary, highlights: highlights,
      reviewCount: reviews.count)
  }
}

/// A review as the API sends it.
public struct ReviewDTO: Codable, Equatable {
  public var author: String
  public var stars: Int
  public var text: String
}

/// An order as the API sends it.
public struct OrderDTO: Codable, Equatable {
  public var id: String
  public var tripId: String
  public var traveller: String
  public var places: Int
  public var amountMinorUnits: Int
  public var currency: String
  public var status: String
  public var holdId: String

  /// The order the screens use.
  public var order: Order {
    Order(
      id: id, tripID: tripId, traveller: traveller, places: places,
      amount: Money(minorUnits: amountMinorUnits, currency: currency),
      status: Order.Status(rawValue: status) ?? .placed, holdID: holdId)
  }
}

/// A hold as the API sends it.
public struct HoldDTO: Codable, Equatable {
  public var holdId: String
  public var tripId: String
  public var places: Int
}

/// A payment as the API sends it.
public struct ReceiptDTO: Codable, Equatable {
  public var orderId: String
  public var amountMinorUnits: Int
  public var currency: String
  public var cardEnding: String
}

/// An error as the API sends it.
public struct ErrorDTO: Codable, Equatable {
  public var code: String
  public var detail: String
}
