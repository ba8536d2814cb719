package import Networking
package import SharedKernel

/// Plays a travel supplier's HTTP API in-process, so `swift run voyage` works offline and the
/// booking repository's real request and decoding path runs in the demo and the tests.
///
/// API: `GET /v1/trips?destination=&from=&to=&guests=&max_price=&currency=&sort=&limit=` lists
/// trips, `GET /v1/trips/{id}` returns one. It can add latency and fail on demand, and counts
/// the requests it answered, to show coalescing at work.
package final class SupplierSandbox: Sendable {
  private let catalog: SandboxCatalog
  private let state = LockedValue(FaultState())

  private struct FaultState {
    var latency: Duration = .zero
    var failuresLeft = 0
    var failureStatus = 503
    var requestsAnswered = 0
  }

  /// A sandbox whose catalog is fixed by `seed` and starts on `firstDay` (today, in the demo).
  package init(seed: UInt64 = 2_026, firstDay: CalendarDate, tripsPerDestination: Int = 50) {
    catalog = SandboxCatalog(
      seed: seed, firstDay: firstDay, tripsPerDestination: tripsPerDestination)
  }

  /// A transport whose requests this sandbox answers.
  package var transport: InProcessTransport {
    InProcessTransport { [self] request in try await self.handle(request) }
  }

  /// How many trips the catalog holds.
  package var tripCount: Int { catalog.entries.count }

  /// Every trip, in catalog order: for tests and benchmarks that need real identifiers.
  package var allTrips: [Booking] { catalog.entries.map(\.booking) }

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
  package func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
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
    guard request.method == .get else {
      return Self.error(405, "method_not_allowed", "only GET is supported")
    }
    let segments = request.path.split(separator: "/")
    switch segments.count {
    case 2 where segments == ["v1", "trips"]:
      return search(request)
    case 3 where segments[0] == "v1" && segments[1] == "trips":
      guard let id = BookingID(String(segments[2])), let booking = catalog.booking(id: id) else {
        return Self.error(404, "trip_not_found", "no trip has the identifier \(segments[2])")
      }
      return Self.json(TripPayload(booking, withDetails: true))
    default:
      return Self.error(404, "not_found", "no route for \(request.path)")
    }
  }

  private func search(_ request: HTTPRequest) -> HTTPResponse {
    let query: SearchQuery
    do {
      query = try SandboxSearchRequest.parse(request)
    } catch {
      return Self.error(400, "invalid_query", error.message)
    }
    let matches = catalog.search(query)
    return Self.json(
      TripListPayload(
        trips: matches.prefix(query.limit).map { TripPayload($0, withDetails: false) },
        totalMatches: matches.count))
  }

  private static func json(_ payload: some Encodable, status: Int = 200) -> HTTPResponse {
    do {
      return HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"],
        body: try HTTPClient.encode(payload))
    } catch {
      return HTTPResponse(status: 500)
    }
  }

  private static func error(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
    json(ErrorPayload(error: .init(code: code, message: message)), status: status)
  }
}
