import Foundation
import LoopbackServers
import Testing

@testable import Networking

/// Both live transports are one contract: the same request reaches a real server on loopback
/// and the same answer comes back, whichever carries it.
@Suite("Live transports over real HTTP on loopback")
struct LiveTransportTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case socket, urlSession
    var testDescription: String { rawValue }
    func transport(_ baseURL: URL) -> any HTTPTransport {
      switch self {
      case .socket: SocketTransport(baseURL: baseURL)
      case .urlSession: URLSessionTransport(baseURL: baseURL)
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func aGetReachesARealServerAndA404ComesBackAsAStatusError(kind: Kind) async throws {
    let server = try await LoopbackServer.serving([
      "v1/trips/LIS-001": #"{"trip_count": 7}"#
    ])
    let client = RetryingHTTPClient(
      transport: kind.transport(server.baseURL), deadline: .seconds(3_600), retryPolicy: .never)

    struct Catalog: Decodable { let tripCount: Int }
    let body = try await client.decode(
      Catalog.self, from: TransportRequest(path: "/v1/trips/LIS-001"))
    #expect(body.tripCount == 7)

    await #expect {
      try await client.send(TransportRequest(path: "/v1/trips/LIS-404"))
    } throws: { error in
      guard case .unacceptableStatus(404, _) = error as? HTTPError else { return false }
      return true
    }
    await server.stop()
  }

  @Test func liveServersOverPlainHTTPGetTheSocketAndSecureOnesURLSession() throws {
    #expect(
      liveTransport(to: try #require(URL(string: "http://127.0.0.1:8080"))) is SocketTransport)
    #expect(
      liveTransport(to: try #require(URL(string: "https://api.example"))) is URLSessionTransport)
  }
}

/// An answer is read whole however it is framed, and an answer cut short is never taken for a
/// whole one.
@Suite("HTTP response parser")
struct HTTPResponseParserTests {
  func parse(_ text: String, ended: Bool) throws -> TransportResponse? {
    var parser = HTTPResponseParser()
    parser.append(Array(text.utf8)[...])
    return try parser.response(atEndOfStream: ended)
  }

  @Test func aBodyFramedByContentLengthIsReadWhole() throws {
    let head = "HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Id: 7\r\n\r\n"
    #expect(try parse(head + "abc", ended: false) == nil)
    let response = try #require(try parse(head + "abcde", ended: false))
    #expect(response.status == 201 && response.body == Data("abcde".utf8))
    #expect(response.headers["x-id"] == "7")
  }

  @Test func aChunkedBodyIsJoined() throws {
    let text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n"
    #expect(try parse(String(text.dropLast(7)), ended: false) == nil)
    #expect(try parse(text, ended: false)?.body == Data("abcde".utf8))
  }

  @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
    let text = "HTTP/1.1 200 OK\r\n\r\n{\"a\":1}"
    #expect(try parse(text, ended: false) == nil)
    #expect(try parse(text, ended: true)?.body == Data("{\"a\":1}".utf8))
  }

  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "HTTP/1.1 200 OK\r\nContent-Le",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
  ])
  func anAnswerCutShortIsABrokenTransportNeverAWholeAnswer(text: String) {
    #expect(throws: HTTPError.self) { try parse(text, ended: true) }
  }

  @Test func somethingThatIsNotHTTPIsABrokenTransport() {
    #expect(throws: HTTPError.self) { try parse("SSH-2.0-OpenSSH\r\n\r\n", ended: false) }
  }
}
