import Foundation
import Testing

@testable import Networking

@Suite("HTTP client")
struct RetryingHTTPClientTests {
  /// Answers with the scripted statuses in order, then 200, and records what it was sent.
  actor ScriptedServer {
    private var statuses: [Int]
    private(set) var received: [TransportRequest] = []

    init(statuses: [Int]) {
      self.statuses = statuses
    }

    nonisolated var transport: InProcessTransport {
      InProcessTransport { request in await self.respond(to: request) }
    }

    private func respond(to request: TransportRequest) -> TransportResponse {
      received.append(request)
      let status = statuses.isEmpty ? 200 : statuses.removeFirst()
      return TransportResponse(status: status, body: Data(#"{"trip_count": 3}"#.utf8))
    }
  }

  /// Stands in for `Task.sleep` between retries: records the backoff instead of waiting.
  actor BackoffRecorder {
    private(set) var recorded: [Duration] = []
    func sleep(_ duration: Duration) { recorded.append(duration) }
  }

  struct Catalog: Decodable, Equatable {
    let tripCount: Int
  }

  func client(_ server: ScriptedServer, _ recorder: BackoffRecorder, attempts: Int = 3)
    -> RetryingHTTPClient
  {
    // The deadline is an hour: these tests are about retries, and a machine busy with other tests
    // must not turn a retry into a timeout (the deadline has tests of its own).
    RetryingHTTPClient(
      transport: server.transport, deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: attempts, initialBackoff: .milliseconds(100)),
      sleep: { await recorder.sleep($0) })
  }

  @Test func aTransientFailureOfAnIdempotentRequestIsRetriedWithDoublingBackoff() async throws {
    let server = ScriptedServer(statuses: [503, 502])
    let recorder = BackoffRecorder()
    let body = try await client(server, recorder).decode(
      Catalog.self, from: TransportRequest(path: "/v1/trips"))
    #expect(body == Catalog(tripCount: 3))
    #expect(await server.received.count == 3)
    #expect(await recorder.recorded == [.milliseconds(100), .milliseconds(200)])
  }

  @Test func retriesStopAfterTheMaximumAttempts() async throws {
    let server = ScriptedServer(statuses: [503, 503, 503, 503])
    await #expect(throws: HTTPError.unacceptableStatus(503, body: Data(#"{"trip_count": 3}"#.utf8)))
    {
      try await client(server, BackoffRecorder()).send(TransportRequest(path: "/"))
    }
    #expect(await server.received.count == 3)
  }

  @Test(arguments: [400, 401, 404, 409, 422])
  func aClientErrorIsNeverRetried(status: Int) async throws {
    let server = ScriptedServer(statuses: [status])
    await #expect(throws: HTTPError.self) {
      try await client(server, BackoffRecorder()).send(TransportRequest(path: "/"))
    }
    #expect(await server.received.count == 1)
  }

  @Test func aPostWithoutAnIdempotencyKeyIsNeverRetried() async throws {
    let server = ScriptedServer(statuses: [503])
    await #expect(throws: HTTPError.self) {
      try await client(server, BackoffRecorder()).send(
        TransportRequest(method: .post, path: "/charges"))
    }
    #expect(await server.received.count == 1)
  }

  @Test func aPostWithAnIdempotencyKeyIsRetriedWithTheSameKey() async throws {
    let server = ScriptedServer(statuses: [503])
    let request = TransportRequest(
      method: .post, path: "/charges", headers: ["Idempotency-Key": "order-1"])
    _ = try await client(server, BackoffRecorder()).send(request)
    #expect(await server.received.map { $0.header("idempotency-key") } == ["order-1", "order-1"])
  }

  @Test func aBodyThatDoesNotMatchTheTypeIsADecodingFailure() async throws {
    struct Other: Decodable { let missing: String }
    await #expect(throws: HTTPError.self) {
      try await client(ScriptedServer(statuses: []), BackoffRecorder())
        .decode(Other.self, from: TransportRequest(path: "/"))
    }
  }

  @Test func anInProcessHandlerSlowerThanTheTimeoutTimesOut() async throws {
    let stuck = InProcessTransport { _ in
      try await Task.sleep(for: .seconds(3_600))
      return TransportResponse(status: 200)
    }
    await #expect(throws: HTTPError.timedOut) {
      try await stuck.send(TransportRequest(path: "/"), timeout: .milliseconds(20))
    }
  }

  /// Counts the requests a server that never answers was sent.
  actor SilentServer {
    private(set) var received = 0
    nonisolated var transport: InProcessTransport {
      InProcessTransport { _ in
        await self.count()
        try await Task.sleep(for: .seconds(3_600))
        return TransportResponse(status: 200)
      }
    }
    private func count() { received += 1 }
  }

  @Test func theTimeoutIsOneDeadlineForTheWholeCallRetriesIncluded() async throws {
    let server = SilentServer()
    let client = RetryingHTTPClient(
      transport: server.transport, deadline: .milliseconds(100),
      retryPolicy: RetryPolicy(maximumAttempts: 5, initialBackoff: .zero),
      sleep: { _ in })
    await #expect(throws: HTTPError.timedOut) {
      try await client.send(TransportRequest(path: "/v1/trips"))
    }
    // The first attempt was given the whole deadline; nothing was left for a second one.
    #expect(await server.received == 1)
  }
}
