package import Foundation

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// The live transport: real HTTP through `URLSession` (FoundationNetworking on Linux).
package struct URLSessionTransport: HTTPTransport {
  private let baseURL: URL
  private let session: URLSession

  /// A transport that resolves every request's path against `baseURL`.
  package init(baseURL: URL, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.session = session
  }

  /// Failures that happen before a byte of the request is sent: no connection was made, or no
  /// secure one. Every other failure may come after the server read the request.
  static let failsBeforeSending: Set<URLError.Code> = [
    .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
    .badURL, .unsupportedURL, .secureConnectionFailed, .serverCertificateUntrusted,
    .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
    .clientCertificateRejected, .clientCertificateRequired, .cannotLoadFromNetwork,
  ]

  /// Sends the request and maps `URLError`s to `HTTPError`s.
  package func send(_ request: TransportRequest, timeout: Duration) async throws
    -> TransportResponse
  {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      throw HTTPError.transportFailed(reason: "invalid base URL \(baseURL)")
    }
    let basePath =
      components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
    components.path = basePath + request.path
    components.queryItems = request.query.isEmpty ? nil : request.query
    guard let url = components.url else {
      throw HTTPError.transportFailed(reason: "invalid path \(request.path)")
    }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method.rawValue
    urlRequest.httpBody = request.body
    urlRequest.timeoutInterval =
      Double(timeout.components.seconds)
      + Double(timeout.components.attoseconds) / 1e18
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    do {
      let (data, response) = try await session.data(for: urlRequest)
      guard let http = response as? HTTPURLResponse else {
        throw HTTPError.transportFailed(reason: "not an HTTP response")
      }
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        headers[String(describing: name)] = String(describing: value)
      }
      return TransportResponse(status: http.statusCode, headers: headers, body: data)
    } catch let error as URLError {
      switch error.code {
      case .timedOut: throw HTTPError.timedOut
      case .cancelled: throw CancellationError()
      case _ where Self.failsBeforeSending.contains(error.code):
        throw HTTPError.notSent(reason: error.localizedDescription)
      default: throw HTTPError.transportFailed(reason: error.localizedDescription)
      }
    }
  }
}
