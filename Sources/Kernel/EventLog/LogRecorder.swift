import Foundation

/// A sink that keeps every event in memory, in order: the demo narrates a checkout from it, and
/// tests pin the events a saga emits through it.
public final class LogRecorder: LogSink, @unchecked Sendable {
  // Safe to mark Sendable: `recorded` is only read or written while `lock` is held, and every
  // event it holds is itself Sendable. An `NSLock`, not `Synchronization.Mutex`: the kernel
  // depends on nothing (the infrastructure's `LockedValue` is out of reach), and Thread Sanitizer, which
  // the saga's tests run under, cannot see a `Mutex`'s futex.
  private let lock = NSLock()
  private var recorded: [LogEvent] = []

  /// An empty recorder.
  public init() {}

  /// Keeps `event`.
  public func record(_ event: LogEvent) {
    lock.withLock { recorded.append(event) }
  }

  /// Every event so far, oldest first.
  public var events: [LogEvent] {
    lock.withLock { recorded }
  }

  /// Forgets every event so far.
  public func clear() {
    lock.withLock { recorded.removeAll() }
  }
}
