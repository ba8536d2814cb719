import BookingInterface
import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SharedKernel
import Testing

@testable import SearchFeature

enum Trips {
  static func make(_ id: String, city: String, price: Int64, places: Int = 5) -> Trip {
    Trip.fixture(
      id, title: "Old Town Walks in \(city)", city: city, country: "Somewhere", price: price,
      places: places, details: "Four nights.")
  }

  static let all = [
    make("LIS-001", city: "Lisbon", price: 45_000),
    make("LIS-002", city: "Lisbon", price: 52_050, places: 0),
    make("TYO-001", city: "東京", price: 180_000),
  ]
}

@Suite("Search feature")
@MainActor
struct SearchFeatureTests {
  func query(_ text: String) throws -> SearchQuery { try SearchQuery.make(destination: text) }

  @Test func aSearchWithResultsEndsLoadedAndRendersATableWithTheCommandsItWasGiven()
    async throws
  {
    let feature = SearchFeature(
      dependencies: .init(
        trips: InMemoryTripRepository(trips: Trips.all),
        commands: SearchCommands(
          showTrip: "voyage show <trip>", buyTrip: "voyage checkout <trip> --help"))
    ) { _ in }
    await feature.search(try query("Lisbon"))
    #expect(feature.failure == nil)
    #expect(
      feature.screen(theme: .plain) == """
        2 trips for "lisbon"

        #  Trip     Title                     Dates                          Price  Rating    Places
        1  LIS-001  Old Town Walks in Lisbon  2027-07-01 -> 2027-07-05  EUR 450.00   * 4.6         5
        2  LIS-002  Old Town Walks in Lisbon  2027-07-01 -> 2027-07-05  EUR 520.50   * 4.6  sold out

        Show one: voyage show <trip>   Buy one: voyage checkout <trip> --help

        """)
  }

  @Test func aListSuggestsNoCommandItWasNotGiven() async throws {
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) { _ in }
    await feature.search(try query("Lisbon"))
    #expect(
      feature.screen(theme: .plain) == """
        2 trips for "lisbon"

        #  Trip     Title                     Dates                          Price  Rating    Places
        1  LIS-001  Old Town Walks in Lisbon  2027-07-01 -> 2027-07-05  EUR 450.00   * 4.6         5
        2  LIS-002  Old Town Walks in Lisbon  2027-07-01 -> 2027-07-05  EUR 520.50   * 4.6  sold out

        """)
  }

  @Test func aSearchWithoutResultsEndsEmpty() async throws {
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) { _ in }
    await feature.search(try query("Reykjavík"))
    #expect(feature.screen(theme: .plain).hasPrefix("No trips match \"reykjavik\""))
  }

  @Test func anUnreachableSupplierEndsFailedWithThatReason() async throws {
    let repository = InMemoryTripRepository(
      trips: [], failure: .upstreamUnavailable(reason: "timed out"))
    let feature = SearchFeature(dependencies: .init(trips: repository)) { _ in }
    await feature.search(try query("Lisbon"))
    #expect(
      feature.failure == .upstreamUnavailable("the travel supplier is unavailable: timed out"))
    // Said once, not "unavailable: the travel supplier is unavailable: …".
    #expect(
      feature.screen(theme: .plain).contains("The travel supplier is unavailable: timed out.")
        && !feature.screen(theme: .plain).contains("unavailable: the"))
  }

  @Test func showingATripRendersItsDetails() async throws {
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) { _ in }
    await feature.show(try #require(TripID("LIS-002")))
    #expect(
      feature.screen(theme: .plain) == """
        Old Town Walks in Lisbon  LIS-002
          Destination  Lisbon, Somewhere
          Dates        2027-07-01 -> 2027-07-05 (4 nights)
          Price        EUR 520.50 per place
          Rating       * 4.6
          Places       sold out

          Four nights.

        """)
  }

  @Test func showingAnUnknownTripEndsNotFound() async throws {
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) { _ in }
    let id = try #require(TripID("NOP-404"))
    await feature.show(id)
    #expect(feature.failure == .notFound(id))
  }

  @Test func anOlderSearchAnsweringLastNeverOverwritesTheNewerOne() async throws {
    let repository = InMemoryTripRepository(trips: Trips.all)
    await repository.hold("lisbon")
    let feature = SearchFeature(dependencies: .init(trips: repository)) { _ in }
    let lisbon = try query("Lisbon")
    let older = Task { await feature.search(lisbon) }
    while await !repository.isHeld("lisbon") { await Task.yield() }
    await feature.search(try query("東京"))
    await repository.release("lisbon")
    await older.value
    #expect(feature.screen(theme: .plain).hasPrefix("1 trip for \"東京\""))
  }

  @Test func selectingAResultReportsItsIdentifierOnlyAndASoldOutTripCannotBePicked() async throws {
    var outputs: [SearchOutput] = []
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) {
      outputs.append($0)
    }
    await feature.search(try query("Lisbon"))
    #expect(feature.select(resultNumber: 3) == .noSuchResult)
    #expect(feature.select(resultNumber: 2) == .soldOut(try #require(TripID("LIS-002"))))
    #expect(outputs.isEmpty)
    #expect(feature.select(resultNumber: 1) == .selected(try #require(TripID("LIS-001"))))
    #expect(outputs == [.tripSelected(try #require(TripID("LIS-001")))])
  }

  @Test func theJSONFormKeepsAmountsExactAndKeysStable() async throws {
    let feature = SearchFeature(
      dependencies: .init(trips: InMemoryTripRepository(trips: Trips.all))
    ) { _ in }
    await feature.search(try query("Lisbon"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: feature.json()) as? [String: Any])
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.count == 2)
    let price = try #require(results[1]["price"] as? [String: Any])
    #expect(price["minor_units"] as? Int == 52_050)
    #expect(price["currency"] as? String == "EUR")
    #expect(results[1]["sold_out"] as? Bool == true)
    #expect(
      Set(results[0].keys) == [
        "id", "title", "city", "country", "start_date", "end_date", "price", "rating",
        "places_left",
        "sold_out",
      ])
  }
}
