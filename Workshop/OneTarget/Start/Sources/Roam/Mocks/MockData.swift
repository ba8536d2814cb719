import Foundation

/// Canned trips for developing screens without the catalog: `--mock` serves these.
public enum MockData {
  public static let lisbon = TripDTO(
    id: "MCK-001", title: "Mock Trip to Lisbon", destinationCode: "LIS", city: "Lisbon",
    country: "Portugal", startDate: "2027-05-01", nights: 3, priceMinorUnits: 49_900,
    currency: "EUR", placesLeft: 8, rating: 4.5,
    summary: "A trip that exists only in the mock data.", highlights: ["Trams", "Tiles"],
    reviews: [ReviewDTO(author: "Dev", stars: 5, text: "Looks great in the simulator.")])

  public static let porto = TripDTO(
    id: "MCK-002", title: "Mock Trip to Porto", destinationCode: "OPO", city: "Porto",
    country: "Portugal", startDate: "2027-06-10", nights: 2, priceMinorUnits: 29_900,
    currency: "EUR", placesLeft: 0, rating: 4.0, summary: "Sold out, to test the sold-out row.",
    highlights: ["Bridges"], reviews: [])

  public static let tokyo = TripDTO(
    id: "MCK-003", title: "Mock Trip to Tokyo", destinationCode: "HND", city: "Tokyo",
    country: "Japan", startDate: "2027-09-20", nights: 7, priceMinorUnits: 189_000,
    currency: "EUR", placesLeft: 2, rating: 4.9, summary: "A long one.",
    highlights: ["Temples", "Trains", "Noodles"], reviews: [])

  public static let trips = [lisbon, porto, tokyo]

  /// The order every mock payment produces.
  public static func order(for hold: HoldDTO, traveller: String) -> OrderDTO {
    let trip = trips.first { $0.id == hold.tripId } ?? lisbon
    return OrderDTO(
      id: "ORD-MOCK", tripId: trip.id, traveller: traveller, places: hold.places,
      amountMinorUnits: trip.priceMinorUnits * hold.places, currency: trip.currency,
      status: "placed", holdId: hold.holdId)
  }
}
