#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
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
@usableFromInline
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
  // `@usableFromInline` on the class as well as on the members `withLock` uses: without it this
  // toolchain silently leaves the bodies of a `package` class's `@inlinable` methods out of the
  // module, so every other module called `withLock` unspecialized (a generic call, its result
  // returned through memory) on the cache-hit path.
  //
  // Safe to mark Sendable: `value` is only read or written inside `withLock`, which holds the
  // mutex for the whole access, so no two threads touch it at once; and `Value` is itself
  // Sendable, so whatever `withLock` hands out may cross threads.
  //
  // `withLock` is inlined into other modules and specialized for their types instead of copying
  // values through generic witnesses; only locking and unlocking stay calls into this module, so
  // the C library is not part of its interface. The mutex lives at a fixed address of its own, as
  // pthreads require. The value lives behind a pointer too, not in a stored `var`: an `inout`
  // access to a class's stored property is checked for exclusivity at run time (a call in and out
  // of the runtime on every access), which the mutex already guarantees.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
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
    lock()
    defer { unlock() }
    return try body(&value.pointee)
  }

  @usableFromInline func lock() {
    pthread_mutex_lock(mutex)
  }

  @usableFromInline func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
