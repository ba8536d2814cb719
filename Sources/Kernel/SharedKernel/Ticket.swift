public import Foundation

/// What a traveller holds after paying: proof of a place on a trip.
///
/// It is `Encodable` but not `Decodable`: decoding would mint a ticket without a paid order.
public struct Ticket: Hashable, Sendable, Encodable {
  /// The ticket's identifier.
  public let id: TicketID
  /// The order it was issued for.
  public let orderID: OrderID
  /// The trip it is a place on.
  public let tripID: TripID
  /// Who travels.
  public let travellerName: String
  /// How many places it holds.
  public let places: Int
  /// What was paid.
  public let amountPaid: Money
  /// The paying card's brand, such as "Visa".
  public let cardBrand: String
  /// The paying card's last four digits: all a ticket keeps of the card. How they are shown
  /// ("Visa •••• 4242") is the screen's business.
  public let cardLastFour: String
  /// When it was issued.
  public let issuedAt: Date
  /// When it was cancelled (its money given back, its places returned), if it was.
  public let cancelledAt: Date?
  /// Whether its cancellation was recorded and has not finished: its places, or its money, may
  /// already be back, and cancelling it again finishes it.
  public let isCancelling: Bool

  /// Where it stands: issued, being cancelled, or cancelled.
  public var status: TicketStatus {
    if cancelledAt != nil { return .cancelled }
    return isCancelling ? .cancelling : .issued
  }

  /// Issues a ticket for a paid order; the ``PaidOrder`` parameter is the business rule.
  public init(id: TicketID, for paid: PaidOrder, issuedAt: Date) {
    self.init(
      id: id, orderID: paid.order.id, tripID: paid.order.tripID,
      travellerName: paid.order.traveller.name, places: paid.order.places,
      amountPaid: paid.receipt.amount,
      cardBrand: paid.receipt.cardBrand, cardLastFour: paid.receipt.cardLastFour,
      issuedAt: issuedAt, cancelledAt: nil)
  }

  // `package`: a stored ticket is read back from the ledger without its order in memory; outside
  // the package, the only way to make a ticket is from a `PaidOrder`.
  package init(
    id: TicketID, orderID: OrderID, tripID: TripID, travellerName: String, places: Int,
    amountPaid: Money, cardBrand: String, cardLastFour: String, issuedAt: Date, cancelledAt: Date?,
    isCancelling: Bool = false
  ) {
    self.id = id
    self.orderID = orderID
    self.tripID = tripID
    self.travellerName = travellerName
    self.places = places
    self.amountPaid = amountPaid
    self.cardBrand = cardBrand
    self.cardLastFour = cardLastFour
    self.issuedAt = issuedAt
    self.cancelledAt = cancelledAt
    self.isCancelling = isCancelling
  }
}

/// Where a ticket stands, as `voyage tickets` shows it in its Status column and `--json` as
/// `status`.
public enum TicketStatus: String, Sendable, Hashable, CaseIterable {
  /// It holds its places.
  case issued
  /// Its cancellation was recorded and did not finish: `voyage cancel` with the ticket finishes
  /// it.
  case cancelling
  /// Its places were returned and its money given back.
  case cancelled
}
