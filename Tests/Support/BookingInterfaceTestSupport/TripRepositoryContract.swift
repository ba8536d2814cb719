public import BookingInterface
import Foundation
public import SharedKernel
public import Testing

/// What every ``TripRepository`` must do when it searches, written once and run against each
/// implementation: the in-memory double and the supplier's repository over the sandbox. An
/// implementation's suite runs every rule as one argument of a parameterized test:
///
/// ```swift
/// @Test(arguments: TripRepositoryContract.allCases)
/// func keepsTheSearchContract(_ rule: TripRepositoryContract) async throws {
///   try await rule.check(repository, serving: catalogue)
/// }
/// ```
///
/// `check` is given the repository and every trip it sells, with the places each has left, and
/// picks its destinations, dates, places and prices from those trips, so a generated catalogue
/// serves as well as a written one. It needs a country with trips in two cities, a sold-out
/// trip, a trip with one to eight places left, a city name with diacritics, and fewer than a
/// hundred trips in that country (one search shows them all); ``sampleCatalogue`` has them.
///
/// How prices in different currencies compare is each supplier's business (the sandbox converts
/// by reference rates, the double knows no rates), so the price rules speak of one currency.
public enum TripRepositoryContract: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case findsEveryTripOfACityByItsName
  case findsEveryTripOfACountryInEachOfItsCities
  case findsAPlaceByPartOfItsName
  case ignoresCaseDiacriticsAndSpacingInADestination
  case findsNothingForAPlaceItDoesNotSell
  case keepsOnlyTripsWithinTheDates
  case keepsOnlyTripsWithTheAskedPlacesLeft
  case listsSoldOutTripsWhateverThePlacesAsked
  case keepsOnlyTripsAtMostTheMaximumPriceInItsCurrency
  case listsTripsInTheAskedOrderTiesByIdentifier
  case returnsTheFirstResultsUpToTheLimit
  case answersEachResultsIdentifierWithThatTrip
  case reportsAnUnknownIdentifierAsNotFound

  /// The rule, as a sentence, so the test list reads as the contract.
  public var testDescription: String {
    switch self {
    case .findsEveryTripOfACityByItsName:
      "finds every trip of a city by its name, as the catalogue has it, and nothing else"
    case .findsEveryTripOfACountryInEachOfItsCities:
      "finds every trip of a country, in each of its cities"
    case .findsAPlaceByPartOfItsName:
      "finds a place by part of its city's or country's name"
    case .ignoresCaseDiacriticsAndSpacingInADestination:
      "ignores case, diacritics and spacing in a destination"
    case .findsNothingForAPlaceItDoesNotSell:
      "finds nothing for a place it does not sell"
    case .keepsOnlyTripsWithinTheDates:
      "keeps only trips that start on or after the first date and end on or before the last"
    case .keepsOnlyTripsWithTheAskedPlacesLeft:
      "keeps only trips with the places asked for left"
    case .listsSoldOutTripsWhateverThePlacesAsked:
      "lists sold-out trips whatever the places asked, so they show as sold out"
    case .keepsOnlyTripsAtMostTheMaximumPriceInItsCurrency:
      "keeps the trips in the maximum price's currency that cost at most that price"
    case .listsTripsInTheAskedOrderTiesByIdentifier:
      "lists trips cheapest, best rated or soonest first, as asked, ties by identifier"
    case .returnsTheFirstResultsUpToTheLimit:
      "returns the first results, no more than the limit"
    case .answersEachResultsIdentifierWithThatTrip:
      "answers each result's identifier with that trip, details included"
    case .reportsAnUnknownIdentifierAsNotFound:
      "reports an unknown identifier as not found"
    }
  }

  /// Checks this rule against `repository`, which sells `catalogue`: every trip, with the
  /// places it has left.
  public func check(_ repository: any TripRepository, serving catalogue: [Trip]) async throws {
    let fixture = try TripRepositoryFixture(repository: repository, catalogue: catalogue)
    switch self {
    case .findsEveryTripOfACityByItsName: try await fixture.checkCity()
    case .findsEveryTripOfACountryInEachOfItsCities: try await fixture.checkCountry()
    case .findsAPlaceByPartOfItsName: try await fixture.checkPartOfAName()
    case .ignoresCaseDiacriticsAndSpacingInADestination: try await fixture.checkFolding()
    case .findsNothingForAPlaceItDoesNotSell: try await fixture.checkUnknownPlace()
    case .keepsOnlyTripsWithinTheDates: try await fixture.checkDates()
    case .keepsOnlyTripsWithTheAskedPlacesLeft: try await fixture.checkPlaces()
    case .listsSoldOutTripsWhateverThePlacesAsked: try await fixture.checkSoldOut()
    case .keepsOnlyTripsAtMostTheMaximumPriceInItsCurrency: try await fixture.checkMaximumPrice()
    case .listsTripsInTheAskedOrderTiesByIdentifier: try await fixture.checkOrder()
    case .returnsTheFirstResultsUpToTheLimit: try await fixture.checkLimit()
    case .answersEachResultsIdentifierWithThatTrip: try await fixture.checkLookup()
    case .reportsAnUnknownIdentifierAsNotFound: try await fixture.checkUnknownIdentifier()
    }
  }

  /// A catalogue with what every rule needs, for an implementation whose trips a test writes:
  /// two countries with two cities each, three currencies, a sold-out trip, trips with few
  /// places, and dates, prices and ratings that differ (two trips share a price, to show ties).
  public static let sampleCatalogue: [Trip] = [
    sample("LIS-001", "Old Town Walks", "Lisbon", "Portugal", (45_000, .eur), 5, 46, day: 21_000),
    sample("LIS-002", "Fado Nights", "Lisbon", "Portugal", (52_050, .eur), 0, 48, day: 21_010),
    sample(
      "LIS-003", "Coast and Islands", "Lisbon", "Portugal", (38_000, .eur), 2, 41, day: 21_020),
    sample("OPO-001", "Food and Markets", "Porto", "Portugal", (45_000, .eur), 9, 46, day: 21_005),
    sample("TYO-001", "Temples and Markets", "東京", "Japan", (180_000, .jpy), 12, 47, day: 21_003),
    sample("TYO-002", "Slow Weekend", "東京", "Japan", (150_000, .jpy), 1, 39, day: 21_030),
    sample("KYO-001", "Gardens", "京都", "Japan", (140_000, .jpy), 4, 50, day: 21_015),
    sample(
      "GRU-023", "Hiking and Views", "São Paulo", "Brazil", (99_000, .brl), 12, 44, day: 21_008),
  ]

  private static func sample(
    _ id: String, _ theme: String, _ city: String, _ country: String,
    _ price: (minorUnits: Int64, currency: Currency), _ places: Int, _ tenths: Int, day: Int
  ) -> Trip {
    guard let rating = Rating(tenths: tenths) else { preconditionFailure("a valid rating") }
    return Trip(
      id: .fixture(id), title: "\(theme) in \(city)",
      destination: Destination(city: city, country: country),
      startDate: CalendarDate(daysSinceEpoch: day), endDate: CalendarDate(daysSinceEpoch: day + 4),
      price: Money(minorUnits: price.minorUnits, currency: price.currency), rating: rating,
      placesLeft: places, details: "Four nights. Small groups and a local guide.")
  }
}

/// The repository under test, its catalogue, and the destinations, dates, places and prices the
/// rules pick from that catalogue.
private struct TripRepositoryFixture {
  let repository: any TripRepository
  let catalogue: [Trip]
  /// The country with the most cities (at least two), ties by name.
  let country: String
  /// Its first city by name.
  let city: String

  init(repository: any TripRepository, catalogue: [Trip]) throws {
    self.repository = repository
    self.catalogue = catalogue
    let cities = Dictionary(grouping: catalogue, by: \.destination.country)
      .mapValues { Set($0.map(\.destination.city)) }
    let widest = try #require(
      cities.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) },
      "the catalogue is empty")
    try #require(widest.value.count >= 2, "the catalogue needs a country with two cities")
    (country, city) = (widest.key, try #require(widest.value.min()))
  }

  /// What searching `destination` must find, by the rule stated on its own: the folded
  /// destination is part of the folded city or country.
  func trips(named destination: String) -> [Trip] {
    let folded = SearchQuery.normalize(destination)
    return catalogue.filter {
      SearchQuery.normalize($0.destination.city).contains(folded)
        || SearchQuery.normalize($0.destination.country).contains(folded)
    }
  }

  /// Every result for `destination`, with at most a hundred in the catalogue (checked), so the
  /// limit leaves none out.
  func search(
    _ destination: String, from: CalendarDate? = nil, to: CalendarDate? = nil, places: Int = 1,
    maximumPrice: Money? = nil, sort: SharedKernel.SortOrder = .price, limit: Int = 100
  ) async throws -> [TripSummary] {
    try #require(
      trips(named: destination).count < SearchQuery.limitRange.upperBound,
      "the catalogue has a hundred trips or more for \(destination)")
    return try await repository.search(
      SearchQuery.make(
        destination: destination, from: from, to: to, places: places, maximumPrice: maximumPrice,
        sort: sort, limit: limit))
  }

  /// Expects `results` to be exactly `expected`'s summaries, in any order.
  func expect(
    _ results: [TripSummary], are expected: [Trip], _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let byID = { (trips: [TripSummary]) in
      Dictionary(trips.map { ($0.id, $0) }) { first, _ in first }
    }
    #expect(
      results.count == Set(results.map(\.id)).count, "a trip listed twice: \(comment)",
      sourceLocation: sourceLocation)
    #expect(
      byID(results) == byID(expected.map(\.summary)), comment, sourceLocation: sourceLocation)
  }

  // MARK: - Rules

  func checkCity() async throws {
    let expected = trips(named: city)
    #expect(Set(expected.map(\.destination.city)) == [city])
    expect(try await search(city), are: expected, "\(city)")
  }

  func checkCountry() async throws {
    let expected = trips(named: country)
    #expect(Set(expected.map(\.destination.city)).count >= 2)
    expect(try await search(country), are: expected, "\(country)")
  }

  func checkPartOfAName() async throws {
    let part = String(SearchQuery.normalize(country).prefix(3))
    let expected = trips(named: part)
    #expect(expected.count > trips(named: city).count)
    expect(try await search(part), are: expected, "\(part)")
  }

  func checkFolding() async throws {
    // A city whose name changes when folded beyond lowercasing: it has diacritics.
    let accented = try #require(
      Set(catalogue.map(\.destination.city)).sorted().first {
        SearchQuery.normalize($0) != $0.lowercased()
      }, "the catalogue needs a city name with diacritics")
    let plain = accented.folding(options: .diacriticInsensitive, locale: nil)
    let shouted = "  " + plain.uppercased().split(separator: " ").joined(separator: "   ") + " "
    let expected = trips(named: accented)
    #expect(!expected.isEmpty)
    for spelling in [accented, shouted, accented.lowercased()] {
      expect(try await search(spelling), are: expected, "\(spelling)")
    }
  }

  func checkUnknownPlace() async throws {
    try #require(trips(named: "Atlantis").isEmpty)
    #expect(try await search("Atlantis").isEmpty)
  }

  func checkDates() async throws {
    let trips = trips(named: country).sorted { $0.startDate < $1.startDate }
    let from = trips[trips.count / 3].startDate
    let to = trips[trips.count * 2 / 3].endDate
    let expected = trips.filter { $0.startDate >= from && $0.endDate <= to }
    try #require(!expected.isEmpty && expected.count < trips.count, "dates that filter")
    expect(try await search(country, from: from, to: to), are: expected, "\(from) to \(to)")
    expect(
      try await search(country, from: from), are: trips.filter { $0.startDate >= from },
      "from \(from)")
    expect(try await search(country, to: to), are: trips.filter { $0.endDate <= to }, "to \(to)")
  }

  func checkPlaces() async throws {
    let few = try #require(
      catalogue.filter { (1..<SearchQuery.placeRange.upperBound).contains($0.placesLeft) }
        .min { ($0.placesLeft, $0.id) < ($1.placesLeft, $1.id) },
      "the catalogue needs a trip with one to eight places left")
    let places = few.placesLeft + 1
    let destination = few.destination.city
    let results = try await search(destination, places: places)
    expect(
      results, are: trips(named: destination).filter { $0.isSoldOut || $0.placesLeft >= places },
      "\(destination), \(places) places")
    #expect(!results.contains { $0.id == few.id })
  }

  func checkSoldOut() async throws {
    let soldOut = try #require(
      catalogue.first { $0.isSoldOut }, "the catalogue needs a sold-out trip")
    let destination = soldOut.destination.city
    for places in [1, SearchQuery.placeRange.upperBound] {
      let results = try await search(destination, places: places)
      let listed = try #require(results.first { $0.id == soldOut.id }, "\(places) places")
      #expect(listed.isSoldOut)
    }
  }

  func checkMaximumPrice() async throws {
    let trips = trips(named: country)
    let currency = try #require(trips.first?.price.currency)
    let prices = trips.map(\.price).filter { $0.currency == currency }
      .sorted { $0.minorUnits < $1.minorUnits }
    let maximum = prices[prices.count / 2]
    let cheapEnough = trips.filter {
      $0.price.currency == currency && $0.price.minorUnits <= maximum.minorUnits
    }
    try #require(cheapEnough.count < prices.count, "a price that filters")
    let results = try await search(country, maximumPrice: maximum)
    expect(results.filter { $0.price.currency == currency }, are: cheapEnough, "\(maximum)")
    // The price itself is not above the maximum: a trip that costs exactly that is kept.
    #expect(results.contains { $0.price == maximum })
  }

  /// Every city and country of the catalogue, each sorted every way: ties need trips that
  /// share a price, a rating or a first day, which one place may not have.
  func checkOrder() async throws {
    let places = catalogue.flatMap { [$0.destination.city, $0.destination.country] }
    for place in Set(places).sorted() {
      try await checkOrder(of: place)
    }
  }

  func checkOrder(of place: String) async throws {
    var sets: [Set<TripID>] = []
    for sort in SharedKernel.SortOrder.allCases {
      let results = try await search(place, sort: sort)
      #expect(!results.isEmpty, "\(place) by \(sort)")
      sets.append(Set(results.map(\.id)))
      for (index, left) in results.enumerated() {
        for right in results[(index + 1)...] {
          let inOrder: Bool? =
            switch sort {
            case .price where left.price.currency != right.price.currency: nil
            case .price where left.price != right.price:
              left.price.minorUnits < right.price.minorUnits
            case .rating where left.rating != right.rating: left.rating > right.rating
            case .date where left.startDate != right.startDate: left.startDate < right.startDate
            default: left.id < right.id
            }
          #expect(inOrder != false, "\(place) by \(sort): \(left.id) before \(right.id)")
        }
      }
    }
    #expect(Set(sets).count == 1, "\(place): each order lists the same trips")
  }

  func checkLimit() async throws {
    for sort in SharedKernel.SortOrder.allCases {
      let all = try await search(country, sort: sort)
      try #require(all.count > 2)
      for limit in [1, 2, all.count - 1, all.count, all.count + 1] {
        let first = try await search(country, sort: sort, limit: limit)
        #expect(first == Array(all.prefix(limit)), "by \(sort), at most \(limit)")
      }
    }
  }

  func checkLookup() async throws {
    let results = try await search(country)
    #expect(!results.isEmpty)
    for result in results {
      let trip = try await repository.trip(id: result.id)
      #expect(trip.summary == result)
      #expect(catalogue.contains(trip), "\(trip.id) as the catalogue has it")
    }
  }

  func checkUnknownIdentifier() async throws {
    let unknown = try #require(TripID("ZZZ-999"))
    try #require(!catalogue.contains { $0.id == unknown })
    await #expect(throws: TripError.notFound(unknown)) {
      try await repository.trip(id: unknown)
    }
  }
}
