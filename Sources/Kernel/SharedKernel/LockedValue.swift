import Foundation

/// A value guarded by a lock, for the few places where an actor hop costs too much (a cache hit)
/// or where code must stay synchronous (a cancellation handler).
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a futex that ThreadSanitizer cannot
/// see, so every access under it is reported as a race and the sanitizer step becomes useless.
/// `NSLock` is a pthread mutex, which the sanitizer understands.
///
/// `package`: a concurrency primitive for Voyage's own modules, not part of the domain API.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
  // Safe to mark Sendable: `value` is private and only read or written inside `withLock`, which
  // holds `lock` for the whole access, so no two threads touch it at once; and `Value` is itself
  // Sendable, so whatever `withLock` hands out may cross threads.
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value and returns what it returns.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
