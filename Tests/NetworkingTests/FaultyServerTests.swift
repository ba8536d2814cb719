import Foundation
import LoopbackServers
import Testing

@testable import Networking

/// The live transport against real sockets that misbehave: what the client reports says
/// whether the server may have acted, and the client's deadline holds whatever the server does.
@Suite("HTTP client against misbehaving servers")
struct FaultyServerTests {
  /// A POST carrying an idempotency key: retried by the client, so each fault meets retries.
  static let keyedPost = TransportRequest(
    method: .post, path: "/v1/charges", headers: ["Idempotency-Key": "order-1"],
    body: Data("{}".utf8))

  func client(_ server: LoopbackServer, deadline: Duration = .seconds(3_600)) -> RetryingHTTPClient
  {
    RetryingHTTPClient(
      transport: liveTransport(to: server.baseURL), deadline: deadline,
      retryPolicy: RetryPolicy(maximumAttempts: 2, initialBackoff: .zero))
  }

  @Test func aRefusedConnectionIsNotSentSoNothingHappenedAtTheServer() async throws {
    let server = try LoopbackServer.refusingConnections()
    await #expect {
      try await client(server).send(Self.keyedPost)
    } throws: { error in
      guard case .notSent = error as? HTTPError else { return false }
      return true
    }
  }

  @Test(arguments: [LoopbackServer.Fault.reset, .close])
  func aConnectionBrokenAfterTheRequestLeavesTheOutcomeUnknown(fault: LoopbackServer.Fault)
    async throws
  {
    let server = try await LoopbackServer.start(fault)
    await #expect {
      try await client(server).send(Self.keyedPost)
    } throws: { error in
      guard let error = error as? HTTPError else { return false }
      return error.mayHaveReachedServer && error.isTransient
    }
    await server.stop()
  }

  @Test func aServerThatDripsItsAnswerIsCutOffAtTheDeadline() async throws {
    let server = try await LoopbackServer.start(.drip)
    // A byte every half second keeps an idle timeout of two seconds from ever firing, and the
    // drip would last minutes: the outcome is the deadline's, whatever the machine's speed.
    await #expect(throws: HTTPError.timedOut) {
      try await client(server, deadline: .seconds(2)).send(TransportRequest(path: "/v1/trips"))
    }
    await server.stop()
  }

  @Test func aSilentServerIsCutOffAtTheDeadline() async throws {
    let server = try await LoopbackServer.start(.silent)
    await #expect(throws: HTTPError.timedOut) {
      try await client(server, deadline: .milliseconds(300)).send(Self.keyedPost)
    }
    await server.stop()
  }

  /// A transport that plays a broken connection first and a refused one after.
  actor BrokenThenRefused: HTTPTransport {
    private var attempts = 0
    func send(_ request: TransportRequest, timeout: Duration) async throws -> TransportResponse {
      attempts += 1
      if attempts == 1 { throw HTTPError.transportFailed(reason: "connection reset") }
      throw HTTPError.notSent(reason: "connection refused")
    }
  }

  @Test func retriesEndingInARefusalStillReportThatAnEarlierAttemptMayHaveArrived() async throws {
    let client = RetryingHTTPClient(
      transport: BrokenThenRefused(), deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: .zero), sleep: { _ in })
    await #expect(throws: HTTPError.transportFailed(reason: "connection reset")) {
      try await client.send(Self.keyedPost)
    }
  }

  /// A transport that ignores cancellation: it answers only when the test lets it.
  final class Unstoppable: HTTPTransport {
    let gate = AsyncStream<Void>.makeStream()
    func send(_ request: TransportRequest, timeout: Duration) async throws -> TransportResponse {
      for await _ in gate.stream {}
      return TransportResponse(status: 200)
    }
  }

  @Test func theDeadlineHoldsEvenWhenTheTransportIgnoresCancellation() async throws {
    let transport = Unstoppable()
    let client = RetryingHTTPClient(
      transport: transport, deadline: .milliseconds(200), retryPolicy: .never, sleep: { _ in })
    await #expect(throws: HTTPError.timedOut) {
      try await client.send(TransportRequest(path: "/v1/trips"))
    }
    transport.gate.continuation.finish()
  }
}
