public import SharedKernel

extension Trip {
  /// One trip built the same way by every suite that needs one: what the suite cares about is
  /// given, the rest fixed (four nights from the same day, rated 4.6). The identifier is written
  /// in the test, so one that is not valid is a mistake in the test, stopped here.
  public static func fixture(
    _ id: String = "LIS-001", title: String = "Old Town Walks in Lisbon",
    city: String = "Lisbon", country: String = "Portugal", price minorUnits: Int64 = 45_000,
    currency: Currency = .eur, places: Int = 9, details: String = ""
  ) -> Trip {
    guard let rating = Rating(tenths: 46) else { preconditionFailure("4.6 is a valid rating") }
    return Trip(
      id: .fixture(id), title: title, destination: Destination(city: city, country: country),
      startDate: CalendarDate(daysSinceEpoch: 21_000),
      endDate: CalendarDate(daysSinceEpoch: 21_004),
      price: Money(minorUnits: minorUnits, currency: currency), rating: rating, placesLeft: places,
      details: details)
  }

  /// This trip with `places` left: the same trip, sold out or restocked.
  public func with(places: Int) -> Trip {
    Trip(
      id: id, title: title, destination: destination, startDate: startDate, endDate: endDate,
      price: price, rating: rating, placesLeft: places, details: details)
  }
}

extension Identifier {
  /// An identifier written in a test or a double, where a wrong one is a mistake in that code:
  /// stopped here, with the text, instead of a force unwrap or `?? { preconditionFailure() }()`
  /// in every suite.
  public static func fixture(_ text: String) -> Identifier {
    guard let identifier = Identifier(text) else {
      preconditionFailure("'\(text)' is not a valid identifier")
    }
    return identifier
  }
}
