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
  /// A trip matches when the folded destination is part of its city, country or an alias; it
  /// starts on or after `from` and ends on or before `to`; it costs at most the maximum price
  /// (compared in euros by reference rates); and it has as many places left as asked. Sold-out
  /// trips are listed too, so a traveller sees them as sold out rather than missing.
  /// `placesLeft` says how many of a trip's places are still for sale (the inventory's count,
  /// not the catalog's).
  func search(_ query: SearchQuery, placesLeft: (Trip) -> Int) -> [Trip] {
    let limit = query.maximumPrice.map(Self.euros)
    let matches = entries(matching: query.destination).compactMap { entry -> Entry? in
      let left = max(0, placesLeft(entry.trip))
      let trip = entry.trip
      if let from = query.from, trip.startDate < from { return nil }
      if let to = query.to, to < trip.endDate { return nil }
      if let limit, entry.referencePrice > limit + 0.005 { return nil }
      guard left == 0 || left >= query.places else { return nil }
      return left == trip.placesLeft ? entry : entry.withPlacesLeft(left)
    }
    let sorted = matches.sorted { left, right in
      switch query.sort {
      case .price where left.referencePrice != right.referencePrice:
        return left.referencePrice < right.referencePrice
      case .rating where left.trip.rating != right.trip.rating:
        return left.trip.rating > right.trip.rating
      case .date where left.trip.startDate != right.trip.startDate:
        return left.trip.startDate < right.trip.startDate
      default:
        return left.trip.id < right.trip.id
      }
    }
    return sorted.map(\.trip)
  }
}
