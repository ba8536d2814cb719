import Foundation

/// The exceptions the architecture's reviewers accepted: `architecture-exceptions.txt`, beside
/// the baseline, one `// architecture:allow` suppression a line (`rule|file|reason`).
///
/// A suppression is an exception like a baseline entry, so the ratchet counts it: with
/// `--baseline-may-not-grow REF`, a suppression that the file lacked at `REF` (the same rule
/// with the same reason) is a `baseline-growth` finding unless its line is here. The linter
/// cannot see a review, but it can make one unavoidable: a line here counts only while
/// CODEOWNERS names owners for this file, so the pull request that adds it waits for them.
struct ReviewedExceptions {
  static let fileName = "architecture-exceptions.txt"
  /// The file as findings name it (beside the baseline as it was given).
  let name: String
  /// Entry → its line number in the file.
  let entries: [String: Int]
  /// Whether CODEOWNERS has a line for the file.
  let owned: Bool

  /// Reads the file beside the baseline at `baseline` (shown as `baselineName`); a missing file
  /// accepts nothing. `owners` are the paths CODEOWNERS names, relative to `root`. A line that is
  /// not `rule|file|reason` of a known rule ends the run.
  static func load(
    besideBaselineAt baseline: URL, baselineName: String, owners: Set<String>?, root: URL
  ) throws -> ReviewedExceptions {
    let folder = (baselineName as NSString).deletingLastPathComponent
    let name = folder.isEmpty ? fileName : folder + "/" + fileName
    let url = baseline.deletingLastPathComponent().appendingPathComponent(fileName)
    let rootPath = root.standardizedFileURL.path + "/"
    let path = url.standardizedFileURL.path
    let relative = path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    let owned = owners?.contains(relative) ?? false
    guard FileManager.default.fileExists(atPath: url.path) else {
      return ReviewedExceptions(name: name, entries: [:], owned: owned)
    }
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw BadInput("the reviewed exceptions '\(name)' cannot be read as UTF-8 text")
    }
    var entries: [String: Int] = [:]
    for (index, line) in textLines(text).enumerated() {
      let entry = line.trimmingCharacters(in: .whitespaces)
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      let parts = entry.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3, !parts[1].isEmpty, !parts[2].isEmpty,
        allRules.contains(where: { $0.id == String(parts[0]) })
      else {
        throw BadInput(
          "\(name):\(index + 1): '\(entry)' is not a reviewed exception (rule|file|reason, the suppression's own words) of a known rule"
        )
      }
      entries[entry] = entries[entry] ?? index + 1
    }
    return ReviewedExceptions(name: name, entries: entries, owned: owned)
  }

  /// The suppressions among `accepted` that the package lacked at the commit `reference` and
  /// that no reviewed exception covers: what this change added without the reviewers.
  func growth(
    of accepted: [AcceptedSuppression], since reference: String, root: URL
  ) -> [Violation] {
    var before: [String: Set<String>] = [:]
    var findings: [Violation] = []
    for suppression in accepted {
      if before[suppression.file] == nil {
        before[suppression.file] = Self.suppressions(
          in: suppression.file, at: reference, root: root)
      }
      guard before[suppression.file]?.contains("\(suppression.rule)|\(suppression.reason)") != true
      else { continue }
      let shown = "'architecture:allow \(suppression.rule) — \(suppression.reason)'"
      let message: String
      if entries[suppression.key] == nil {
        message =
          "\(shown) is new since \(reference): a suppression is an exception, and exceptions, like the baseline, may not grow unreviewed; fix the violation, or have the architecture's reviewers accept it with the line '\(suppression.key)' in \(name) (a file CODEOWNERS gives them)"
      } else if !owned {
        message =
          "\(shown) is new since \(reference), and \(name) accepts it, but CODEOWNERS has no line for \(name): nothing makes its review unavoidable; add one naming the architecture's reviewers"
      } else {
        continue
      }
      findings.append(
        Violation(
          rule: "baseline-growth", file: suppression.file, line: suppression.line,
          column: suppression.column, message: message,
          key: "baseline-growth|suppression|\(suppression.file)|\(suppression.rule)"))
    }
    return findings
  }

  /// The lines that accept no suppression of the run (of a rule that ran): resolved, to delete.
  func stale(given accepted: [AcceptedSuppression], enabled: Set<String>) -> [Violation] {
    let keys = Set(accepted.map(\.key))
    return entries.sorted { $0.value < $1.value }.filter {
      !keys.contains($0.key) && enabled.contains(String($0.key.prefix { $0 != "|" }))
    }.map { entry, line in
      Violation(
        rule: "stale-baseline", file: name, line: line, column: 1,
        message:
          "'\(entry)' no longer matches a suppression that accepts a finding: delete line \(line)",
        key: "stale-baseline|exception|\(entry)",
        fix: Fix(
          summary: "delete the resolved exception", file: name, line: line, column: 1,
          endLine: line + 1, endColumn: 1, replacement: ""))
    }
  }

  /// The justified suppressions (`rule|reason`) of `file` at the commit `reference`; none when
  /// the file did not exist there.
  static func suppressions(in file: String, at reference: String, root: URL) -> Set<String> {
    guard let text = Git.output(["-C", root.path, "show", "\(reference):./\(file)"]) else {
      return []
    }
    var found: [Suppression] = []
    _ = Array(text.utf8).withUnsafeBufferPointer { Lexer.tokens(of: $0, suppressions: &found) }
    return Set(
      found.filter { !$0.inBlockComment && !$0.reason.isEmpty }.map { "\($0.rule)|\($0.reason)" })
  }
}
