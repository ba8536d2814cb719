import ArchitectureLinter
import Foundation
import Testing

/// `Scripts/check-architecture.swift` is the linter's sources joined by
/// `Scripts/generate-linter-script.sh`, and the check suite's `--check` step keeps them one: an
/// edit to a source that was not joined again, or a source the join leaves out, fails it. The
/// sources' folders are layers of their own (`architecture.json`), which the linter checks on
/// itself.
@Suite("The one-file linter is its sources joined")
struct LinterScriptTests {
  static let sources = "Sources/ArchitectureLinter"

  /// The generator, the script and the sources, copied into a folder of their own.
  static func copy() throws -> URL {
    let copy = try makeTemporaryFolder("linter-script")
    let paths = [
      "Scripts/generate-linter-script.sh", "Scripts/check-architecture.swift", sources,
      "Sources/check-architecture", "Tests/ArchitectureLinterTests", "Plugins", "Package.swift",
      "architecture.json",
    ]
    for path in paths {
      let target = copy.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(path), to: target)
    }
    return copy
  }

  static func check(_ copy: URL) async throws -> Subprocess.Outcome {
    try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/generate-linter-script.sh").path, "--check"])
  }

  @Test func theScriptInTheRepositoryIsItsSourcesJoined() async throws {
    let copy = try Self.copy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let checked = try await Self.check(copy)
    #expect(checked.status == 0, "\(checked.error)")
  }

  @Test func aSourceEditedWithoutJoiningAgainFailsUntilTheScriptIsWrittenAgain() async throws {
    let copy = try Self.copy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let rules = copy.appendingPathComponent("\(Self.sources)/Catalog/RuleCatalog.swift")
    let edited = try String(contentsOf: rules, encoding: .utf8) + "\nlet addedLater = 1\n"
    try edited.write(to: rules, atomically: true, encoding: .utf8)
    let stale = try await Self.check(copy)
    #expect(stale.status == 1)
    #expect(stale.error.contains("is not what Sources/ArchitectureLinter makes of it"))
    #expect(stale.error.contains("> let addedLater = 1"), "\(stale.error)")

    let written = try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/generate-linter-script.sh").path])
    #expect(written.status == 0, "\(written.error)")
    #expect(try await Self.check(copy).status == 0)
    let script = try String(
      contentsOf: copy.appendingPathComponent("Scripts/check-architecture.swift"), encoding: .utf8)
    #expect(script.contains("let addedLater = 1"))
  }

  @Test func aSourceTheJoinDoesNotKnowIsRefused() async throws {
    let copy = try Self.copy()
    defer { try? FileManager.default.removeItem(at: copy) }
    try "import Foundation\n\nlet forgotten = 1\n".write(
      to: copy.appendingPathComponent("\(Self.sources)/Forgotten.swift"), atomically: true,
      encoding: .utf8)
    let refused = try await Self.check(copy)
    #expect(refused.status == 1)
    #expect(
      refused.error.contains("Forgotten.swift is in no place of the order"), "\(refused.error)")
  }

  /// Reading Swift knows nothing of the rules: a lexer file that names the linter fails the
  /// linter's check of its own package with `folder-dependency`.
  @Test func aFileThatReadsSwiftMayNotUseTheRules() async throws {
    let copy = try Self.copy()
    defer { try? FileManager.default.removeItem(at: copy) }
    #expect(
      try await Linter.run([], description: try await Linter.describe(package: copy), in: copy)
        .status == 0)
    let lexer = copy.appendingPathComponent("\(Self.sources)/Reading/Lexer.swift")
    let edited = try String(contentsOf: lexer, encoding: .utf8) + "\nlet ruleRunner = Linter.self\n"
    try edited.write(to: lexer, atomically: true, encoding: .utf8)
    let description = try await Linter.describe(package: copy)
    let lint = try await Linter.run([], description: description, in: copy)
    #expect(lint.status == 1)
    let line = edited.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(
      lint.output.contains(
        "Reading/Lexer.swift:\(line):18: error: [folder-dependency] 'Linter' is declared in Sources/ArchitectureLinter/Rules/Linter.swift, a folder of LinterRules; this file's folder is LinterReading, which may use LinterCatalog."
      ), "\(lint.output)")
  }

  /// The executable and the interpreted script, as a person runs them, on a configuration with a
  /// trailing comma: exit 2, the reason on standard error, and on standard output nothing (text)
  /// or a document that says the run failed (JSON, SARIF). The plugin's own is in PluginTests.
  @Test func theExecutableAndTheScriptKeepBadInputOffStandardOutput() async throws {
    let folder = try makeTemporaryFolder("broken")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = folder.appendingPathComponent("architecture.json")
    try Data(#"{"rules": {"undeclared-import": {},}}"#.utf8).write(to: configuration)
    let description = try await Linter.describe(fixture: "Clean")
    // `swift build --build-tests` puts the executable beside the test bundle.
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("check-architecture")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "build the tests with the executable: swift build --build-tests")
    let script = packageRoot.appendingPathComponent("Scripts/check-architecture.swift").path
    let ways: [(String, [String])] = [
      (executable.path, ["--config", configuration.path]),
      (executable.path, ["--config", configuration.path, "--format", "json"]),
      ("swift", [script, "--config", configuration.path, "--format", "sarif"]),
    ]
    for (program, arguments) in ways {
      let outcome = try await Subprocess.run(program, arguments, input: description)
      #expect(outcome.status == 2, "\(program) \(arguments): \(outcome.error)")
      #expect(outcome.error.contains("error: "), "\(outcome.error)")
      #expect(outcome.error.contains("a trailing comma before '}'"), "\(outcome.error)")
      if arguments.contains("--format") {
        let document = try #require(
          try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any],
          "\(outcome.output)")
        #expect(document["exit_status"] as? Int == 2 || document["runs"] != nil)
      } else {
        #expect(outcome.output.isEmpty, "\(outcome.output)")
      }
    }
  }
}
