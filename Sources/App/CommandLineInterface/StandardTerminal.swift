import DesignSystem
import Foundation

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

  /// Reads the process environment once, so every decision in one run agrees.
  init(environment: [String: String]) {
    self.environment = environment
  }

  /// Writes unbuffered, so output and diagnostics interleave in the order they were written.
  func write(_ text: String, to stream: TerminalStream) {
    let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
    handle.write(Data(text.utf8))
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
