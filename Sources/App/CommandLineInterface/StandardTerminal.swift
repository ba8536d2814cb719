import DesignSystem
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's real standard output and standard error: the one place the command line meets
/// the operating system's streams, which is why it lives in the front and not in the kernel.
struct StandardTerminal: Terminal {
  /// The environment the process was started with.
  let environment: [String: String]
  /// Why a stream could not be written (its `errno`), once it could not: it is not written again.
  private let failures = StreamFailures()

  /// Reads the process environment once, so every decision in one run agrees. A stream that was
  /// closed when the process started (`voyage search Lisbon >&-`) counts as one that cannot be
  /// written, and `/dev/null` takes its descriptor, so no file the command opens (the ledger)
  /// gets the number and the output written into it.
  init(environment: [String: String]) {
    self.environment = environment
    for (stream, descriptor) in [(TerminalStream.output, STDOUT_FILENO), (.error, STDERR_FILENO)]
    where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      failures.errors.withLock { $0[stream] = EBADF }
      let placeholder = open("/dev/null", O_WRONLY)
      if placeholder >= 0, placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
  }

  /// Writes unbuffered, so output and diagnostics interleave in the order they were written.
  /// A stream that cannot take the text (a full disk, a closed descriptor) is written no more;
  /// ``finish(_:)`` says so once the command has ended.
  func write(_ text: String, to stream: TerminalStream) {
    guard failures.errors.withLock({ $0[stream] == nil }) else { return }
    let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
    if let failure = writeAll(Array(text.utf8), to: descriptor) {
      failures.errors.withLock { $0[stream] = failure }
    }
  }

  /// The command's exit status, unless its output could not be written: then one line on
  /// standard error says so, and the status is 74 (EX_IOERR), so a script never takes a
  /// truncated result for a whole one. A command a signal ended keeps its signal's status.
  func finish(_ status: Int32) -> Int32 {
    guard let failure = failures.errors.withLock({ $0[.output] }) else { return status }
    let reason = String(cString: strerror(failure))
    line(
      theme(for: .error).paint(
        "Error: the output could not be written to standard output (\(reason))", .danger),
      to: .error)
    let signalled = [ExitStatus.interrupted, .terminated].map(\.rawValue)
    return signalled.contains(status) ? status : ExitStatus.storage.rawValue
  }

  /// Reads standard input.
  func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }

  /// Asks the operating system whether the stream's file descriptor is a terminal.
  func isInteractive(_ stream: TerminalStream) -> Bool {
    isatty(stream == .output ? STDOUT_FILENO : STDERR_FILENO) == 1
  }

  /// A terminal's own width (`TIOCGWINSZ`); otherwise `$COLUMNS`, the shells' convention for
  /// output that is piped but will still be read in a terminal; otherwise no limit.
  func width(of stream: TerminalStream) -> Int? {
    var size = winsize()
    let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
    if isInteractive(stream), ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }
}

/// The streams a ``StandardTerminal`` could not write, shared by its copies (the terminal is a
/// value handed to the log and the features; one failure is the process's).
private final class StreamFailures: Sendable {
  let errors = Mutex<[TerminalStream: Int32]>([:])
}

/// Writes every byte of `bytes` to `descriptor`, again after an interruption; the `errno` of a
/// write that failed, else `nil`. (Outside ``StandardTerminal``, whose `write` would hide the
/// system call's.)
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  bytes.withUnsafeBytes { buffer -> Int32? in
    guard let start = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let count = write(descriptor, start + offset, buffer.count - offset)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return count < 0 ? errno : EIO }
      offset += count
    }
    return nil
  }
}
