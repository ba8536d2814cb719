package import Foundation

/// An HTTP request as the client describes it: relative to a base URL, transport-neutral, so the
/// same request reaches a live server or an in-process sandbox.
package struct TransportRequest: Sendable, Hashable {
  /// The method; it decides whether retrying is safe.
  package var method: HTTPMethod
  /// The path below the base URL, starting with `/`.
  package var path: String
  /// Query items, in order; values are percent-encoded by the transport.
  package var query: [URLQueryItem]
  /// Header fields; names are matched case-insensitively by `header(_:)`.
  package var headers: [String: String]
  /// The body, if any.
  package var body: Data?

  /// Describes a request.
  package init(
    method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [],
    headers: [String: String] = [:], body: Data? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// The value of a header, whatever the case of its name.
  package func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// The value of a query item, if present.
  package func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// Whether sending it twice has the same effect as sending it once: safe methods, and unsafe
  /// ones that carry an `Idempotency-Key` header, which the server uses to deduplicate.
  package var isIdempotent: Bool {
    method.isIdempotent || header("Idempotency-Key") != nil
  }
}

/// The HTTP methods Voyage's clients use.
package enum HTTPMethod: String, Sendable, Hashable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case delete = "DELETE"

  /// Whether the method is idempotent by definition (RFC 9110, section 9.2.2).
  package var isIdempotent: Bool { self != .post }
}

/// An HTTP response: status, headers and the whole body.
package struct TransportResponse: Sendable, Hashable {
  /// The status code.
  package var status: Int
  /// Header fields.
  package var headers: [String: String]
  /// The body, possibly empty.
  package var body: Data

  /// Describes a response.
  package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is in the 2xx range.
  package var isSuccess: Bool { (200..<300).contains(status) }
}

/// Why an HTTP exchange failed, in the categories a caller handles differently.
package enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The request never left: no connection could be made (refused, no such host), so the server
  /// did nothing with it. The one transport failure after which "nothing happened" is true.
  case notSent(reason: String)
  /// The request may have reached the server, but no whole answer came back: the connection
  /// was reset or closed mid-exchange. What the server did is unknown.
  case transportFailed(reason: String)
  /// No answer arrived within the timeout; what the server did is unknown.
  case timedOut
  /// The server answered with a status outside 2xx.
  case unacceptableStatus(Int, body: Data)
  /// The body could not be decoded into the expected type.
  case decodingFailed(reason: String)

  /// Whether the failure may go away on a retry: transport failures, timeouts and 5xx (and 429),
  /// never another 4xx, which would fail the same way again.
  package var isTransient: Bool {
    switch self {
    case .notSent, .transportFailed, .timedOut: true
    case .unacceptableStatus(let status, _): status >= 500 || status == 429
    case .decodingFailed: false
    }
  }

  /// Whether the server may have acted on the request: everything but `notSent`. An answer with
  /// an error status is the server's word; the caller reads its body to know what it did.
  package var mayHaveReachedServer: Bool {
    if case .notSent = self { return false }
    return true
  }

  /// A sentence for logs and error messages.
  package var description: String {
    switch self {
    case .notSent(let reason): "could not connect: \(reason)"
    case .transportFailed(let reason): "transport failed: \(reason)"
    case .timedOut: "timed out"
    case .unacceptableStatus(let status, _): "HTTP status \(status)"
    case .decodingFailed(let reason): "could not decode the response: \(reason)"
    }
  }
}
