package import Foundation
import Locking
import SharedKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live transport for plain `http://` servers: HTTP/1.1 over a TCP socket of its own, one
/// connection a request.
///
/// It exists because waiting is its whole job. FoundationNetworking's `URLSession` on Linux
/// keeps a core busy while it waits (2.8 s of CPU in 7.4 s on a silent server, timed with GNU
/// `time` on 2026-12-01; this transport: 0.02 s in 4 s, `Scripts/bench-waiting.sh`), cannot
/// tell "never sent" from "sent, answer lost", and lets a
/// server that drips its answer outlast any timeout. Here every wait is one `poll(2)` until the
/// deadline (or a cancellation, signalled through a pipe): no CPU while a server is silent, a
/// refused connection is `notSent`, and nothing outlives the deadline. `https://` stays with
/// ``URLSessionTransport``, which has TLS.
package struct SocketTransport: HTTPTransport {
  private let baseURL: URL

  /// A transport for the `http://` server at `baseURL`.
  package init(baseURL: URL) {
    self.baseURL = baseURL
  }

  /// Sends the request over a new connection and reads the whole answer within `timeout`.
  package func send(_ request: TransportRequest, timeout: Duration) async throws
    -> TransportResponse
  {
    let target = try HTTPTarget(baseURL: baseURL, request: request)
    let deadline = ContinuousClock.now + timeout
    let cancellation = try CancellationPipe()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Blocking calls run on a thread of their own, never on the cooperative pool.
        let thread = Thread {
          defer { cancellation.closeEnds() }
          continuation.resume(
            with: Result {
              try SocketExchange(target: target, deadline: deadline, cancellation: cancellation)
                .run()
            })
        }
        thread.start()
      }
    } onCancel: {
      cancellation.signal()
    }
  }
}

/// Where a request goes and the bytes that ask for it.
struct HTTPTarget: Sendable {
  let host: String
  let port: UInt16
  let bytes: [UInt8]

  init(baseURL: URL, request: TransportRequest) throws(HTTPError) {
    guard baseURL.scheme == "http", let host = baseURL.host, !host.isEmpty else {
      throw .notSent(reason: "only http:// URLs are sent over a plain socket: \(baseURL)")
    }
    self.host = host
    port = UInt16(clamping: baseURL.port ?? 80)
    var components = URLComponents()
    let basePath = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
    components.percentEncodedPath =
      (basePath + request.path).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
      ?? request.path
    components.queryItems = request.query.isEmpty ? nil : request.query
    let target =
      components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
    head += "Host: \(host)\(baseURL.port.map { ":\($0)" } ?? "")\r\n"
    head += "Connection: close\r\nAccept: application/json\r\n"
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      // A header that would end the head early is refused, not sent.
      guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else {
        throw .notSent(reason: "a header contains a line break")
      }
      head += "\(name): \(value)\r\n"
    }
    let body = request.body ?? Data()
    if !body.isEmpty || request.method != .get { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    bytes = Array(head.utf8) + Array(body)
  }
}

/// A pipe whose read end a waiting `poll` watches, so a cancelled task wakes its thread at once.
///
/// A cancellation can arrive after the exchange ended and closed the pipe, when its descriptor
/// numbers may already belong to another file (a database connection's socket): writing there
/// would corrupt that file. So signalling and closing take one lock, and a closed pipe is never
/// written.
final class CancellationPipe: Sendable {
  let readEnd: Int32
  private let writeEnd: Int32
  private let isOpen = LockedValue(true)

  init() throws(HTTPError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .notSent(reason: "no file descriptors left") }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  func signal() {
    isOpen.withLock { isOpen in
      guard isOpen else { return }
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }

  func closeEnds() {
    isOpen.withLock { isOpen in
      guard isOpen else { return }
      isOpen = false
      _ = close(readEnd)
      _ = close(writeEnd)
    }
  }
}

/// The transport for a live server at `baseURL`: a ``SocketTransport`` for `http://`, which
/// waits without spending CPU and keeps its deadline exactly, and a ``URLSessionTransport`` for
/// `https://`, which has TLS.
package func liveTransport(to baseURL: URL) -> any HTTPTransport {
  baseURL.scheme == "http"
    ? SocketTransport(baseURL: baseURL) : URLSessionTransport(baseURL: baseURL)
}
