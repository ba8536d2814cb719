import Foundation

/// A paid order's proof: what the traveller shows at the start of the trip.
public struct Ticket: Codable, Equatable {
  public var id: String
  public var tripID: String
  public var tripTitle: String
  public var traveller: String
  public var places: Int
  public var paid: Money
  public var cardEnding: String
  public var startDate: Date
  public var cancelled: Bool

  public init(
    id: String, tripID: String, tripTitle: String, traveller: String, places: Int, paid: Money,
    cardEnding: String, startDate: Date, cancelled: Bool = false
  ) {
    self.id = id
    self.tripID = tripID
    self.tripTitle = tripTitle
    self.traveller = traveller
    self.places = places
    self.paid = paid
    self.cardEnding = cardEnding
    self.startDate = startDate
    self.cancelled = cancelled
  }
}
