import Foundation

/// Help text fitted to the terminal: broken between words at its width (80 columns at most, so
/// lines stay readable on a wide screen), never in the middle of a word as the terminal would.
enum TextWrapping {
  /// The width help is written for: the terminal's, at most 80; 80 when it is not known.
  static func width(of terminalWidth: Int?) -> Int { min(terminalWidth ?? 80, 80) }

  /// `text` in lines of at most `width` characters, broken between words.
  static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// `Usage: voyage search <destination> [--from DATE] …`, continued under its first word.
  static func usage(_ usage: String, width: Int) -> String {
    let prefix = "Usage: "
    return lines(usage, width: max(width - prefix.count, 20)).enumerated()
      .map { ($0.offset == 0 ? prefix : String(repeating: " ", count: prefix.count)) + $0.element }
      .joined(separator: "\n")
  }

  /// Two columns (a name, then what it means), the second wrapped under itself; on a terminal
  /// too narrow for both, each meaning goes under its name.
  static func rows(_ rows: [(String, String)], width: Int) -> String {
    let column = (rows.map(\.0.count).max() ?? 0) + 5
    if width - column >= 20 {
      return rows.map { name, text in
        "  " + name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
          + lines(text, width: width - column).joined(
            separator: "\n" + String(repeating: " ", count: column))
      }
      .joined(separator: "\n")
    }
    return rows.map { name, text in
      (["  " + name] + lines(text, width: width - 6).map { "      " + $0 }).joined(separator: "\n")
    }
    .joined(separator: "\n")
  }
}
