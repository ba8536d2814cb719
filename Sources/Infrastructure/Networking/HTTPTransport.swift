/// Moves one request to a server and its response back. The client adds retries, status checks
/// and decoding on top, so every transport gets them: a live one over `URLSession`, or an
/// in-process one whose handler plays the server.
package protocol HTTPTransport: Sendable {
  /// Sends `request`, giving up after `timeout`. Throws `HTTPError.transportFailed` or
  /// `.timedOut`, or `CancellationError` when the task is cancelled; any status is a response.
  func send(_ request: TransportRequest, timeout: Duration) async throws -> TransportResponse
}

/// A transport whose server is a function in the same process: the embedded sandboxes answer
/// requests through it, so the client's real request, status and decoding paths run in the demo.
package struct InProcessTransport: HTTPTransport {
  private let handler: @Sendable (TransportRequest) async throws -> TransportResponse

  /// A transport answered by `handler`.
  package init(handler: @escaping @Sendable (TransportRequest) async throws -> TransportResponse) {
    self.handler = handler
  }

  /// Hands the request to the handler, failing with `.timedOut` if it takes longer than `timeout`.
  package func send(_ request: TransportRequest, timeout: Duration) async throws
    -> TransportResponse
  {
    try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
      group.addTask { [handler] in try await handler(request) }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let response = first else {
        throw HTTPError.timedOut
      }
      return response
    }
  }
}
