#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a wait for the server's socket ended.
enum SocketWaitOutcome: Equatable {
  /// The socket is ready for what was asked (or has an error for libpq to read).
  case ready
  /// The deadline came first.
  case deadlinePassed
  /// The calling task was cancelled (a person pressed Ctrl-C, a command gave up).
  case interrupted
}

/// Where a connection's thread waits for the server: `poll(2)` on the server's socket and on a
/// pipe of its own, bounded by the call's deadline. A task that is cancelled writes a byte to
/// the pipe (``interrupt()``), so the thread wakes at once instead of at the deadline; nothing
/// is polled on a timer, so a wait on a silent server costs no CPU.
final class InterruptibleWait: Sendable {
  private let readEnd: Int32
  private let writeEnd: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    // Without a pipe a wait still ends at its deadline; only the early wake-up is lost.
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if readEnd >= 0 { close(readEnd) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Wakes the thread waiting (or about to wait) on this pipe. Safe from any thread, at any
  /// time, as often as needed: a task's cancellation handler calls it.
  func interrupt() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe before a call, so an interruption meant for an earlier call does not end
  /// this one (the caller checks its own task's cancellation right after).
  func rearm() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
  }

  /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`), the deadline passes, or
  /// ``interrupt()`` is called.
  func socket(_ socket: Int32, ready events: Int16, until deadline: ContinuousClock.Instant)
    -> SocketWaitOutcome
  {
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return .deadlinePassed }
      let (seconds, attoseconds) = left.components
      // Rounded up, so a wait never ends a little before its deadline and spins.
      let milliseconds = min(
        Int64(Int32.max),
        seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
      var descriptors = [
        pollfd(fd: socket, events: events, revents: 0),
        pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let count = readEnd >= 0 ? 2 : 1
      let ready = poll(&descriptors, nfds_t(count), Int32(milliseconds))
      if ready < 0 {
        if errno == EINTR { continue }
        // A socket poll(2) refuses is a broken connection: libpq finds out when it reads.
        return .ready
      }
      if count == 2, descriptors[1].revents != 0 { return .interrupted }
      if descriptors[0].revents != 0 { return .ready }
    }
  }
}
