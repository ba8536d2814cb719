import Foundation

/// Everything the app asks the trips API, in one protocol every view model is handed.
public protocol RoamAPI {
  /// Trips to a destination with at least `places` places left.
  func searchTrips(destination: String, places: Int) throws -> [Trip]
  /// One trip.
  func trip(id: String) throws -> Trip
  /// Every destination the catalog has trips to.
  func destinations() throws -> [Destination]
  /// What travellers said about a trip.
  func reviews(tripID: String) throws -> [Review]
  /// The places left on a trip, asked fresh.
  func availability(tripID: String) throws -> Int
  /// Holds places while the traveller pays; returns the hold's identifier.
  func holdPlaces(tripID: String, places: Int) throws -> String
  /// Gives up a hold.
  func releaseHold(_ holdID: String) throws
  /// Turns a hold into an order for a traveller.
  func placeOrder(holdID: String, traveller: String) throws -> Order
  /// Pays an order with a card.
  func pay(orderID: String, card: PaymentCard) throws -> PaymentReceipt
  /// Gives places back and refunds a ticket.
  func refund(ticketID: String, tripID: String, places: Int) throws
  /// The exchange rates prices are converted at (units per euro).
  func exchangeRates() throws -> [String: Double]
}
