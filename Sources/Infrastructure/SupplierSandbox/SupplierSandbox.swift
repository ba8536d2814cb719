package import Foundation
import Locking
package import Networking
package import SharedKernel

/// Plays a travel supplier's HTTP API in-process, so `swift run voyage` works offline and the
/// trip repository's real request and decoding path runs in the demo and the tests.
///
/// API:
/// - `GET /v1/trips?destination=&from=&to=&places=&max_price=&currency=&sort=&limit=` lists
///   trips, `GET /v1/trips/{id}` returns one, each with the places really left;
/// - `POST /v1/holds` (`Idempotency-Key` header; body `trip_id`, `places`) holds places until
///   the hold expires: 201 with the hold, or 409 `sold_out` / `not_enough_places`;
/// - `PUT /v1/holds/{id}/confirmation` turns a live hold into a booking with a reference (409
///   `hold_expired` once it has expired); `DELETE /v1/holds/{id}` releases it;
/// - `DELETE /v1/bookings/{reference}` cancels a booking, and its places return.
/// All but the first two change the inventory, which lives in an SQLite file under the Voyage
/// home folder (shared by every process), and all of them are safe to repeat. A failure of that
/// file is answered with 507 `storage_failed`. The sandbox can add latency and fail on demand,
/// and counts the requests it answered, to show coalescing at work.
package final class SupplierSandbox: Sendable {
  private let catalog: SandboxCatalog
  private let inventory: SandboxInventory
  private let holdDuration: Duration
  private let now: @Sendable () -> Date
  private let committed: @Sendable (SupplierSandboxChange) -> Void
  private let state = LockedValue(FaultState())

  private struct FaultState {
    var latency: Duration = .zero
    var failuresLeft = 0
    var failureStatus = 503
    var requestsAnswered = 0
  }

  /// The inventory file's name inside the Voyage home folder.
  package static var fileName: String { SandboxInventory.fileName }

  /// A sandbox whose catalog is fixed by `seed` and starts on `firstDay` (today, in the demo),
  /// whose places are kept in `home` (in memory when `nil`), and whose holds last `holdDuration`.
  /// `committed` hears of every change to the inventory once it is durable and before it is
  /// answered: tests use it to stop a process at that exact point. `storeTimeout` is the longest
  /// it waits for its file while another process writes it: the app passes its callers'
  /// deadline, so a locked file is reported before the caller gives up, never after.
  package init(
    seed: UInt64 = 2_026, firstDay: CalendarDate, tripsPerDestination: Int = 50,
    home: URL? = nil, holdDuration: Duration = .seconds(600), storeTimeout: Duration = .seconds(30),
    now: @escaping @Sendable () -> Date = { Date() },
    committed: @escaping @Sendable (SupplierSandboxChange) -> Void = { _ in }
  ) {
    catalog = SandboxCatalog(
      seed: seed, firstDay: firstDay, tripsPerDestination: tripsPerDestination)
    inventory = SandboxInventory(home: home, busyTimeout: storeTimeout)
    self.holdDuration = holdDuration
    self.now = now
    self.committed = committed
  }

  /// A transport whose requests this sandbox answers.
  package var transport: InProcessTransport {
    InProcessTransport { [self] request in try await self.handle(request) }
  }

  /// How many trips the catalog holds.
  package var tripCount: Int { catalog.entries.count }

  /// Every trip, in catalog order, with its full capacity: for tests and benchmarks that need
  /// real identifiers.
  package var allTrips: [Trip] { catalog.entries.map(\.trip) }

  /// Places sold or held right now, per trip identifier: for tests that prove nothing oversold.
  package func placesTaken() async throws -> [String: Int] {
    try await inventory.placesTaken(now: now().timeIntervalSince1970)
  }

  /// Holds that are still live (not confirmed, released or expired): for tests that prove a
  /// failed checkout left nothing behind.
  package func liveHolds() async throws -> Int {
    let moment = now().timeIntervalSince1970
    return try await inventory.allHolds().count { $0.status == .held && $0.expiresAt > moment }
  }

  /// How many requests the sandbox has answered (failures included).
  package var requestsAnswered: Int { state.withLock { $0.requestsAnswered } }

  /// Makes every later request wait `latency` before it is answered.
  package func setLatency(_ latency: Duration) {
    state.withLock { $0.latency = latency }
  }

  /// Makes the next `count` requests fail with `status` (503 by default), then recover.
  package func failNextRequests(_ count: Int, status: Int = 503) {
    state.withLock {
      $0.failuresLeft = count
      $0.failureStatus = status
    }
  }

  /// Answers one request as the supplier's API would.
  package func handle(_ request: TransportRequest) async throws -> TransportResponse {
    let (latency, failure) = state.withLock { state -> (Duration, Int?) in
      state.requestsAnswered += 1
      guard state.failuresLeft > 0 else { return (state.latency, nil) }
      state.failuresLeft -= 1
      return (state.latency, state.failureStatus)
    }
    if latency > .zero { try await Task.sleep(for: latency) }
    if let failure {
      return Self.error(failure, "simulated_failure", "the sandbox was told to fail")
    }
    let segments = request.path.split(separator: "/").map(String.init)
    do {
      switch (request.method, segments.count) {
      case (.get, 2) where segments == ["v1", "trips"]:
        return try await search(request)
      case (.get, 3) where segments[0] == "v1" && segments[1] == "trips":
        guard let trip = try await trip(segments[2]) else {
          return Self.error(404, "trip_not_found", "no trip has the identifier \(segments[2])")
        }
        return Self.json(TripPayload(trip, withDetails: true))
      case (.post, 2) where segments == ["v1", "holds"]:
        return try await hold(request)
      case (.put, 4)
      where segments[0] == "v1" && segments[1] == "holds"
        && segments[3] == "confirmation":
        return try await answer(
          inventory.confirm(holdID: segments[2], now: now().timeIntervalSince1970),
          change: .confirmed)
      case (.delete, 3) where segments[0] == "v1" && segments[1] == "holds":
        return try await answer(inventory.release(holdID: segments[2]), change: .released)
      case (.delete, 3) where segments[0] == "v1" && segments[1] == "bookings":
        return try await answer(inventory.cancel(reference: segments[2]), change: .cancelled)
      default:
        return Self.error(
          404, "not_found", "no route for \(request.method.rawValue) \(request.path)")
      }
    } catch {
      return Self.error(507, "storage_failed", "the supplier's inventory failed: \(error)")
    }
  }

  /// The trip with `id`, its places left counted from the inventory.
  private func trip(_ text: String) async throws -> Trip? {
    guard let id = TripID(text), let trip = catalog.trip(id: id) else { return nil }
    let taken = try await inventory.placesTaken(now: now().timeIntervalSince1970)
    return trip.withPlacesLeft(trip.placesLeft - (taken[id.rawValue] ?? 0))
  }

  private func search(_ request: TransportRequest) async throws -> TransportResponse {
    let query: SearchQuery
    do {
      query = try SandboxSearchRequest.parse(request)
    } catch {
      return Self.error(400, "invalid_query", error.message)
    }
    let taken = try await inventory.placesTaken(now: now().timeIntervalSince1970)
    let matches = catalog.search(query) { $0.placesLeft - (taken[$0.id.rawValue] ?? 0) }
    return Self.json(
      TripListPayload(
        trips: matches.prefix(query.limit).map { TripPayload($0, withDetails: false) },
        totalMatches: matches.count))
  }

  private struct HoldRequest: Decodable {
    let tripId: String
    let places: Int
  }

  private func hold(_ request: TransportRequest) async throws -> TransportResponse {
    guard let key = request.header("Idempotency-Key"), !key.isEmpty, key.count <= 255 else {
      return Self.error(400, "missing_idempotency_key", "every hold needs an Idempotency-Key")
    }
    guard let body = request.body,
      let asked = try? RetryingHTTPClient.decode(HoldRequest.self, from: body),
      asked.places > 0
    else {
      return Self.error(400, "invalid_request", "the body is not a hold request")
    }
    guard let id = TripID(asked.tripId), let trip = catalog.trip(id: id) else {
      return Self.error(404, "trip_not_found", "no trip has the identifier \(asked.tripId)")
    }
    let moment = now()
    let outcome = try await inventory.hold(
      places: asked.places, tripID: id.rawValue, capacity: trip.placesLeft, key: key,
      now: moment.timeIntervalSince1970,
      expiresAt: (moment + TimeInterval(holdDuration.components.seconds)).timeIntervalSince1970)
    return answer(outcome, change: .held, status: 201)
  }

  private func answer(
    _ outcome: SandboxInventory.Outcome, change: SupplierSandboxChange, status: Int = 200
  ) -> TransportResponse {
    switch outcome {
    case .done(let hold):
      committed(change)
      return Self.json(HoldPayload(hold), status: status)
    case .refused(.notEnoughPlaces(let left)):
      return left == 0
        ? Self.error(409, "sold_out", "the trip has no places left")
        : Self.error(
          409, "not_enough_places", "only \(left) place\(left == 1 ? " is" : "s are") left",
          placesLeft: left)
    case .refused(.keyReused):
      return Self.error(409, "idempotency_key_reused", "this key was used for a different hold")
    case .refused(.holdNotFound): return Self.error(404, "hold_not_found", "no such hold")
    case .refused(.bookingNotFound): return Self.error(404, "booking_not_found", "no such booking")
    case .refused(.expired): return Self.error(409, "hold_expired", "the hold has expired")
    case .refused(.released): return Self.error(409, "hold_released", "the hold was released")
    case .refused(.confirmed):
      return Self.error(409, "hold_confirmed", "the hold is confirmed; cancel the booking instead")
    }
  }

  private static func json(_ payload: some Encodable, status: Int = 200) -> TransportResponse {
    do {
      return TransportResponse(
        status: status, headers: ["Content-Type": "application/json"],
        body: try RetryingHTTPClient.encode(payload))
    } catch {
      return TransportResponse(status: 500)
    }
  }

  private static func error(
    _ status: Int, _ code: String, _ message: String, placesLeft: Int? = nil
  ) -> TransportResponse {
    json(
      ErrorPayload(error: .init(code: code, message: message, placesLeft: placesLeft)),
      status: status)
  }
}

/// A change to the supplier's inventory, reported once it is durable.
package enum SupplierSandboxChange: String, Sendable {
  case held, confirmed, released, cancelled
}
