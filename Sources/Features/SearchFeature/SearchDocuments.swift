import DesignSystem
import Foundation
import SharedKernel

// What `voyage search --json` prints, as values: the query it answered, each trip, and the
// tickets held on a trip. Keys are snake_case; amounts are `AmountDocument`s.

/// The query a list of results answers; a bound the query did not set is absent.
nonisolated struct QueryDocument: Encodable {
  let query: SearchQuery

  private enum CodingKeys: String, CodingKey {
    case destination, places, sort, limit, from, to
    case maximumPrice = "max_price"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(query.destination, forKey: .destination)
    try container.encode(query.places, forKey: .places)
    try container.encode(query.sort.rawValue, forKey: .sort)
    try container.encode(query.limit, forKey: .limit)
    try container.encodeIfPresent(query.from?.description, forKey: .from)
    try container.encodeIfPresent(query.to?.description, forKey: .to)
    try container.encodeIfPresent(
      query.maximumPrice.map(AmountDocument.init), forKey: .maximumPrice)
  }
}

/// A trip in a list, or one trip with its details, its nights and the tickets held on it
/// (absent when they could not be read).
nonisolated struct TripDocument: Encodable {
  let summary: TripSummary
  var details: String? = nil
  var nights: Int? = nil
  var tickets: [HeldTicketDocument]? = nil

  private enum CodingKeys: String, CodingKey {
    case id, title, city, country
    case startDate = "start_date"
    case endDate = "end_date"
    case price, rating
    case placesLeft = "places_left"
    case soldOut = "sold_out"
    case details, nights, tickets
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(summary.id.rawValue, forKey: .id)
    try container.encode(summary.title, forKey: .title)
    try container.encode(summary.destination.city, forKey: .city)
    try container.encode(summary.destination.country, forKey: .country)
    try container.encode(summary.startDate.description, forKey: .startDate)
    try container.encode(summary.endDate.description, forKey: .endDate)
    try container.encode(AmountDocument(summary.price), forKey: .price)
    try container.encode(summary.rating.description, forKey: .rating)
    try container.encode(summary.placesLeft, forKey: .placesLeft)
    try container.encode(summary.isSoldOut, forKey: .soldOut)
    try container.encodeIfPresent(details, forKey: .details)
    try container.encodeIfPresent(nights, forKey: .nights)
    try container.encodeIfPresent(tickets, forKey: .tickets)
  }
}

/// A ticket held on the trip shown: its identifier, places, link and status.
nonisolated struct HeldTicketDocument: Encodable {
  let ticket: TicketOnTrip

  private enum CodingKeys: String, CodingKey { case id, places, link, status }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ticket.id.rawValue, forKey: .id)
    try container.encode(ticket.places, forKey: .places)
    try container.encode(ticket.link.absoluteString, forKey: .link)
    try container.encode(
      (ticket.isCancelling ? TicketStatus.cancelling : .issued).rawValue, forKey: .status)
  }
}

/// `{"query": {...}, "results": [...]}`.
nonisolated struct SearchResultsDocument: Encodable {
  let query: QueryDocument
  let results: [TripDocument]
}
