import Locking
import SharedKernel

/// One caller of a coalescer, in a task of its own, whose return a test can see without awaiting
/// it: a test of a coalescer that might keep a cancelled caller waiting must not hang on it.
final class Caller<Value: Sendable>: Sendable {
  private let returned: LockedValue<Bool>
  private let task: Task<Value, any Error>

  /// Starts `call`; with `cancelledFirst`, in a task already cancelled when it makes the call.
  init(cancelledFirst: Bool = false, _ call: @escaping @Sendable () async throws -> Value) {
    let returned = LockedValue(false)
    self.returned = returned
    task = Task {
      if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
      defer { returned.withLock { $0 = true } }
      return try await call()
    }
  }

  /// Whether the call has returned or thrown.
  var hasReturned: Bool { returned.withLock { $0 } }

  /// Cancels the caller's task.
  func cancel() { task.cancel() }

  /// What the call returned or threw, once it has.
  var result: Result<Value, any Error> {
    get async { await task.result }
  }

  /// Whether the call threw `CancellationError`, once it has returned.
  var wasCancelled: Bool {
    get async {
      if case .failure(let error) = await task.result { return error is CancellationError }
      return false
    }
  }
}
