import Foundation
import Testing

@testable import Networking

@Suite("Live transport over real HTTP on loopback")
struct URLSessionTransportTests {
  @Test func aGetReachesARealServerAndA404ComesBackAsAStatusError() async throws {
    let server = try await LoopbackHTTPServer.start(files: [
      "v1/trips/LIS-001": #"{"trip_count": 7}"#
    ])
    let client = HTTPClient(
      transport: URLSessionTransport(baseURL: server.baseURL), timeout: .seconds(10),
      retryPolicy: .never)

    struct Catalog: Decodable { let tripCount: Int }
    let body = try await client.decode(Catalog.self, from: HTTPRequest(path: "/v1/trips/LIS-001"))
    #expect(body.tripCount == 7)

    await #expect {
      try await client.send(HTTPRequest(path: "/v1/trips/LIS-404"))
    } throws: { error in
      guard case .unacceptableStatus(404, _) = error as? HTTPError else { return false }
      return true
    }
    await server.stop()
  }
}
