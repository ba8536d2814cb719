package import EventLog
package import Foundation

/// Sends requests over any ``HTTPTransport``, adding what every caller needs: a deadline, retries
/// where they are safe, a 2xx check and JSON decoding with snake_case keys.
///
/// Errors are `HTTPError`, or `CancellationError` when the calling task is cancelled.
package struct RetryingHTTPClient: Sendable {
  private let transport: any HTTPTransport
  private let deadline: Duration
  private let retryPolicy: RetryPolicy
  private let sleep: @Sendable (Duration) async throws -> Void
  private let log: EventLogger

  /// A client over `transport`. `sleep` waits between retries; tests pass one that records the
  /// backoff instead of waiting. `log` hears of every attempt: method, path, status or error,
  /// duration, the deadline left, and each retry with its reason (never a body or a header,
  /// which may hold a card or a credential).
  package init(
    transport: any HTTPTransport,
    deadline: Duration = .seconds(10),
    retryPolicy: RetryPolicy = .standard,
    log: EventLogger = .disabled,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.transport = transport
    self.deadline = deadline
    self.retryPolicy = retryPolicy
    self.log = log
    self.sleep = sleep
  }

  /// Sends `request` and returns a 2xx response. Retries transient failures (transport errors,
  /// timeouts, 5xx, 429) with exponential backoff, but only for idempotent requests, and never a
  /// 4xx, which would fail the same way again. The client's deadline holds for the whole call, retries and backoff included, and the client keeps it itself: a caller waits at most
  /// that long whatever the transport does (a server that drips its answer a byte at a time, a
  /// handler that ignores cancellation).
  ///
  /// When retries end in `notSent` after an earlier attempt that may have reached the server,
  /// the earlier failure is the one thrown: "nothing happened" is only said when no attempt
  /// could have done anything.
  package func send(_ request: TransportRequest) async throws -> TransportResponse {
    let deadline = ContinuousClock.now + self.deadline
    var attempt = 1
    var uncertain: HTTPError?
    while true {
      let started = ContinuousClock.now
      func call() -> LogMetadata {
        [
          "method": .text(request.method.rawValue), "path": .text(request.path),
          "attempt": .integer(attempt),
          "duration_ms": .milliseconds(ContinuousClock.now - started),
          "deadline_left_ms": .milliseconds(max(.zero, deadline - ContinuousClock.now)),
        ]
      }
      do {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw HTTPError.timedOut }
        let response = try await Self.withDeadline(deadline) { [transport] in
          try await transport.send(request, timeout: remaining)
        }
        guard response.isSuccess else {
          throw HTTPError.unacceptableStatus(response.status, body: response.body)
        }
        log.info("call answered", call().merging(["status": .integer(response.status)]))
        return response
      } catch let error as HTTPError {
        if error.mayHaveReachedServer { uncertain = error }
        let backoff = retryPolicy.backoff(afterAttempt: attempt)
        guard error.isTransient, request.isIdempotent, attempt < retryPolicy.maximumAttempts,
          ContinuousClock.now + backoff < deadline
        else {
          let thrown = error.mayHaveReachedServer ? error : (uncertain ?? error)
          log.warning(
            "call failed",
            call().merging(Self.metadata(of: error)).merging([
              "may_have_reached_server": .flag(thrown.mayHaveReachedServer)
            ]))
          throw thrown
        }
        log.warning(
          "call retried",
          call().merging(Self.metadata(of: error)).merging(["backoff_ms": .milliseconds(backoff)]))
        try await sleep(backoff)
        attempt += 1
      } catch {
        log.warning("call cancelled", call())
        throw error
      }
    }
  }

  /// What a failed attempt says in the log: the status the server gave, or the reason none came.
  private static func metadata(of error: HTTPError) -> LogMetadata {
    if case .unacceptableStatus(let status, _) = error { return ["status": .integer(status)] }
    return ["error": .text(error.description)]
  }

  /// Runs `operation` until `deadline`, then throws `HTTPError.timedOut` without waiting for it:
  /// the operation is cancelled and left to wind down on its own, so a transport that does not
  /// stop when cancelled (a blocking read, a lock wait) cannot hold the caller past the deadline.
  /// The wait is a suspension, never a poll, so waiting on a silent server costs no CPU.
  static func withDeadline(
    _ deadline: ContinuousClock.Instant,
    _ operation: @escaping @Sendable () async throws -> TransportResponse
  ) async throws -> TransportResponse {
    let race = DeadlineRace()
    let work = Task { try await operation() }
    let timer = Task {
      try await Task.sleep(until: deadline, clock: .continuous)
      race.finish(.failure(HTTPError.timedOut))
      work.cancel()
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        Task {
          let result = await work.result
          race.finish(result)
          timer.cancel()
        }
      }
    } onCancel: {
      work.cancel()
      timer.cancel()
    }
  }

  /// Sends `request` and decodes its JSON body (snake_case keys) as `Body`.
  package func decode<Body: Decodable>(_ type: Body.Type, from request: TransportRequest)
    async throws
    -> Body
  {
    let response = try await send(request)
    return try Self.decode(type, from: response.body)
  }

  /// Decodes a JSON body with the conventions of Voyage's wire formats (snake_case keys).
  package static func decode<Body: Decodable>(_ type: Body.Type, from data: Data) throws(HTTPError)
    -> Body
  {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      return try decoder.decode(type, from: data)
    } catch {
      throw .decodingFailed(reason: String(describing: error))
    }
  }

  /// Encodes a JSON body with the conventions of Voyage's wire formats (snake_case keys,
  /// sorted, so equal values give equal bytes).
  package static func encode<Body: Encodable>(_ body: Body) throws -> Data {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(body)
  }
}

/// How many times, and how patiently, a transient failure is retried.
package struct RetryPolicy: Sendable, Hashable {
  /// The most attempts in all, the first included; 1 means no retry.
  package let maximumAttempts: Int
  /// The wait after the first failed attempt; each later wait doubles.
  package let initialBackoff: Duration

  /// A policy; `maximumAttempts` below 1 is treated as 1.
  package init(maximumAttempts: Int, initialBackoff: Duration) {
    self.maximumAttempts = max(1, maximumAttempts)
    self.initialBackoff = initialBackoff
  }

  /// Three attempts, waiting 100 ms then 200 ms.
  package static let standard = RetryPolicy(maximumAttempts: 3, initialBackoff: .milliseconds(100))
  /// One attempt: no retry.
  package static let never = RetryPolicy(maximumAttempts: 1, initialBackoff: .zero)

  /// The wait after failed attempt number `attempt` (1-based): the initial backoff, doubled
  /// for each earlier failure.
  package func backoff(afterAttempt attempt: Int) -> Duration {
    initialBackoff * (1 << min(max(attempt - 1, 0), 16))
  }
}
