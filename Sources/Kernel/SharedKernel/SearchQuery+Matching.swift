extension SearchQuery {
  /// Whether this query's destination names a place known by `foldedNames` (each folded with
  /// ``normalize(_:)``): it is part of one of them, so "japan" names 東京 in Japan and "sao"
  /// names São Paulo. A supplier passes a place's city, its country and any other name it knows
  /// the place by; every trip repository matches destinations by this one rule.
  public func names(aPlaceKnownAs foldedNames: some Sequence<String>) -> Bool {
    foldedNames.contains { $0.contains(destination) }
  }

  /// Whether a trip to a place this query names is listed, as far as its dates and places go:
  /// it starts on or after ``from``, ends on or before ``to``, and has ``places`` left or none
  /// at all (a sold-out trip is listed as sold out, not hidden). The maximum price is left to
  /// the supplier, which alone knows how it compares prices in other currencies.
  public func admits(_ trip: Trip) -> Bool {
    if let from, trip.startDate < from { return false }
    if let to, to < trip.endDate { return false }
    return trip.isSoldOut || trip.placesLeft >= places
  }

  /// Whether `left` is listed before `right` in this query's ``sort``: cheapest, best rated or
  /// soonest first, ties by identifier, so every repository lists the same trips in the same
  /// order. `cheaper` says whether one price is below another, as the supplier compares prices
  /// across currencies.
  public func lists(
    _ left: Trip, before right: Trip, cheaper: (Money, Money) -> Bool
  ) -> Bool {
    switch sort {
    case .price where cheaper(left.price, right.price): return true
    case .price where cheaper(right.price, left.price): return false
    case .rating where left.rating != right.rating: return left.rating > right.rating
    case .date where left.startDate != right.startDate: return left.startDate < right.startDate
    default: return left.id < right.id
    }
  }
}
