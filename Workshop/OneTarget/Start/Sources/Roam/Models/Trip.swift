import Foundation

/// A trip, as every screen needs it: the catalog's fields, what the detail screen shows, what
/// checkout needs, and what the list remembers about the user.
public struct Trip: Codable, Equatable {
  public var id: String
  public var title: String
  public var destination: Destination
  public var startDate: Date
  public var nights: Int
  public var price: Money
  public var placesLeft: Int
  public var rating: Double
  public var summary: String
  public var highlights: [String]
  public var reviewCount: Int
  /// Set by the list screen when the user marked it; not part of the catalog.
  public var isFavourite: Bool = false
  /// Set by checkout while a hold is open; not part of the catalog.
  public var holdID: String?

  public init(
    id: String, title: String, destination: Destination, startDate: Date, nights: Int,
    price: Money, placesLeft: Int, rating: Double, summary: String, highlights: [String],
    reviewCount: Int
  ) {
    self.id = id
    self.title = title
    self.destination = destination
    self.startDate = startDate
    self.nights = nights
    self.price = price
    self.placesLeft = placesLeft
    self.rating = rating
    self.summary = summary
    self.highlights = highlights
    self.reviewCount = reviewCount
  }

  /// The day the trip ends.
  public var endDate: Date {
    Calendar.roam.date(byAdding: .day, value: nights, to: startDate) ?? startDate
  }

  /// Whether no place is left.
  public var isSoldOut: Bool { placesLeft <= 0 }

  /// The price in the currency the user chose, ready to print.
  public var displayPrice: String {
    MoneyFormatting.string(price.converted(to: AppSettings.shared.currency))
  }

  /// The dates, ready to print.
  public var displayDates: String {
    DateFormatting.range(from: startDate, to: endDate)
  }
}

extension Calendar {
  /// The calendar trips are dated in: Gregorian, UTC, so a date is the same everywhere.
  public static var roam: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
  }
}
