#if canImport(Glibc)
  package import Glibc
#elseif canImport(Musl)
  package import Musl
#elseif canImport(Darwin)
  package import Darwin
#endif

/// A value guarded by a lock, for the few places where an actor hop costs too much (a cache hit)
/// or where code must stay synchronous (a cancellation handler).
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a futex that ThreadSanitizer cannot
/// see, so every access under it is reported as a race and the sanitizer step becomes useless.
/// A pthread mutex is what the sanitizer understands. Why not `NSLock`, which is one: it adds a
/// class and a dynamic call around it, about 50 ns a lock on the cache-hit path.
///
/// `package`: a concurrency primitive for Voyage's own modules, not part of the domain API.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
  // Safe to mark Sendable: `value` is only read or written inside `withLock`, which holds the
  // mutex for the whole access, so no two threads touch it at once; and `Value` is itself
  // Sendable, so whatever `withLock` hands out may cross threads.
  //
  // `@usableFromInline` and `@inlinable`: `withLock` sits on the cache-hit path of other modules;
  // inlined, it is specialized for their types instead of copying values through generic
  // witnesses. The mutex lives at a fixed address of its own, as pthreads require. The value lives
  // behind a pointer too, not in a stored `var`: an `inout` access to a class's stored property
  // is checked for exclusivity at run time (a call in and out of the runtime on every access),
  // which the mutex already guarantees.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let value: UnsafeMutablePointer<Value>

  /// Guards `value`.
  package init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value and returns what it returns.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
