import Foundation
import Testing

/// The docs name code, and code gets renamed: every code name in backticks in `README.md`,
/// `docs/` and the module READMEs must exist in the repository (an identifier of its sources or
/// scripts, or a file or folder name). Names that belong to other projects are declared in the
/// document itself, in a comment: `<!-- names from elsewhere: DequeTests, ContainersPreview -->`
/// (`Scripts/remove-module.sh` adds one, `<!-- names from elsewhere (removed with …): … -->`, for
/// the names a removed module leaves behind in the prose).
@Suite("Documentation")
struct DocumentationTests {
  /// A type-like name (`SearchFeature`), a member (`AppGraph.settled`), or a function with its
  /// labels (`confirm(with:)`, `Voyage.run(arguments:)`); plain words and commands are not code names.
  static func codeNames(in markdown: String) -> [String] {
    markdown.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }.filter { token in
      token.wholeMatch(of: /[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+/) != nil
        || token.wholeMatch(of: /[A-Z][A-Za-z0-9]*\.[A-Za-z_][A-Za-z0-9_]*/) != nil
        || token.wholeMatch(
          of: /(?:[A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*\([A-Za-z_:]*\)/)
          != nil
    }
  }

  /// The identifiers a code name is made of: `Voyage.run(arguments:)` → Voyage, run.
  static func identifiers(of name: String) -> [String] {
    let base = name.split(separator: "(").first.map(String.init) ?? name
    return base.split(separator: ".").map(String.init)
  }

  /// What is wrong with the excerpts of `markdown`: a Swift code block whose first line is a
  /// comment naming a file (`// Sources/…/Flight.swift`) is an excerpt of that file, and each of
  /// its runs of lines (separated by a `// …` line) must appear in the file, in order and
  /// contiguous (indentation aside), so a lesson cannot teach code the repository no longer has.
  static func excerptProblems(
    in markdown: String, of document: String, reading read: (String) -> String?
  ) -> [String] {
    var problems: [String] = []
    for block in markdown.matches(of: /```swift\n\/\/ ([^\n]+\.swift)\n((?:.*\n)*?)```/) {
      let path = String(block.output.1)
      guard let source = read(path) else {
        problems.append("\(document): an excerpt of \(path), which does not exist")
        continue
      }
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      var run: [String] = []
      var runs: [[String]] = []
      for line in block.output.2.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed == "// …" {
          runs.append(run)
          run = []
        } else {
          run.append(trimmed)
        }
      }
      runs.append(run)
      for run in runs {
        let run = Array(run.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
        guard !run.isEmpty else { continue }
        let found = lines.indices.contains { start in
          start + run.count <= lines.count && Array(lines[start..<start + run.count]) == run
        }
        if !found {
          problems.append(
            "\(document): the excerpt of \(path) starting '\(run[0])' is not in the file (\(run.count) lines); copy it again from the file"
          )
        }
      }
    }
    return problems
  }

  @Test func anExcerptThatNoLongerMatchesItsFileIsReported() {
    let source = "struct Flight {\n  var waiters: [Waiter] = []\n  var result: Result?\n}\n"
    func read(_ path: String) -> String? { path == "Flight.swift" ? source : nil }
    let faithful = "```swift\n// Flight.swift\nstruct Flight {\n// …\nvar result: Result?\n```\n"
    #expect(Self.excerptProblems(in: faithful, of: "lesson.md", reading: read).isEmpty)
    let drifted = "```swift\n// Flight.swift\nstruct Flight {\n  var waiters: [Waiter]\n```\n"
    #expect(Self.excerptProblems(in: drifted, of: "lesson.md", reading: read).count == 1)
    let missing = "```swift\n// Gone.swift\nstruct Gone {}\n```\n"
    #expect(Self.excerptProblems(in: missing, of: "lesson.md", reading: read).count == 1)
  }

  @Test func everyExcerptInTheDocsIsInItsFile() throws {
    let folder = repositoryRoot.appendingPathComponent("docs")
    let documents = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
    var problems: [String] = []
    var excerpts = 0
    for document in documents.sorted() {
      let text = try String(
        contentsOf: folder.appendingPathComponent(document), encoding: .utf8)
      excerpts += text.matches(of: /```swift\n\/\/ [^\n]+\.swift\n/).count
      problems += Self.excerptProblems(in: text, of: "docs/\(document)") { path in
        try? String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      }
    }
    #expect(excerpts > 0)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyCodeNameInTheDocsExists() async throws {
    let listed = try await Subprocess.run(
      "git",
      ["-C", repositoryRoot.path, "ls-files", "--cached", "--others", "--exclude-standard"])
    let paths = listed.output.split(separator: "\n").map(String.init)
      .filter {
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path)
      }
    var known: Set<String> = []
    for path in paths {
      for component in path.split(separator: "/") {
        known.insert(String(component))
        known.insert(String(component.split(separator: ".").first ?? component))
      }
      guard !path.hasPrefix("Tests/Fixtures/"),
        [".swift", ".sh", ".json"].contains(where: path.hasSuffix) || path == "CODEOWNERS"
      else { continue }
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      for identifier in text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        known.insert(String(identifier.output))
      }
    }
    let documents = paths.filter { path in
      path == "README.md" || (path.hasPrefix("docs/") && path.hasSuffix(".md"))
        || (path.hasSuffix("/README.md") && !path.hasPrefix("Tests/Fixtures/"))
    }
    #expect(documents.count > 20)
    var unknown: [String] = []
    for document in documents.sorted() {
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
      var declared: Set<String> = []
      for comment in text.matches(of: /<!-- names from elsewhere[^:>]*: ([^>]*) -->/) {
        for name in comment.output.1.split(separator: ",") {
          declared.insert(name.trimmingCharacters(in: .whitespaces))
        }
      }
      for name in Self.codeNames(in: text) {
        if Self.identifiers(of: name).contains(where: {
          !known.contains($0) && !declared.contains($0)
        }) {
          unknown.append("\(document): `\(name)`")
        }
      }
    }
    #expect(
      unknown.isEmpty,
      "code names that exist nowhere in the repository:\n\(unknown.joined(separator: "\n"))")
  }
}
