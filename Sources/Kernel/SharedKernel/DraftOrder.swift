/// An order that has been priced but not paid: the only thing a payment can be taken for.
/// Not `Decodable`: an order is priced from its trip, never read from outside as is.
public struct DraftOrder: Hashable, Sendable, Encodable {
  /// The order's identifier, which is also the payment's idempotency key.
  public let id: OrderID
  /// The trip being bought.
  public let tripID: TripID
  /// How many places are bought.
  public let places: Int
  /// What the customer must pay: the trip's price times the places.
  public let amount: Money
  /// Who travels.
  public let traveller: Traveller

  /// Prices an order for `places` on `trip`; refuses a sold-out trip, more places than
  /// places left, and a total that overflows. `placesHeld` are places the supplier already holds
  /// for this very order (a resumed checkout): they are no longer among the trip's places left,
  /// but they are this order's.
  public init(
    id: OrderID, trip: Trip, places: Int, traveller: Traveller, placesHeld: Int = 0
  ) throws(CheckoutError) {
    let available = trip.placesLeft + max(0, placesHeld)
    guard available > 0 else { throw .soldOut(trip.id) }
    guard SearchQuery.placeRange.contains(places) else { throw .placesOutOfRange(places) }
    guard places <= available else {
      throw .notEnoughPlaces(requested: places, available: available)
    }
    do {
      amount = try trip.price.multiplied(by: places)
    } catch {
      throw .amountTooLarge
    }
    self.id = id
    self.tripID = trip.id
    self.places = places
    self.traveller = traveller
  }

  /// Turns this order into a ``PaidOrder`` when `receipt` pays exactly for it: the same order, the
  /// same amount, the same currency. This is the only way to obtain a ``PaidOrder``.
  public func confirm(with receipt: PaymentReceipt) throws(CheckoutError) -> PaidOrder {
    guard receipt.orderID == id else {
      throw .receiptForAnotherOrder(expected: id, received: receipt.orderID)
    }
    guard receipt.amount.currency == amount.currency else {
      throw .currencyMismatch(expected: amount.currency, received: receipt.amount.currency)
    }
    guard receipt.amount.minorUnits == amount.minorUnits else {
      throw .amountMismatch(expected: amount, received: receipt.amount)
    }
    return PaidOrder(order: self, receipt: receipt)
  }
}

/// Why an order could not be drafted or confirmed.
public enum CheckoutError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The trip has no places left.
  case soldOut(TripID)
  /// Fewer places are left than were asked for.
  case notEnoughPlaces(requested: Int, available: Int)
  /// The number of places is outside ``SearchQuery/placeRange``.
  case placesOutOfRange(Int)
  /// The total does not fit in an amount.
  case amountTooLarge
  /// The receipt pays for a different order.
  case receiptForAnotherOrder(expected: OrderID, received: OrderID)
  /// The receipt is in another currency than the order.
  case currencyMismatch(expected: Currency, received: Currency)
  /// The receipt is for another amount than the order.
  case amountMismatch(expected: Money, received: Money)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .soldOut(let id): "trip \(id) is sold out"
    case .notEnoughPlaces(let requested, let available):
      "only \(available) place\(available == 1 ? " is" : "s are") left; \(requested) were requested"
    case .placesOutOfRange(let places):
      "\(places) places is not allowed; choose \(SearchQuery.placeRange.lowerBound) to \(SearchQuery.placeRange.upperBound)"
    case .amountTooLarge: "the total is too large"
    case .receiptForAnotherOrder(let expected, let received):
      "the payment was for order \(received), not \(expected)"
    case .currencyMismatch(let expected, let received):
      "the payment was in \(received), but the order is in \(expected)"
    case .amountMismatch(let expected, let received):
      "the payment was \(received), but the order costs \(expected)"
    }
  }
}
