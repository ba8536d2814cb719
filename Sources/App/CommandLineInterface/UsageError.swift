import DesignSystem

/// A misuse of the command line: exit status 64, one line on stderr, then the usage. Messages
/// echo what was typed, so every control character in them is escaped here, once, for every
/// message: a typed `\e[2J` is shown, never obeyed.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message.escapingControlCharacters }
}

/// "Did you mean …?" for a mistyped command or option, and the new name of a renamed one.
enum Spelling {
  /// Options an earlier release spelled otherwise, by their old spelling, with the new one and
  /// the release that renamed them: a script written before is refused with the new name, never
  /// run on a guess.
  static let renamed = ["--guests": (name: "--places", since: "voyage 0.2.0")]

  /// `"; it is '--places' since voyage 0.2.0"` when `word` is the old spelling of a candidate;
  /// else `"; did you mean '--places'?"` when one candidate is within two edits of `word`, case
  /// aside (`usd` is `USD`); else "".
  static func suggestion(for word: String, among candidates: [String]) -> String {
    if let new = renamed[word.lowercased()], candidates.contains(new.name) {
      return "; it is '\(new.name)' since \(new.since)"
    }
    let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
      .filter { $0.1 <= 2 }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    return "; did you mean '\(best.0)'?"
  }

  /// The Levenshtein distance: single-character insertions, deletions and substitutions.
  static func distance(_ left: String, _ right: String) -> Int {
    let (a, b) = (Array(left.prefix(64)), Array(right.prefix(64)))
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
