import Foundation
import Networking
import SharedKernel
import Testing

@testable import SupplierSandbox

@Suite("Supplier sandbox")
struct SupplierSandboxTests {
  static let firstDay = CalendarDate(daysSinceEpoch: 20_800)

  func get(_ sandbox: SupplierSandbox, _ path: String, _ query: [String: String] = [:]) async throws
    -> (status: Int, json: [String: Any])
  {
    let request = TransportRequest(
      path: path,
      query: query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) })
    let response = try await sandbox.handle(request)
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    return (response.status, json)
  }

  @Test func theCatalogIsLargeVariedAndRealistic() {
    let trips = SupplierSandbox(firstDay: Self.firstDay).allTrips
    #expect(trips.count >= 2_000)
    #expect(Set(trips.map(\.destination.city)).count >= 40)
    #expect(Set(trips.map(\.price.currency)).count >= 5)
    for city in ["São Paulo", "İstanbul", "Kraków", "東京"] {
      #expect(trips.contains { $0.destination.city == city }, "missing \(city)")
    }
    #expect(trips.contains { $0.isSoldOut })
    #expect(
      trips.allSatisfy { $0.startDate > Self.firstDay && $0.startDate.days(until: $0.endDate) >= 2 }
    )
    #expect(trips.allSatisfy { Self.firstDay.days(until: $0.endDate) <= 366 })
  }

  @Test func theSameSeedGivesTheSameCatalogAndAnotherSeedADifferentOne() {
    let first = SupplierSandbox(seed: 7, firstDay: Self.firstDay).allTrips
    #expect(first == SupplierSandbox(seed: 7, firstDay: Self.firstDay).allTrips)
    #expect(first != SupplierSandbox(seed: 8, firstDay: Self.firstDay).allTrips)
  }

  @Test func theCatalogIsTheSameOnEveryMachine() throws {
    // Fixed by the seed and the first day alone: these values are what SplitMix64 yields.
    let trip = try #require(SupplierSandbox(seed: 2_026, firstDay: Self.firstDay).allTrips.first)
    #expect(trip.id.rawValue == "LIS-001")
    #expect("\(trip.id) \(trip.startDate) \(trip.price) \(trip.rating)" == Self.expectedFirstTrip)
  }

  static let expectedFirstTrip = "LIS-001 2027-09-06 EUR 760.00 4.5"

  @Test(arguments: ["Lisbon", "lisboa", "LISBON ", "portugal"])
  func searchMatchesCityCountryAndAliasesWhateverTheSpelling(destination: String) async throws {
    let sandbox = SupplierSandbox(firstDay: Self.firstDay)
    let (status, json) = try await get(
      sandbox, "/v1/trips", ["destination": destination, "limit": "100"])
    #expect(status == 200)
    let trips = try #require(json["trips"] as? [[String: Any]])
    #expect(!trips.isEmpty)
    #expect(trips.allSatisfy { ($0["country"] as? String) == "Portugal" })
  }

  @Test func nonLatinCitiesAreFoundByTheirOwnScriptAndByTheirEnglishName() async throws {
    let sandbox = SupplierSandbox(firstDay: Self.firstDay)
    for destination in ["東京", "tokyo", "İstanbul", "istanbul", "sao paulo", "krakow"] {
      let (_, json) = try await get(sandbox, "/v1/trips", ["destination": destination])
      #expect((json["total_matches"] as? Int ?? 0) > 0, "\(destination) found nothing")
    }
  }

  @Test func resultsAreSortedAndLimited() async throws {
    let sandbox = SupplierSandbox(firstDay: Self.firstDay)
    let (_, json) = try await get(
      sandbox, "/v1/trips", ["destination": "japan", "sort": "rating", "limit": "10"])
    let ratings = try #require(json["trips"] as? [[String: Any]]).compactMap {
      $0["rating_tenths"] as? Int
    }
    #expect(ratings.count == 10)
    #expect(ratings == ratings.sorted(by: >))
  }

  @Test func anUnknownTripIsA404WithAnErrorBody() async throws {
    let (status, json) = try await get(
      SupplierSandbox(firstDay: Self.firstDay), "/v1/trips/LIS-999")
    #expect(status == 404)
    #expect((json["error"] as? [String: Any])?["code"] as? String == "trip_not_found")
  }

  @Test func anInvalidQueryIsA400NamingTheProblem() async throws {
    let (status, json) = try await get(
      SupplierSandbox(firstDay: Self.firstDay), "/v1/trips",
      ["destination": "Lisbon", "places": "0"])
    #expect(status == 400)
    #expect(((json["error"] as? [String: Any])?["message"] as? String)?.contains("places") == true)
  }

  @Test func failuresCanBeInjectedAndThenItRecovers() async throws {
    let sandbox = SupplierSandbox(firstDay: Self.firstDay)
    sandbox.failNextRequests(2, status: 503)
    #expect(try await get(sandbox, "/v1/trips/LIS-001").status == 503)
    #expect(try await get(sandbox, "/v1/trips/LIS-001").status == 503)
    #expect(try await get(sandbox, "/v1/trips/LIS-001").status == 200)
    #expect(sandbox.requestsAnswered == 3)
  }
}
