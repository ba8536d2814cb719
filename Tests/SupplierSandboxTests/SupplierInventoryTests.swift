import Foundation
import Locking
import Networking
import SharedKernel
import TemporaryFolders
import Testing

@testable import SupplierSandbox

/// The supplier's places: holds, confirmations, releases, cancellations and expiry, through the
/// sandbox's HTTP API, kept in an SQLite file that separate sandboxes (processes) share.
@Suite("Supplier sandbox inventory")
struct SupplierInventoryTests {
  static let firstDay = CalendarDate(daysSinceEpoch: 20_800)
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("inventory")
  var home: URL { temporary.url }

  /// A clock the test moves by hand, so expiry is tested without waiting.
  final class Clock: Sendable {
    private let now = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))
    func read() -> Date { now.withLock { $0 } }
    func advance(by seconds: TimeInterval) { now.withLock { $0 += seconds } }
  }

  func sandbox(_ clock: Clock = Clock()) -> SupplierSandbox {
    SupplierSandbox(
      firstDay: Self.firstDay, home: home, holdDuration: .seconds(600), now: { clock.read() })
  }

  /// The first trip with at least `places` places in the catalog.
  func trip(withAtLeast places: Int) throws -> Trip {
    try #require(
      SupplierSandbox(firstDay: Self.firstDay).allTrips.first { $0.placesLeft >= places })
  }

  func send(
    _ sandbox: SupplierSandbox, _ method: HTTPMethod, _ path: String, key: String? = nil,
    body: String? = nil
  ) async throws -> (status: Int, json: [String: Any]) {
    let response = try await sandbox.handle(
      TransportRequest(
        method: method, path: path, headers: key.map { ["Idempotency-Key": $0] } ?? [:],
        body: body.map { Data($0.utf8) }))
    return (
      response.status,
      try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
    )
  }

  func hold(_ sandbox: SupplierSandbox, _ trip: TripID, places: Int, key: String) async throws
    -> (status: Int, json: [String: Any])
  {
    try await send(
      sandbox, .post, "/v1/holds", key: key,
      body: #"{"trip_id": "\#(trip)", "places": \#(places)}"#)
  }

  func placesLeft(_ sandbox: SupplierSandbox, _ trip: TripID) async throws -> Int {
    try #require(try await send(sandbox, .get, "/v1/trips/\(trip)").json["places_left"] as? Int)
  }

  func code(_ json: [String: Any]) -> String? {
    (json["error"] as? [String: Any])?["code"] as? String
  }

  @Test func aHoldTakesPlacesAtOnceAndTheSameKeyAnswersWithTheSameHold() async throws {
    let sandbox = sandbox()
    let trip = try trip(withAtLeast: 3)
    let first = try await hold(sandbox, trip.id, places: 2, key: "order-1")
    #expect(first.status == 201)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft - 2)
    let again = try await hold(sandbox, trip.id, places: 2, key: "order-1")
    #expect(again.json["id"] as? String == first.json["id"] as? String)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft - 2)
  }

  @Test func theSameKeyForOtherPlacesIsRefused() async throws {
    let sandbox = sandbox()
    let trip = try trip(withAtLeast: 3)
    _ = try await hold(sandbox, trip.id, places: 1, key: "order-1")
    let other = try await hold(sandbox, trip.id, places: 2, key: "order-1")
    #expect(other.status == 409 && code(other.json) == "idempotency_key_reused")
  }

  @Test func moreThanThePlacesLeftIsRefusedSayingHowManyAreLeft() async throws {
    let sandbox = sandbox()
    let trip = try trip(withAtLeast: 2)
    _ = try await hold(sandbox, trip.id, places: trip.placesLeft - 1, key: "most")
    let tooMany = try await hold(sandbox, trip.id, places: 2, key: "too-many")
    #expect(tooMany.status == 409 && code(tooMany.json) == "not_enough_places")
    #expect((tooMany.json["error"] as? [String: Any])?["places_left"] as? Int == 1)
    _ = try await hold(sandbox, trip.id, places: 1, key: "last")
    let none = try await hold(sandbox, trip.id, places: 1, key: "none")
    #expect(none.status == 409 && code(none.json) == "sold_out")
  }

  @Test func anExpiredHoldGivesItsPlacesBackAndCannotBeConfirmed() async throws {
    let clock = Clock()
    let sandbox = sandbox(clock)
    let trip = try trip(withAtLeast: 2)
    let held = try await hold(sandbox, trip.id, places: 2, key: "slow")
    let id = try #require(held.json["id"] as? String)
    clock.advance(by: 601)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft)
    let late = try await send(sandbox, .put, "/v1/holds/\(id)/confirmation")
    #expect(late.status == 409 && code(late.json) == "hold_expired")
  }

  @Test func aConfirmedHoldKeepsItsPlacesPastExpiryAndConfirmingAgainAnswersTheSame() async throws {
    let clock = Clock()
    let sandbox = sandbox(clock)
    let trip = try trip(withAtLeast: 2)
    let id = try #require(
      try await hold(sandbox, trip.id, places: 2, key: "k").json["id"] as? String)
    let confirmed = try await send(sandbox, .put, "/v1/holds/\(id)/confirmation")
    #expect(confirmed.status == 200 && confirmed.json["status"] as? String == "confirmed")
    let reference = try #require(confirmed.json["reference"] as? String)
    clock.advance(by: 3_600)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft - 2)
    let again = try await send(sandbox, .put, "/v1/holds/\(id)/confirmation")
    #expect(again.json["reference"] as? String == reference)
  }

  @Test func releasingAndCancellingGiveThePlacesBackAndAreSafeToRepeat() async throws {
    let sandbox = sandbox()
    let trip = try trip(withAtLeast: 4)
    let released = try #require(
      try await hold(sandbox, trip.id, places: 2, key: "a").json["id"] as? String)
    #expect(try await send(sandbox, .delete, "/v1/holds/\(released)").status == 200)
    #expect(try await send(sandbox, .delete, "/v1/holds/\(released)").status == 200)
    let booked = try #require(
      try await hold(sandbox, trip.id, places: 2, key: "b").json["id"] as? String)
    let reference = try #require(
      try await send(sandbox, .put, "/v1/holds/\(booked)/confirmation").json["reference"]
        as? String)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft - 2)
    #expect(try await send(sandbox, .delete, "/v1/bookings/\(reference)").status == 200)
    #expect(try await send(sandbox, .delete, "/v1/bookings/\(reference)").status == 200)
    #expect(try await placesLeft(sandbox, trip.id) == trip.placesLeft)
    let releaseConfirmed = try await send(sandbox, .delete, "/v1/holds/\(booked)")
    #expect(releaseConfirmed.status == 200, "a cancelled booking's hold is already released")
  }

  @Test func sandboxesOnTheSameHomeShareOneInventoryLikeSeparateProcesses() async throws {
    let trip = try trip(withAtLeast: 2)
    // Each racer opens its own sandbox (its own SQLite connection), as a process would.
    let outcomes = try await withThrowingTaskGroup(of: Int.self) { group in
      for racer in 0..<12 {
        group.addTask {
          try await hold(sandbox(), trip.id, places: 1, key: "racer-\(racer)").status
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 == 201 }.count == min(12, trip.placesLeft))
    #expect(try await placesLeft(sandbox(), trip.id) == max(0, trip.placesLeft - 12))
  }

  @Test func searchReportsThePlacesReallyLeftAndHidesTripsTooSmallForThePlacesAsked() async throws {
    let sandbox = sandbox()
    let trip = try trip(withAtLeast: 3)
    _ = try await hold(sandbox, trip.id, places: trip.placesLeft - 1, key: "big")
    let search = try await sandbox.handle(
      TransportRequest(
        path: "/v1/trips",
        query: [
          URLQueryItem(name: "destination", value: trip.destination.city),
          URLQueryItem(name: "places", value: "2"), URLQueryItem(name: "limit", value: "100"),
        ]))
    let json = try #require(try JSONSerialization.jsonObject(with: search.body) as? [String: Any])
    let ids = try #require(json["trips"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(!ids.contains(trip.id.rawValue))
  }

  @Test func aBrokenInventoryFileIsA507NotASilentEmptyInventory() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4_096).write(
      to: home.appendingPathComponent(SupplierSandbox.fileName))
    let answer = try await send(sandbox(), .get, "/v1/trips/LIS-001")
    #expect(answer.status == 507 && code(answer.json) == "storage_failed")
  }
}
