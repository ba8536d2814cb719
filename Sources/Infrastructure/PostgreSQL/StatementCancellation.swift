import CLibPQ
import Dispatch
import Foundation

/// Asks the server to stop the statement a connection is running, before the connection is
/// dropped: without it, a statement waiting for a lock would run (and, outside a transaction,
/// commit) once the lock is free, long after its caller gave up.
///
/// libpq's `PQcancel` opens a connection of its own and waits for the server to close it, with
/// no time limit: a server that answers nothing (stopped with SIGSTOP) holds it for ever. So it
/// runs on a thread of its own, and the caller waits for it at most `patience`; a cancel still
/// waiting then finishes, or not, on its own.
enum StatementCancellation {
  /// Sends the cancel request for the statement in flight on `handle`; returns whether the
  /// server took it within `patience`.
  @discardableResult
  static func send(on handle: OpaquePointer, waitingAtMost patience: Duration) -> Bool {
    guard let cancel = PQgetCancel(handle) else { return false }
    // The cancel object is independent of the connection (libpq copies what it needs), and from
    // here on the thread below is its only user: it crosses as an address because an opaque C
    // pointer is not Sendable, and it is freed by that thread alone.
    let address = UInt(bitPattern: cancel)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      guard let cancel = OpaquePointer(bitPattern: address) else { return }
      var reason = [CChar](repeating: 0, count: 256)
      _ = PQcancel(cancel, &reason, Int32(reason.count))
      PQfreeCancel(cancel)
      done.signal()
    }
    thread.name = "voyage.server-database.cancel"
    thread.start()
    let (seconds, attoseconds) = patience.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    return done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
  }
}
