import Foundation
import Testing

/// `Scripts/check-architecture.swift` is the linter's sources joined by
/// `Scripts/generate-linter-script.sh`, and the check suite's `--check` step keeps them one: an
/// edit to a source that was not joined again, or a source the join leaves out, fails it.
@Suite("The one-file linter is its sources joined")
struct LinterScriptTests {
  static let sources = "Sources/Tools/check-architecture"

  /// The generator, the script and the sources, copied into a folder of their own.
  static func copy() throws -> URL {
    let copy = try makeTemporaryFolder("linter-script")
    for path in ["Scripts/generate-linter-script.sh", "Scripts/check-architecture.swift", sources] {
      let target = copy.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(path), to: target)
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
    let rules = copy.appendingPathComponent("\(Self.sources)/Rules.swift")
    let edited = try String(contentsOf: rules, encoding: .utf8) + "\nlet addedLater = 1\n"
    try edited.write(to: rules, atomically: true, encoding: .utf8)
    let stale = try await Self.check(copy)
    #expect(stale.status == 1)
    #expect(stale.error.contains("is not what Sources/Tools/check-architecture makes of it"))
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
}
