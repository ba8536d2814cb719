import DesignSystem
import EventLog
import Foundation

/// One aligned line an event, for a person watching `--verbose`: seconds since the sink was made,
/// the level, who spoke, what happened, then the metadata as `key=value` pairs. Colour follows
/// the theme (so `NO_COLOR` and a pipe get plain text): the level by its meaning, the rest muted.
struct TextLogSink: LogSink {
  let theme: TerminalTheme
  let write: @Sendable (String) -> Void
  private let start = ContinuousClock.now

  init(theme: TerminalTheme, write: @escaping @Sendable (String) -> Void) {
    self.theme = theme
    self.write = write
  }

  func record(_ event: LogEvent) {
    write(line(event, elapsed: ContinuousClock.now - start))
  }

  func line(_ event: LogEvent, elapsed: Duration) -> String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = Int(attoseconds / 1_000_000_000_000_000)
    let time = "\(seconds).\(String(milliseconds + 1_000).dropFirst())s"
    let level = event.level.rawValue
    let label = event.label.padding(toLength: 10, withPad: " ", startingAt: 0)
    let message = event.message.escapingControlCharacters
    var line =
      theme.paint(String(repeating: " ", count: max(0, 8 - time.count)) + time, .muted) + " "
      + paint(level, event.level) + String(repeating: " ", count: max(1, 8 - level.count))
      + theme.paint(label, .muted) + message
    if !event.metadata.fields.isEmpty {
      line += String(repeating: " ", count: max(1, 24 - message.count))
      line += event.metadata.map { theme.paint($0.key + "=", .muted) + Self.shown($0.value) }
        .joined(separator: " ")
    }
    return line + "\n"
  }

  private func paint(_ text: String, _ level: LogLevel) -> String {
    switch level {
    case .debug: theme.paint(text, .muted)
    case .info: theme.paint(text, .accent)
    case .warning: theme.paint(text, .warning)
    case .error: theme.paint(text, .danger)
    }
  }

  /// A value as it reads on the line: text with a space, a quote or an `=` is quoted, and a
  /// control character never reaches the terminal.
  static func shown(_ value: LogValue) -> String {
    guard case .text(let text) = value else { return value.description }
    let escaped = text.escapingControlCharacters
    guard escaped.isEmpty || escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" })
    else { return escaped }
    return "\"" + escaped.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
