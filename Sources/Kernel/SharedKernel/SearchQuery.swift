import Foundation

/// A validated, normalized search for bookable trips.
///
/// It is the key under which identical in-flight searches are coalesced, so two queries a person
/// would call the same ("  lisbon", "LISBON", "Lisbon") are equal and hash alike. It can only be
/// built through `make`, which rejects invalid input instead of clamping it.
public struct SearchQuery: Hashable, Sendable {
  /// The fields, held once: a query is made once and then copied into every call, frame and
  /// table that keys on it (a stampede copies it thousands of times), so a copy is one reference,
  /// not a string and six optional fields. Immutable, so sharing it is safe.
  private final class Fields: Sendable {
    let destination: String
    let from: CalendarDate?
    let to: CalendarDate?
    let places: Int
    let maximumPrice: Money?
    let sort: SortOrder
    let limit: Int
    /// The hash of the fields above, computed once when the query is made: a query is made
    /// once and then looked up many times (the cache hashes it on every call), and hashing a
    /// string and six optional fields costs more than the rest of a cache hit.
    let precomputedHash: Int

    init(
      destination: String, from: CalendarDate?, to: CalendarDate?, places: Int,
      maximumPrice: Money?, sort: SortOrder, limit: Int
    ) {
      self.destination = destination
      self.from = from
      self.to = to
      self.places = places
      self.maximumPrice = maximumPrice
      self.sort = sort
      self.limit = limit
      var hasher = Hasher()
      hasher.combine(destination)
      hasher.combine(from)
      hasher.combine(to)
      hasher.combine(places)
      hasher.combine(maximumPrice)
      hasher.combine(sort)
      hasher.combine(limit)
      precomputedHash = hasher.finalize()
    }
  }

  private let fields: Fields

  /// The destination, folded for matching: lowercased, without diacritics, single-spaced.
  public var destination: String { fields.destination }
  /// The earliest first day of a trip, if any.
  public var from: CalendarDate? { fields.from }
  /// The latest last day of a trip, if any.
  public var to: CalendarDate? { fields.to }
  /// How many places must be left, 1–9.
  public var places: Int { fields.places }
  /// The highest price per place, if any; trips in other currencies are compared by the supplier.
  public var maximumPrice: Money? { fields.maximumPrice }
  /// The order of the results.
  public var sort: SortOrder { fields.sort }
  /// The most results to return.
  public var limit: Int { fields.limit }

  /// How many places one order may hold.
  public static let placeRange = 1...9
  /// How many results one search may ask for.
  public static let limitRange = 1...100
  /// The longest destination text accepted, in characters.
  public static let maximumDestinationLength = 100

  private init(
    destination: String, from: CalendarDate?, to: CalendarDate?, places: Int,
    maximumPrice: Money?, sort: SortOrder, limit: Int
  ) {
    fields = Fields(
      destination: destination, from: from, to: to, places: places, maximumPrice: maximumPrice,
      sort: sort, limit: limit)
  }

  /// Feeds the hash computed at creation: equal queries were made from equal fields, so they
  /// hash alike.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fields.precomputedHash)
  }

  /// Equal when every field is: copies of one query are equal at once, and the stored hashes
  /// settle most unequal pairs without comparing strings.
  public static func == (left: SearchQuery, right: SearchQuery) -> Bool {
    let (left, right) = (left.fields, right.fields)
    return left === right
      || (left.precomputedHash == right.precomputedHash && left.destination == right.destination
        && left.from == right.from && left.to == right.to && left.places == right.places
        && left.maximumPrice == right.maximumPrice && left.sort == right.sort
        && left.limit == right.limit)
  }

  /// Validates and normalizes a search; throws the first rule it breaks.
  public static func make(
    destination: String,
    from: CalendarDate? = nil,
    to: CalendarDate? = nil,
    places: Int = 1,
    maximumPrice: Money? = nil,
    sort: SortOrder = .price,
    limit: Int = 20
  ) throws(SearchQueryError) -> SearchQuery {
    let folded = normalize(destination)
    guard !folded.isEmpty else { throw .emptyDestination }
    guard folded.count <= maximumDestinationLength else {
      throw .destinationTooLong(maximum: maximumDestinationLength)
    }
    if let from, let to, to < from { throw .reversedDates(from: from, to: to) }
    guard placeRange.contains(places) else { throw .placesOutOfRange(places) }
    if let maximumPrice, maximumPrice.isNegative { throw .negativeMaximumPrice(maximumPrice) }
    guard limitRange.contains(limit) else { throw .limitOutOfRange(limit) }
    return SearchQuery(
      destination: folded, from: from, to: to, places: places, maximumPrice: maximumPrice,
      sort: sort, limit: limit)
  }

  /// Folds text the way destinations are matched: case, diacritics, width and surrounding or
  /// repeated whitespace do not matter ("  São  PAULO " and "sao paulo" fold alike).
  /// Suppliers fold their own names with it too, so both sides agree.
  public static func normalize(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .split(whereSeparator: \.isWhitespace)
    .joined(separator: " ")
  }
}

/// The order in which search results are listed.
public enum SortOrder: String, Sendable, Codable, CaseIterable {
  /// Cheapest first.
  case price
  /// Best rated first.
  case rating
  /// Soonest first.
  case date
}

/// The rule a search broke, so the caller can say exactly what to change.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing but whitespace was given as the destination.
  case emptyDestination
  /// The destination is longer than any place name.
  case destinationTooLong(maximum: Int)
  /// The earliest start is after the latest end.
  case reversedDates(from: CalendarDate, to: CalendarDate)
  /// The number of places is outside ``SearchQuery/placeRange``.
  case placesOutOfRange(Int)
  /// The maximum price is below zero.
  case negativeMaximumPrice(Money)
  /// The number of results is outside ``SearchQuery/limitRange``.
  case limitOutOfRange(Int)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .emptyDestination:
      "the destination is empty; name a city or a country"
    case .destinationTooLong(let maximum):
      "the destination is longer than \(maximum) characters"
    case .reversedDates(let from, let to):
      "the start date \(from) is after the end date \(to)"
    case .placesOutOfRange(let places):
      "\(places) places is not allowed; choose \(SearchQuery.placeRange.lowerBound) to \(SearchQuery.placeRange.upperBound)"
    case .negativeMaximumPrice(let price):
      "the maximum price \(price) is negative"
    case .limitOutOfRange(let limit):
      "a limit of \(limit) is not allowed; choose \(SearchQuery.limitRange.lowerBound) to \(SearchQuery.limitRange.upperBound)"
    }
  }
}
