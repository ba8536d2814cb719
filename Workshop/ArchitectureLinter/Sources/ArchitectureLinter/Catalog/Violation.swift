import Foundation

// MARK: - Violations

struct Violation: Sendable {
  let rule: String
  let file: String
  let line: Int
  let column: Int
  let message: String
  /// Stable across unrelated edits (no line numbers): what the baseline stores.
  let key: String
  /// A second place that explains the first (the target a manifest entry belongs to).
  var note: Note?
  /// An edit that resolves it, when one is certain.
  var fix: Fix?
  /// Why the rule holds in this package, from the configuration's `because`.
  var because: String?

  /// The target it is about: the first field of its key (`rule|Target -> …`, `rule|Target|…`).
  var target: String {
    let parts = key.split(separator: "|", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return "" }
    return String(parts[1].components(separatedBy: " -> ")[0])
  }

  /// The compiler's format, which editors and CI logs understand, with its note on a line below.
  var compilerStyle: String { compilerStyle(root: nil) }

  /// The compiler's format with each relative path joined to `root` (a build's diagnostics name
  /// files by absolute path).
  func compilerStyle(root: String?) -> String {
    func place(_ path: String) -> String {
      guard let root, !path.hasPrefix("/") else { return path }
      return root + "/" + path
    }
    var text = "\(place(file)):\(line):\(column): error: [\(rule)] \(message)"
    if let note {
      text += "\n\(place(note.file)):\(note.line):\(note.column): note: \(note.message)"
    }
    if let because { text += "\n  because: \(because)" }
    return text
  }
}

/// A place that explains a finding.
struct Note: Sendable {
  let file: String
  let line: Int
  let column: Int
  let message: String
}

/// A text edit that resolves a finding: `replacement` takes the place of the text from
/// (line, column) up to, not including, (endLine, endColumn).
struct Fix: Sendable {
  let summary: String
  let file: String
  let line: Int
  let column: Int
  let endLine: Int
  let endColumn: Int
  let replacement: String
}

/// A `// architecture:allow RULE — reason` comment that accepted a finding: an exception the
/// ratchet counts like a baseline entry (`--baseline-may-not-grow`).
struct AcceptedSuppression: Sendable, Hashable {
  /// The file it is in, relative to the package.
  let file: String
  let line: Int
  let column: Int
  let rule: String
  let reason: String

  /// Its line in the reviewed exceptions file: `rule|file|reason`, no line number, so it stays
  /// true while the code around it moves.
  var key: String { "\(rule)|\(file)|\(reason)" }
}
