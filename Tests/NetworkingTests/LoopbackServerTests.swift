import Foundation
import Testing

@testable import LoopbackServers
@testable import Networking

/// The misbehaving servers the live transports meet keep the promises those tests rely on: a
/// server whose port is known is still there to answer, and stopping one never waits for ever.
@Suite("Loopback servers")
struct LoopbackServerTests {
  /// The server prints its port line and nothing more, and its pipe is closed once the port is
  /// read. A port taken from a line not yet ended let the pipe close under the server's last
  /// write, which killed it: its test met a reset or a refused connection.
  @Test func thePortIsTakenOnlyFromAWholeLine() {
    #expect(LoopbackServer.port(in: "port 4") == nil)
    #expect(LoopbackServer.port(in: "port 41234") == nil)
    #expect(LoopbackServer.port(in: "port 41234\n") == 41234)
    #expect(LoopbackServer.port(in: "listening\nport 8080\n") == 8080)
  }

  /// Foundation never calls a termination handler set after the process exited, so a `stop()`
  /// that set it only then waited for ever for a server that had died early. `stop()` now
  /// waits in a way cancellation ends, so the time limit turns such a wait into a failure.
  @Test(.timeLimit(.minutes(1)))
  func stoppingAServerThatHasAlreadyExitedReturns() async throws {
    let server = try await LoopbackServer.start(.silent)
    await server.closeInputAndWaitForExit()
    await #expect {
      try await SocketTransport(baseURL: server.baseURL)
        .send(TransportRequest(path: "/v1/trips"), timeout: .seconds(60))
    } throws: { error in
      guard case .notSent = error as? HTTPError else { return false }
      return true
    }
    await server.stop()
  }
}
