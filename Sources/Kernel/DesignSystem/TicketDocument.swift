public import Foundation

/// A ticket as `voyage checkout --json` and `voyage tickets --json` both show it: its card as
/// "Visa •••• 4242" in every locale, its instants in ISO 8601, an open cancellation as `null`.
/// Both features build it from their `Ticket`; the shape and the text are written once, here.
public struct TicketDocument: Encodable, Sendable, Equatable {
  /// The trip a ticket is shown with by `voyage tickets show`: its link, and its title if the
  /// supplier could name it (`null` otherwise).
  public struct Trip: Sendable, Equatable {
    /// The trip's `voyage://` link.
    public let link: String
    /// The trip's title, if the supplier answered.
    public let title: String?

    /// The trip at `link`, called `title`.
    public init(link: String, title: String?) {
      self.link = link
      self.title = title
    }
  }

  let id: String
  let orderID: String
  let tripID: String
  let traveller: String
  let places: Int
  let amountPaid: AmountDocument
  let cardBrand: String
  let cardLastFour: String
  let issuedAt: Date
  let cancelledAt: Date?
  let status: String
  /// The trip, for the one screen that shows it; absent from the document otherwise.
  public var trip: Trip?

  /// The ticket's fields as the domain holds them; the text is made here.
  public init(
    id: String, orderID: String, tripID: String, traveller: String, places: Int,
    amountPaid: AmountDocument, cardBrand: String, cardLastFour: String, issuedAt: Date,
    cancelledAt: Date?, status: String, trip: Trip? = nil
  ) {
    self.id = id
    self.orderID = orderID
    self.tripID = tripID
    self.traveller = traveller
    self.places = places
    self.amountPaid = amountPaid
    self.cardBrand = cardBrand
    self.cardLastFour = cardLastFour
    self.issuedAt = issuedAt
    self.cancelledAt = cancelledAt
    self.status = status
    self.trip = trip
  }

  private enum CodingKeys: String, CodingKey {
    case id
    case orderID = "order_id"
    case tripID = "trip_id"
    case traveller, places
    case amountPaid = "amount_paid"
    case paidWith = "paid_with"
    case issuedAt = "issued_at"
    case cancelledAt = "cancelled_at"
    case status
    case tripLink = "trip_link"
    case tripTitle = "trip_title"
  }

  /// Writes the ticket; `cancelled_at` (and `trip_title` beside a trip) as `null` when unknown.
  public func encode(to encoder: any Encoder) throws {
    let instant = ISO8601DateFormatter()
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(orderID, forKey: .orderID)
    try container.encode(tripID, forKey: .tripID)
    try container.encode(traveller, forKey: .traveller)
    try container.encode(places, forKey: .places)
    try container.encode(amountPaid, forKey: .amountPaid)
    // Unicode always: a document is data, whatever the terminal can draw.
    try container.encode("\(cardBrand) •••• \(cardLastFour)", forKey: .paidWith)
    try container.encode(instant.string(from: issuedAt), forKey: .issuedAt)
    try container.encode(cancelledAt.map { instant.string(from: $0) }, forKey: .cancelledAt)
    try container.encode(status, forKey: .status)
    if let trip {
      try container.encode(trip.link, forKey: .tripLink)
      try container.encode(trip.title, forKey: .tripTitle)
    }
  }
}
