import Foundation
import Testing

/// A rule the docs call enforced has a canary: something that breaks it on purpose and expects the
/// failure. The docs list the rules in two tables, the architecture journey's (rule, …, what you
/// get, canary) and the linter article's (rule, …, fixture); these tests read both and find every
/// canary they name, so a rule cannot be documented as enforced on the strength of nothing.
@Suite("Every documented rule has its canary")
struct RuleCanaryTests {
  /// The rows of the first Markdown table after `heading`, split into trimmed cells, header and
  /// separator dropped.
  static func tableRows(after heading: String, in markdown: String) throws -> [[String]] {
    let section = try #require(markdown.range(of: heading)).upperBound
    let lines = markdown[section...].split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
    return lines.dropFirst(2).map { line in
      line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// The text of every code span in a cell: `a`, `b` → a, b.
  static func codeSpans(_ cell: String) -> [String] {
    cell.matches(of: /`([^`]+)`/).map { String($0.output.1) }
  }

  /// Every Swift file of the test targets, Voyage's and the architecture linter's, with its text.
  static let testSources: [(path: String, text: String)] = {
    var files: [(String, String)] = []
    for folder in ["Tests", "Workshop/ArchitectureLinter/Tests/ArchitectureLinterTests"] {
      let tests = repositoryRoot.appendingPathComponent(folder)
      let enumerator = FileManager.default.enumerator(atPath: tests.path)
      while let path = enumerator?.nextObject() as? String {
        guard path.hasSuffix(".swift") else { continue }
        let url = tests.appendingPathComponent(path)
        if let text = try? String(contentsOf: url, encoding: .utf8) { files.append((path, text)) }
      }
    }
    return files
  }()

  /// Where the linter's fixture packages are.
  static let fixtures = "Workshop/ArchitectureLinter/Tests/Fixtures/"

  /// What a canary's name points at, read as text: a fixture's golden output, a script, or the
  /// test file that declares the test function or suite. `nil` when it points at nothing.
  static func canaryText(_ name: String) -> String? {
    if name.hasPrefix(fixtures) {
      let golden = repositoryRoot.appendingPathComponent(name).appendingPathComponent(
        "expected.txt")
      return try? String(contentsOf: golden, encoding: .utf8)
    }
    if name.hasPrefix("Scripts/") {
      return try? String(
        contentsOf: repositoryRoot.appendingPathComponent(name), encoding: .utf8)
    }
    let base = name.split(separator: "(").first.map(String.init) ?? name
    let declarations = ["func \(base)(", "struct \(base) ", "struct \(base):"]
    return testSources.first { file in declarations.contains { file.text.contains($0) } }?.text
  }

  /// A quoted failure as a canary expects it: what follows the last `error: ` (the location in
  /// front of it is the reader's), up to an ellipsis that shortens it.
  static func expectedFailure(_ quote: String) -> String {
    var text = quote.components(separatedBy: "error: ").last ?? quote
    if let ellipsis = text.range(of: "…") { text = String(text[..<ellipsis.lowerBound]) }
    return text.trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
  }

  @Test func everyRuleOfTheArchitectureJourneyNamesACanaryThatExpectsTheQuotedFailure() throws {
    let journey = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "docs/Voyage.docc/ArchitectureLearningJourney.md"),
      encoding: .utf8)
    let rows = try Self.tableRows(
      after: "## Where each rule is enforced, and what breaking it looks like", in: journey)
    #expect(rows.count > 10)
    // A canary that went with a removed module (`Scripts/remove-module.sh` declares its name at
    // the top, "removed with …; rewrite these passages") is the passage to rewrite, not a miss.
    var removed: Set<String> = []
    for comment in journey.matches(
      of: /<!-- names from elsewhere \(removed with[^:>]*: ([^>]*) -->/)
    {
      for name in comment.output.1.split(separator: ",") {
        removed.insert(name.trimmingCharacters(in: .whitespaces))
      }
    }
    for row in rows {
      let rule = row.first ?? "?"
      let canaries = (row.count == 5 ? Self.codeSpans(row[4]) : []).filter {
        !removed.contains(String($0.split(separator: "(").first ?? ""))
      }
      if row.count == 5, canaries.isEmpty, !Self.codeSpans(row[4]).isEmpty { continue }
      #expect(!canaries.isEmpty, "'\(rule)' names no canary in its last column")
      let texts = canaries.compactMap(Self.canaryText)
      #expect(
        texts.count == canaries.count,
        "'\(rule)': a canary that does not exist among \(canaries)")
      // A quoted compiler or linter message (it names something in quotes) must be what one of
      // the canaries expects, so the docs cannot quote a failure nobody checks.
      guard row.count == 5, !canaries.allSatisfy({ $0.hasPrefix("Scripts/") }) else { continue }
      for quote in Self.codeSpans(row[3]) where quote.contains("'") {
        let failure = Self.expectedFailure(quote)
        #expect(
          texts.contains { $0.contains(failure) },
          "'\(rule)' quotes \"\(failure)\", which none of \(canaries) expects")
      }
    }
  }

  @Test func everyRuleOfTheLinterArticleHasAFixtureThatMakesItFire() throws {
    let article = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/Voyage.docc/ArchitectureLinter.md"),
      encoding: .utf8)
    let rows = try Self.tableRows(after: "## Rules", in: article)
    #expect(rows.count > 10)
    for row in rows {
      let rule = Self.codeSpans(row.first ?? "").first ?? "?"
      let fixtures = row.count == 3 ? Self.codeSpans(row[2]) : []
      #expect(!fixtures.isEmpty, "'\(rule)' names no fixture")
      let fired = fixtures.contains { fixture in
        Self.canaryText(Self.fixtures + fixture)?.contains("error: [\(rule)]") == true
      }
      #expect(fired, "none of \(fixtures) makes '\(rule)' fire (its expected.txt has no [\(rule)])")
    }
  }

  @Test func aQuotedFailureIsComparedWithoutItsLocationOrItsEllipsis() {
    #expect(
      Self.expectedFailure("Package.swift:1:2: error: type 'X' has no member 'y'")
        == "type 'X' has no member 'y'")
    #expect(Self.expectedFailure("error: [rule] 'A' uses 'B'; …") == "[rule] 'A' uses 'B'")
    #expect(
      Self.expectedFailure("'P' initializer is inaccessible") == "'P' initializer is inaccessible")
  }
}
