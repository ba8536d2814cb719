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
