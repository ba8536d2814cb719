import EventLog
import Foundation
import Testing

@testable import Networking

/// What the client tells the log of each attempt: the call, its status or error, its attempt,
/// its duration and the deadline left; each retry with its reason; never a body.
@Suite("HTTP client's log")
struct RetryingHTTPClientLogTests {
  @Test func eachAttemptIsLoggedAndARetryNamesWhatFailedAndTheBackoff() async throws {
    let recorder = LogRecorder()
    let server = RetryingHTTPClientTests.ScriptedServer(statuses: [503])
    let client = RetryingHTTPClient(
      transport: server.transport, deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(100)),
      log: EventLogger(label: "supplier", level: .info, sink: recorder), sleep: { _ in })
    _ = try await client.send(TransportRequest(path: "/v1/trips"))
    let events = recorder.events
    #expect(events.map(\.message) == ["call retried", "call answered"])
    #expect(events.map { $0.metadata["attempt"] } == [1, 2])
    #expect(events.map { $0.metadata["status"] } == [503, 200])
    #expect(events.first?.metadata["backoff_ms"] == .number(100))
    #expect(
      events.allSatisfy { $0.metadata["method"] == "GET" && $0.metadata["path"] == "/v1/trips" })
    #expect(
      events.allSatisfy {
        if case .number = $0.metadata["deadline_left_ms"] { true } else { false }
      })
    #expect(
      !events.contains { $0.metadata.contains { $0.value.description.contains("trip_count") } })
  }

  @Test func aCallThatFailsForGoodSaysWhetherItMayHaveReachedTheServer() async throws {
    let recorder = LogRecorder()
    let server = RetryingHTTPClientTests.ScriptedServer(statuses: [404])
    let client = RetryingHTTPClient(
      transport: server.transport, deadline: .seconds(3_600),
      log: EventLogger(label: "payments", level: .info, sink: recorder), sleep: { _ in })
    await #expect(throws: HTTPError.self) {
      try await client.send(TransportRequest(path: "/v1/charges/x"))
    }
    #expect(recorder.events.map(\.message) == ["call failed"])
    #expect(recorder.events.first?.metadata["status"] == 404)
    #expect(recorder.events.first?.metadata["may_have_reached_server"] == true)
    #expect(recorder.events.first?.level == .warning)
  }
}
