import Foundation

// MARK: - Baseline

struct Baseline {
  let path: URL
  /// Entry → its line number in the file.
  let entries: [String: Int]

  /// Reads the baseline at `path`, shown as `name`. A missing file is an empty baseline unless
  /// it was named on the command line (`required`); a file that cannot be read, or a line that
  /// is not a key of a known rule, ends the run: a baseline half understood is never a pass.
  static func load(_ path: URL, name: String, required: Bool) throws -> Baseline {
    guard FileManager.default.fileExists(atPath: path.path) else {
      if required {
        throw BadInput("the baseline '\(name)' does not exist (create it with --update-baseline)")
      }
      return Baseline(path: path, entries: [:])
    }
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      throw BadInput("the baseline '\(name)' cannot be read as UTF-8 text")
    }
    return Baseline(path: path, entries: try entries(in: text, name: name, strict: true))
  }

  /// The entries of a baseline's text, each with its line; a line that is not an entry of a
  /// known rule ends the run, and so, when `strict`, do an entry given twice and entries out of
  /// the sorted order `--update-baseline` writes (a merge that interleaved two baselines).
  static func entries(in text: String, name: String, strict: Bool) throws -> [String: Int] {
    var entries: [String: Int] = [:]
    var previous: (entry: String, line: Int)?
    for (index, line) in textLines(text).enumerated() {
      let entry = Self.split(line).entry
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      let rule = String(entry.prefix { $0 != "|" })
      guard entry.contains("|"),
        allRules.contains(where: { $0.id == rule && $0.id != "stale-baseline" })
      else {
        throw BadInput(
          "\(name):\(index + 1): '\(entry)' is not a baseline entry (rule|target…) of a known rule\(suggestion(for: rule, among: allRules.map(\.id)))"
        )
      }
      if strict, let first = entries[entry] {
        throw BadInput(
          "\(name):\(index + 1): '\(entry)' repeats line \(first); delete one of them (or run --update-baseline)"
        )
      }
      if strict, let previous, entry < previous.entry {
        throw BadInput(
          "\(name):\(index + 1): '\(entry)' is out of order: it sorts before line \(previous.line) ('\(previous.entry)'); the baseline is kept sorted so that each change shows in a diff, so run --update-baseline to sort it (reasons are kept)"
        )
      }
      entries[entry] = entries[entry] ?? index + 1
      previous = (entry, index + 1)
    }
    return entries
  }

  /// The reason written after an entry (`rule|target -> dependency  # why it stays`), by entry.
  static func reasons(in text: String) -> [String: String] {
    var reasons: [String: String] = [:]
    for line in textLines(text) {
      let (entry, reason) = split(line)
      guard !entry.isEmpty, !entry.hasPrefix("#"), let reason, !reason.isEmpty else { continue }
      reasons[entry] = reason
    }
    return reasons
  }

  /// A line as its entry and the reason after ` #`, if any.
  private static func split(_ line: String) -> (entry: String, reason: String?) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.hasPrefix("#"), let mark = trimmed.range(of: " #") else { return (trimmed, nil) }
    return (
      String(trimmed[..<mark.lowerBound]).trimmingCharacters(in: .whitespaces),
      String(trimmed[mark.upperBound...]).trimmingCharacters(in: .whitespaces)
    )
  }

  /// The entries of this baseline that the same file at the commit `reference` lacks: the ones
  /// this change added. A file that did not exist there is a first baseline, which adds
  /// nothing to a list that was not there; a reference that is not a commit ends the run.
  func growth(since reference: String, name: String) throws -> [Violation] {
    let folder = path.deletingLastPathComponent().path
    guard
      Git.output(["-C", folder, "rev-parse", "--verify", "--quiet", reference + "^{commit}"]) != nil
    else {
      // CI checks out one commit by default; the reference is then missing, not wrong.
      let shallow =
        Git.output(["-C", folder, "rev-parse", "--is-shallow-repository"])?
        .trimmingCharacters(in: .whitespacesAndNewlines) == "true"
      throw BadInput(
        shallow
          ? "--baseline-may-not-grow: '\(reference)' is not in this shallow clone at \(folder); fetch the history it needs (git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
          : "--baseline-may-not-grow: '\(reference)' is not a commit of the repository at \(folder)"
      )
    }
    guard
      let text = Git.output(["-C", folder, "show", "\(reference):./\(path.lastPathComponent)"])
    else { return [] }
    // The baseline as it was may predate the order and uniqueness checks.
    let before = try Self.entries(in: text, name: "\(name) at \(reference)", strict: false)
    return entries.filter { before[$0.key] == nil }.sorted { $0.value < $1.value }.map {
      Violation(
        rule: "baseline-growth", file: name, line: $0.value, column: 1,
        message:
          "'\($0.key)' is new since \(reference): the baseline may only shrink; fix the violation, or explain the exception beside the code (// architecture:allow RULE — reason) for the architecture's reviewers to accept in \(ReviewedExceptions.fileName)",
        key: "baseline-growth|\($0.key)")
    }
  }

  /// Writes `keys`, each with its reason from `reasons` if it has one, under a header that
  /// names `command`, the command that writes it again.
  static func write(
    _ keys: [String], reasons: [String: String] = [:], command: String, to path: URL
  ) throws {
    let header = """
      # Known architecture violations, one stable key per line, sorted and unique, without line
      # numbers: rule|Target (a target), rule|Target -> Dependency (a manifest entry),
      # rule|Target -> Module|File (an import), rule|Target|File (a file's code) and
      # folder-dependency|Target|File -> Name (a name used across folder layers). Each may be
      # followed by "  # why it stays" (kept when regenerated). A line that matches no violation
      # fails the check: delete it. Regenerate with:
      #   \(command)

      """
    let lines = keys.map { key in reasons[key].map { "\(key)  # \($0)" } ?? key }
    try (header + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
      .write(to: path, atomically: true, encoding: .utf8)
  }
}
