import ArchitectureLinter
import Foundation

/// The architecture linter, run in-process through its one door on the repository at `root`:
/// it edits `Package.swift` by its tokens and redraws the module graphs, exactly as
/// `check-architecture manifest …` and `--update-graph` do from a shell.
struct PackageLinter {
  let root: URL

  /// Runs the linter with `arguments`; a run that does not end with status 0 fails with what
  /// the linter said, its `error: ` prefix left out.
  @discardableResult
  func run(_ arguments: [String]) async throws(StepFailure) -> String {
    let outcome = await CheckArchitecture.run(
      Invocation(arguments: arguments, program: "scaffold", workingDirectory: root.path))
    guard outcome.status == 0 else {
      let said = outcome.error.split(separator: "\n").map { line in
        line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line
      }
      throw StepFailure(said.joined(separator: "\n"))
    }
    return outcome.output
  }

  /// Redraws what the linter generates (the README's table of layers, the whole module graph)
  /// and each module README's neighbourhood from the package as SwiftPM describes it now.
  func redrawGraphs() async throws {
    try await describingThePackage(
      GeneratedDocuments.paths(in: root).flatMap { ["--update-graph", $0] })
    try await describingThePackage(["--update-module-readmes"])
  }

  /// Runs the linter with `arguments` on the package as SwiftPM describes it now.
  @discardableResult
  func describingThePackage(_ arguments: [String]) async throws -> String {
    let described = try await ExternalCommand("swift", "package", "describe", "--type", "json")
      .succeed(in: root)
    let description = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scaffold-description-\(UUID().uuidString).json")
    try Data(described.output.utf8).write(to: description)
    defer { try? FileManager.default.removeItem(at: description) }
    return try await run([description.path] + arguments)
  }
}
