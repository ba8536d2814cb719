import SharedKernel
import Testing

@Suite("Search queries")
struct SearchQueryTests {
  @Test(arguments: ["  lisbon", "LISBON", "Lisbon", "lisbon\t", "LiSbOn  "])
  func caseAndSurroundingWhitespaceDoNotMakeADifferentQuery(text: String) throws {
    #expect(try SearchQuery.make(destination: text) == SearchQuery.make(destination: "lisbon"))
  }

  @Test(arguments: [
    ("İstanbul", "istanbul"), ("São Paulo", "sao paulo"), ("Kraków", "krakow"),
    ("  SÃO   PAULO ", "sao paulo"), ("東京", "東京"), ("Ｔｏｋｙｏ", "tokyo"),
  ])
  func diacriticsCaseWidthAndRepeatedSpacesFoldToOneKey(text: String, folded: String) throws {
    #expect(try SearchQuery.make(destination: text).destination == folded)
  }

  @Test func equalQueriesHashAlikeSoTheyCoalesce() throws {
    let keys: Set<SearchQuery> = [
      try SearchQuery.make(destination: "İstanbul"), try SearchQuery.make(destination: "istanbul "),
    ]
    #expect(keys.count == 1)
  }

  @Test func queriesThatDifferInAnyOtherFieldAreDifferentKeys() throws {
    let base = try SearchQuery.make(destination: "Lisbon")
    #expect(try base != SearchQuery.make(destination: "Lisbon", places: 2))
    #expect(try base != SearchQuery.make(destination: "Lisbon", sort: .rating))
    #expect(try base != SearchQuery.make(destination: "Lisbon", limit: 5))
  }

  @Test(arguments: ["", "   ", "\n\t"])
  func anEmptyDestinationIsRejected(text: String) {
    #expect(throws: SearchQueryError.emptyDestination) { try SearchQuery.make(destination: text) }
  }

  @Test func aDestinationLongerThanAnyPlaceNameIsRejected() {
    #expect(throws: SearchQueryError.destinationTooLong(maximum: 100)) {
      try SearchQuery.make(destination: String(repeating: "a", count: 10_000))
    }
  }

  @Test func aStartAfterTheEndIsRejectedNotSwapped() throws {
    let from = try #require(CalendarDate(iso8601: "2027-05-10"))
    let to = try #require(CalendarDate(iso8601: "2027-05-01"))
    #expect(throws: SearchQueryError.reversedDates(from: from, to: to)) {
      try SearchQuery.make(destination: "Lisbon", from: from, to: to)
    }
    #expect(try SearchQuery.make(destination: "Lisbon", from: to, to: to).from == to)
  }

  @Test(arguments: [0, -1, 10, 100])
  func placesOutsideOneToNineAreRejectedNotClamped(places: Int) {
    #expect(throws: SearchQueryError.placesOutOfRange(places)) {
      try SearchQuery.make(destination: "Lisbon", places: places)
    }
  }

  @Test func aNegativeMaximumPriceIsRejected() {
    let price = Money(minorUnits: -1, currency: .eur)
    #expect(throws: SearchQueryError.negativeMaximumPrice(price)) {
      try SearchQuery.make(destination: "Lisbon", maximumPrice: price)
    }
  }

  @Test(arguments: [0, 101, 1_000_000])
  func anAbsurdLimitIsRejected(limit: Int) {
    #expect(throws: SearchQueryError.limitOutOfRange(limit)) {
      try SearchQuery.make(destination: "Lisbon", limit: limit)
    }
  }

  @Test func everyRejectionExplainsItselfInOneLine() {
    let errors: [SearchQueryError] = [
      .emptyDestination, .destinationTooLong(maximum: 100), .placesOutOfRange(0),
      .negativeMaximumPrice(Money(minorUnits: -1, currency: .eur)), .limitOutOfRange(0),
    ]
    for error in errors {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
  }
}
