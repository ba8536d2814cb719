import Foundation
import Subprocesses
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
  /// comment naming a file (`// Sources/…/InFlightRequest.swift`) is an excerpt of that file, and
  /// each of its runs of lines (separated by a `// …` line) must appear in the file, in order and
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
    let source =
      "struct InFlightRequest {\n  var waiters: [Waiter] = []\n  var result: Result?\n}\n"
    func read(_ path: String) -> String? { path == "InFlightRequest.swift" ? source : nil }
    let faithful =
      "```swift\n// InFlightRequest.swift\nstruct InFlightRequest {\n// …\nvar result: Result?\n```\n"
    #expect(Self.excerptProblems(in: faithful, of: "lesson.md", reading: read).isEmpty)
    let drifted =
      "```swift\n// InFlightRequest.swift\nstruct InFlightRequest {\n  var waiters: [Waiter]\n```\n"
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
      // The migration example's patches hold the code its later steps name.
      guard !path.hasPrefix("Workshop/ArchitectureLinter/Tests/Fixtures/"),
        [".swift", ".sh", ".json", ".patch"].contains(where: path.hasSuffix)
          || path == "CODEOWNERS"
      else { continue }
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      for identifier in text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        known.insert(String(identifier.output))
      }
    }
    let documents = paths.filter { path in
      path == "README.md" || (path.hasPrefix("docs/") && path.hasSuffix(".md"))
        || (path.hasSuffix("/README.md")
          && !path.hasPrefix("Workshop/ArchitectureLinter/Tests/Fixtures/"))
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

  /// The repository's files on disk (tracked or not, but not ignored), and among them the
  /// documents: the README, the articles, every module README and catalog page.
  static func repositoryFiles() async throws -> (paths: [String], documents: [String]) {
    let listed = try await Subprocess.run(
      "git",
      ["-C", repositoryRoot.path, "ls-files", "--cached", "--others", "--exclude-standard"])
    let paths = listed.output.split(separator: "\n").map(String.init)
      .filter {
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path)
      }
    let documents = paths.filter { path in
      // Fixtures and the migration example's package and steps describe packages of their own
      // (the replay checks the steps' quoted output against the linter's).
      guard
        !path.hasPrefix("Workshop/ArchitectureLinter/Tests/Fixtures/")
          && !path.hasPrefix("Workshop/Migration/Start/")
          && !path.hasPrefix("Workshop/Migration/Steps/")
      else { return false }
      return path == "README.md" || path == "architecture.json"
        || (path.hasPrefix("docs/") && path.hasSuffix(".md")) || path.hasSuffix("/README.md")
        || (path.contains(".docc/") && path.hasSuffix(".md"))
    }
    return (paths, documents.sorted())
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The repository paths a document writes: `Sources/…`, `Tests/…`, `Scripts/…`, `Benchmarks/…`,
  /// `docs/…` and `.ci/…` anywhere in its text, and the targets of its relative links (resolved
  /// from the document's folder). A path with a placeholder (`Sources/<Layer>/<Module>`,
  /// `Scripts/bench-*.sh`, `AppGraph+<Feature>.swift`) names a pattern, not a file.
  static func repositoryPaths(in text: String, of document: String) -> [String] {
    let pathCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_./+-~"))
    var found: [String] = []
    for match in text.matches(
      of: /(?:Sources|Tests|Scripts|Benchmarks|docs|\.ci)\/[A-Za-z0-9_.+\/-]*/)
    {
      if match.range.lowerBound > text.startIndex,
        let before = text[text.index(before: match.range.lowerBound)].unicodeScalars.first,
        pathCharacters.contains(before)
      {
        continue
      }
      if let after = text[match.range.upperBound...].first, "<*…{".contains(after) { continue }
      var path = Substring(match.output)
      while let last = path.last, ".+-".contains(last) { path = path.dropLast() }
      found.append(String(path))
    }
    let folder = document.split(separator: "/").dropLast().map(String.init)
    for link in text.matches(of: /\]\(([^)\s#]+)(?:#[^)]*)?\)/) {
      let target = String(link.output.1)
      guard target.wholeMatch(of: /(?:https?|doc|mailto):.*/) == nil else { continue }
      // Resolved from the document's folder, `..` climbing out of it.
      var components = folder
      for component in target.split(separator: "/").map(String.init) {
        if component == ".." {
          _ = components.popLast()
        } else if component != "." {
          components.append(component)
        }
      }
      found.append(components.joined(separator: "/"))
    }
    return found
  }

  /// Paths a document names on purpose though the repository does not hold them (an example of
  /// what a script creates, a fixture's file), declared in the document:
  /// `<!-- paths from elsewhere: Sources/Screens -->`; `Scripts/remove-module.sh` declares the
  /// paths of the module it removes the same way.
  static func declaredPaths(in text: String) -> Set<String> {
    var declared: Set<String> = []
    for comment in text.matches(of: /<!-- paths from elsewhere[^:>]*: ([^>]*) -->/) {
      for path in comment.output.1.split(separator: ",") {
        declared.insert(path.trimmingCharacters(in: .whitespaces))
      }
    }
    return declared
  }

  /// The folder, ending in `/`, of the innermost package inside the repository that holds
  /// `document` (`Workshop/ArchitectureLinter/`), or "" for the repository's own.
  static func packageFolder(of document: String) -> String {
    var folders = document.split(separator: "/").dropLast().map(String.init)
    while !folders.isEmpty {
      let folder = folders.joined(separator: "/") + "/"
      if FileManager.default.fileExists(
        atPath: repositoryRoot.appendingPathComponent(folder + "Package.swift").path)
      {
        return folder
      }
      folders.removeLast()
    }
    return ""
  }

  @Test func everyRepositoryPathTheDocsWriteExists() async throws {
    let (_, documents) = try await Self.repositoryFiles()
    #expect(documents.count > 20)
    var missing: [String] = []
    for document in documents {
      let text = try Self.text(document)
      let declared = Self.declaredPaths(in: text)
      // A document of a package inside the repository (the linter's) names its package's paths.
      let package = Self.packageFolder(of: document)
      for path in Self.repositoryPaths(in: text, of: document) where !declared.contains(path) {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let exists = [trimmed, package + trimmed].contains {
          FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path)
        }
        if !exists { missing.append("\(document): \(path)") }
      }
    }
    #expect(
      missing.isEmpty,
      "paths the docs write that do not exist (fix them, or declare an example with <!-- paths from elsewhere: … -->):\n\(missing.joined(separator: "\n"))"
    )
  }

  @Test func aPathWithAPlaceholderOrInsideAnotherPathIsNotAFileToFind() {
    let text = """
      `Sources/<Layer>/<Module>` and `Scripts/bench-*.sh`, `Sources/App/AppComposition/AppGraph+<Feature>.swift`,
      .build/docs/x, `Tests/CheckoutFeatureTests`. See [the guide](../docs/Guide.md#top).
      """
    #expect(
      Self.repositoryPaths(in: text, of: "Sources/Kernel/README.md")
        == ["Tests/CheckoutFeatureTests", "Sources/docs/Guide.md"])
  }

  /// The check suite's steps as `Scripts/check.sh` declares them: each `step "…"` call (or
  /// `step_when "PATHS" "…"`, a step that `--affected` may leave out) with its continuation
  /// lines, as one line of text.
  static func checkSteps() throws -> [String] {
    var steps: [String] = []
    var continued = false
    // A step may sit inside an `if` (a step a fork can do without), so it may be indented.
    for line in try text("Scripts/check.sh").split(separator: "\n") {
      let call = line.drop(while: { $0 == " " })
      // (`step "$@"` is step_when handing its step on, not a step of its own.)
      if (call.hasPrefix("step \"") && call != "step \"$@\"") || call.hasPrefix("step_when \"") {
        steps.append(String(call))
      } else if continued {
        steps[steps.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      }
      continued = line.hasSuffix("\\") && !steps.isEmpty
    }
    return steps
  }

  /// What a step runs, as a reader would look for it: the script (`compare-imports-with-compiler.sh`)
  /// or the SwiftPM command (`swift format`, `swift build`, `swift test`, `--sanitize=thread`).
  static func whatRuns(_ step: String) -> String? {
    let runs = step.matches(
      of: /Scripts\/([a-z-]+\.(?:sh|swift|py))|(swift (?:format|build|test))|(--sanitize=thread)/)
    return runs.last.map { String($0.output.1 ?? $0.output.2 ?? $0.output.3 ?? "") }
  }

  @Test func theCheckSuiteArticleListsEveryStepInItsOrder() throws {
    let steps = try Self.checkSteps()
    #expect(steps.count > 3)
    let readme = try Self.text("docs/Voyage.docc/CheckSuite.md")
    let section = try #require(readme.range(of: "## Every step, in order"))
    // The numbered list, each item with its indented continuation lines.
    var items: [String] = []
    for line in readme[section.upperBound...].split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.wholeMatch(of: /[0-9]+\. .*/) != nil {
        items.append(String(line))
      } else if !items.isEmpty, line.hasPrefix("   ") {
        items[items.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      } else if !items.isEmpty {
        break
      }
    }
    #expect(
      items.count == steps.count,
      "the article lists \(items.count) steps; Scripts/check.sh runs \(steps.count)")
    for (number, (step, item)) in zip(steps, items).enumerated() {
      let runs = try #require(Self.whatRuns(step), "cannot tell what step \(number + 1) runs")
      #expect(
        item.contains(runs),
        "the article's step \(number + 1) does not name '\(runs)', which check.sh's step runs: \(item)"
      )
    }
  }

  /// The migration guide quotes the linter from the example's steps; the replay checks each
  /// step's quote against the linter, and this checks the guide against the steps.
  @Test func everyLinterLineTheMigrationGuideQuotesIsOneAStepOfTheExamplePrints() throws {
    let guide = try Self.text("docs/Voyage.docc/Migration.md")
    let quoted = guide.split(separator: "\n").map(String.init).filter {
      $0.wholeMatch(
        of:
          /(Package\.swift|Sources\/|architecture-baseline\.txt)[^ ]*:\d+:\d+: (error|note): .*|architecture: .*/
      )
        != nil
    }
    #expect(!quoted.isEmpty)
    let steps = repositoryRoot.appendingPathComponent("Workshop/Migration/Steps")
    var printed: Set<String> = []
    for step in try FileManager.default.contentsOfDirectory(atPath: steps.path) {
      let readme = steps.appendingPathComponent(step).appendingPathComponent("README.md")
      guard let text = try? String(contentsOf: readme, encoding: .utf8) else { continue }
      printed.formUnion(text.split(separator: "\n").map(String.init))
    }
    for line in quoted {
      #expect(printed.contains(line), "the guide quotes a line no step prints: \(line)")
    }
  }

  @Test func theForkingGuideNamesEveryScriptCIRuns() throws {
    let ci = try Self.text(".ci/run")
    let scripts = ci.split(separator: "\n").compactMap { line in
      // (A script that runs beside the check suite is started in the idle scheduling class.)
      line.firstMatch(of: /^(?:"\$\{idle_priority\[@\]\}" )?(Scripts\/[A-Za-z-]+\.sh)/).map {
        String($0.output.1)
      }
    }
    #expect(scripts.count > 4)
    let guide = try Self.text("docs/Voyage.docc/Forking.md")
    for script in scripts {
      #expect(
        guide.contains("`\(script)"), "docs/Voyage.docc/Forking.md does not say CI runs \(script)")
    }
  }

  /// A figure a script measured (a time, a size, a count of files or imports) carries the date it
  /// was measured and the command that measured it, in its paragraph or earlier in its section;
  /// figures inside generated blocks (`<!-- …:begin` … `:end -->`) are regenerated instead.
  @Test func everyMeasuredFigureInTheDocsCarriesItsCommandAndDate() async throws {
    let (_, documents) = try await Self.repositoryFiles()
    var undated: [String] = []
    for document in documents where document.hasSuffix(".md") {
      let text = try Self.text(document).replacing(
        /<!-- [a-z-]+:begin.*?:end -->/.dotMatchesNewlines(), with: "")
      for section in text.split(separator: "\n## ") {
        for figure in section.matches(
          of: /[0-9][0-9,]*(?:\.[0-9]+)? ?(?:ms|µs|ns|MB|GB|files|imports)(?![A-Za-z])/)
        {
          let before = section[..<figure.range.upperBound]
          let paragraphEnd =
            section[figure.range.upperBound...].range(of: "\n\n")?.lowerBound
            ?? section.endIndex
          let context = before + section[figure.range.upperBound..<paragraphEnd]
          let dated = context.contains(/20[0-9]{2}-[0-9]{2}-[0-9]{2}/)
          let commanded = context.contains(
            /`(?:(?:Workshop\/(?:ArchitectureLinter\/)?)?Scripts\/|swift |voyage |\.build\/)[^`]*`/)
          if !dated || !commanded {
            undated.append("\(document): \(figure.output)")
          }
        }
      }
    }
    #expect(
      undated.isEmpty,
      "figures without the command and date that produced them:\n\(undated.joined(separator: "\n"))"
    )
  }

  /// The guides are read by people with ten minutes: across the README, the articles and the
  /// migration examples' READMEs, the median sentence is at most 20 words and at most 5% of
  /// sentences run past 40. `Workshop/Scripts/measure-sentences.py` measures them (its header says
  /// what counts as prose and where a sentence ends); run it without `--check` for each document,
  /// and with `--over 40` for the sentences to split.
  @Test func theGuidesSentencesAreShortEnoughToRead() async throws {
    let measured = try await Subprocess.run(
      "python3",
      [
        repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-sentences.py").path,
        "--check",
      ])
    #expect(
      measured.status == 0,
      "\(measured.error.trimmingCharacters(in: .whitespacesAndNewlines))\n\(measured.output)")
  }
}
