import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where command-line output goes. Everything that prints does so through this protocol, so tests
/// capture exactly what a person would see, and colour decisions read the same environment.
public protocol Terminal: Sendable {
  /// Writes `text` as is (no newline added) to `stream`.
  func write(_ text: String, to stream: TerminalStream)
  /// Whether `stream` is connected to an interactive terminal rather than a pipe or a file.
  func isInteractive(_ stream: TerminalStream) -> Bool
  /// The environment variables that decide colours and symbols (`NO_COLOR`, `TERM`, `LANG`, …).
  var environment: [String: String] { get }
  /// How many columns `stream` shows before it wraps, when known.
  func width(of stream: TerminalStream) -> Int?
  /// The next line a person typed (without its newline), or `nil` at the end of input.
  func readLine() -> String?
}

/// The two output streams of a command-line program: results and diagnostics.
public enum TerminalStream: Sendable, Hashable {
  /// Standard output: results, which `--json` and pipes consume.
  case output
  /// Standard error: diagnostics and progress.
  case error
}

extension Terminal {
  /// Writes `text` followed by a newline.
  public func line(_ text: String = "", to stream: TerminalStream = .output) {
    write(text + "\n", to: stream)
  }

  /// The theme this terminal supports on `stream`, decided from its environment and whether the
  /// stream is interactive.
  public func theme(for stream: TerminalStream = .output) -> TerminalTheme {
    TerminalTheme(
      environment: environment, isInteractive: isInteractive(stream), width: width(of: stream))
  }
}

/// The process's real standard output and standard error.
public struct StandardTerminal: Terminal {
  /// The environment the process was started with.
  public let environment: [String: String]

  /// Reads the process environment once, so every decision in one run agrees.
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// Writes unbuffered, so output and diagnostics interleave in the order they were written.
  public func write(_ text: String, to stream: TerminalStream) {
    let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
    handle.write(Data(text.utf8))
  }

  /// Reads standard input.
  public func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }

  /// Asks the operating system whether the stream's file descriptor is a terminal.
  public func isInteractive(_ stream: TerminalStream) -> Bool {
    isatty(stream == .output ? STDOUT_FILENO : STDERR_FILENO) == 1
  }

  /// A terminal's own width (`TIOCGWINSZ`); otherwise `$COLUMNS`, the shells' convention for
  /// output that is piped but will still be read in a terminal; otherwise no limit.
  public func width(of stream: TerminalStream) -> Int? {
    var size = winsize()
    let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
    if isInteractive(stream), ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }
}
