import Foundation

/// An order for places on a trip, from the hold to the payment.
public struct Order: Codable, Equatable {
  public enum Status: String, Codable {
    case held, placed, paid, cancelled
  }

  public var id: String
  public var tripID: String
  public var traveller: String
  public var places: Int
  public var amount: Money
  public var status: Status
  public var holdID: String

  public init(
    id: String, tripID: String, traveller: String, places: Int, amount: Money, status: Status,
    holdID: String
  ) {
    self.id = id
    self.tripID = tripID
    self.traveller = traveller
    self.places = places
    self.amount = amount
    self.status = status
    self.holdID = holdID
  }
}

/// What the payment endpoint answers for a paid order.
public struct PaymentReceipt: Codable, Equatable {
  public var orderID: String
  public var amount: Money
  public var cardEnding: String

  public init(orderID: String, amount: Money, cardEnding: String) {
    self.orderID = orderID
    self.amount = amount
    self.cardEnding = cardEnding
  }
}
