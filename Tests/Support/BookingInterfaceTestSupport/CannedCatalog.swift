import Foundation
public import SharedKernel

/// A small catalog with fixed identifiers, prices, places and tickets: what a feature's example
/// shows, and what a test uses when it needs trips but not particular ones.
public enum CannedCatalog {
  /// Four trips: two in Lisbon (the second sold out), one in Tokyo, one in São Paulo.
  public static let trips: [Trip] = [
    trip(
      "LIS-001", "Old Town Walks in Lisbon", in: ("Lisbon", "Portugal"), costs: (45_000, .eur),
      places: 5),
    trip(
      "LIS-002", "Fado Nights in Lisbon", in: ("Lisbon", "Portugal"), costs: (52_050, .eur),
      places: 0),
    trip(
      "TYO-001", "Temples and Markets in 東京", in: ("東京", "Japan"), costs: (180_000, .jpy),
      places: 12),
    trip(
      "GRU-023", "Hiking and Views in São Paulo", in: ("São Paulo", "Brazil"),
      costs: (99_000, .brl), places: 12),
  ]

  /// Two tickets on the first trip, the second of them cancelled.
  public static let tickets: [Ticket] = [
    ticket(
      "TKT-000000000001", order: "canned-order-1", traveller: "Ada Lovelace", cancelled: false),
    ticket("TKT-000000000002", order: "canned-order-2", traveller: "Grace Hopper", cancelled: true),
  ]

  private static func identifier<Subject>(_ text: String) -> Identifier<Subject> {
    .fixture(text)
  }

  private static func trip(
    _ id: String, _ title: String, in place: (city: String, country: String),
    costs price: (minorUnits: Int64, currency: Currency), places: Int
  ) -> Trip {
    Trip.fixture(
      id, title: title, city: place.city, country: place.country, price: price.minorUnits,
      currency: price.currency, places: places,
      details: "Four nights. Small groups, a local guide and time of your own every afternoon.")
  }

  private static func ticket(_ id: String, order: String, traveller: String, cancelled: Bool)
    -> Ticket
  {
    Ticket(
      id: identifier(id), orderID: identifier(order), tripID: identifier("LIS-001"),
      travellerName: traveller, places: 2, amountPaid: Money(minorUnits: 90_000, currency: .eur),
      cardBrand: "Visa", cardLastFour: "4242",
      issuedAt: Date(timeIntervalSince1970: 1_800_000_000),
      cancelledAt: cancelled ? Date(timeIntervalSince1970: 1_800_000_100) : nil)
  }
}
