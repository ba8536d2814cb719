import Locking
import SharedKernel

/// The meeting point of an operation and its deadline: whichever finishes first resumes the
/// waiting caller, exactly once; the other's result is dropped. Either may arrive before the
/// caller has started waiting, so a result that comes first is kept until it does.
final class DeadlineRace: Sendable {
  // A pthread lock (not `Mutex`), so Thread Sanitizer sees it and the sanitized tests stay honest.
  private let state = LockedValue(State())

  private struct State {
    var continuation: CheckedContinuation<TransportResponse, any Error>?
    var result: Result<TransportResponse, any Error>?
    var resumed = false
  }

  /// The caller starts waiting; an outcome that already arrived resumes it at once.
  func start(_ continuation: CheckedContinuation<TransportResponse, any Error>) {
    let early = state.withLock { state -> Result<TransportResponse, any Error>? in
      guard let result = state.result else {
        state.continuation = continuation
        return nil
      }
      state.resumed = true
      return result
    }
    if let early { continuation.resume(with: early) }
  }

  /// An outcome arrives: the first one resumes the caller (now, or when it starts waiting).
  func finish(_ result: Result<TransportResponse, any Error>) {
    let waiting = state.withLock { state -> CheckedContinuation<TransportResponse, any Error>? in
      guard !state.resumed, state.result == nil else { return nil }
      guard let continuation = state.continuation else {
        state.result = result
        return nil
      }
      state.resumed = true
      state.continuation = nil
      return continuation
    }
    waiting?.resume(with: result)
  }
}
