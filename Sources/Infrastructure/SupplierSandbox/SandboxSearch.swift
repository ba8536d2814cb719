import Networking
import SharedKernel

/// A request parameter the sandbox could not accept, with the message its 400 answer carries.
struct SandboxRequestError: Error {
  let message: String
}

/// Reads the search endpoint's query string into a validated `SearchQuery`.
enum SandboxSearchRequest {
  static func parse(_ request: TransportRequest) throws(SandboxRequestError) -> SearchQuery {
    func date(_ name: String) throws(SandboxRequestError) -> CalendarDate? {
      guard let text = request.queryValue(name) else { return nil }
      guard let date = CalendarDate(iso8601: text) else {
        throw SandboxRequestError(message: "\(name) must be a YYYY-MM-DD date")
      }
      return date
    }
    func integer(_ name: String, default fallback: Int) throws(SandboxRequestError) -> Int {
      guard let text = request.queryValue(name) else { return fallback }
      guard let value = Int(text) else {
        throw SandboxRequestError(message: "\(name) must be an integer")
      }
      return value
    }
    var maximumPrice: Money?
    if let text = request.queryValue("max_price") {
      guard let minorUnits = Int64(text),
        let currency = Currency(code: request.queryValue("currency") ?? "")
      else {
        throw SandboxRequestError(
          message: "max_price must be integer minor units with a supported currency")
      }
      maximumPrice = Money(minorUnits: minorUnits, currency: currency)
    }
    guard let sort = SortOrder(rawValue: request.queryValue("sort") ?? "price") else {
      throw SandboxRequestError(message: "sort must be price, rating or date")
    }
    let (from, to) = (try date("from"), try date("to"))
    let (places, limit) = (try integer("places", default: 1), try integer("limit", default: 20))
    do {
      return try SearchQuery.make(
        destination: request.queryValue("destination") ?? "", from: from, to: to, places: places,
        maximumPrice: maximumPrice, sort: sort, limit: limit)
    } catch {
      throw SandboxRequestError(message: error.description)
    }
  }
}

extension SandboxCatalog {
  /// Every trip matching `query`, in its sort order (the caller applies the limit).
  ///
  /// A trip matches by the kernel's rules for every trip repository (`SearchQuery.names`,
  /// `admits` and `lists(_:before:cheaper:)`): the folded destination is part of its city,
  /// country or an alias; its dates and places fit, sold-out trips listed too, so a traveller
  /// sees them as sold out rather than missing. What is the sandbox's own: a maximum price and
  /// the price order compare amounts in euros by reference rates, across currencies.
  /// `placesLeft` says how many of a trip's places are still for sale (the inventory's count,
  /// not the catalog's).
  func search(_ query: SearchQuery, placesLeft: (Trip) -> Int) -> [Trip] {
    let limit = query.maximumPrice.map(Self.euros)
    let matches = entries(matching: query).compactMap { entry -> Entry? in
      if let limit, entry.referencePrice > limit + 0.005 { return nil }
      let left = max(0, placesLeft(entry.trip))
      let current = left == entry.trip.placesLeft ? entry : entry.withPlacesLeft(left)
      return query.admits(current.trip) ? current : nil
    }
    return matches.sorted { left, right in
      query.lists(left.trip, before: right.trip) { Self.euros($0) < Self.euros($1) }
    }
    .map(\.trip)
  }
}
