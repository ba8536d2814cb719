import ArchitectureLinter
import Foundation

/// The architecture linter in-process on the repository at `root`: its values (the package's
/// targets), and its command line, which edits `Package.swift` by its tokens and redraws the
/// module graphs exactly as `check-architecture manifest …` and `--update-graph` do from a shell.
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

  /// The package's targets as SwiftPM describes them now, with no configuration: their kinds,
  /// folders and dependencies.
  func targets() async throws -> [ArchitectureTarget] {
    let described = try await describe()
    let package: PackageDescription
    do {
      package = try PackageDescription(json: Data(described.utf8))
    } catch let failure as BadInput {
      throw StepFailure(failure.message)
    }
    return ArchitectureCheck(package: package).targets
  }

  /// What `swift package describe --type json` prints for the package now.
  func describe() async throws -> String {
    try await ExternalCommand("swift", "package", "describe", "--type", "json").succeed(in: root)
      .output
  }

  /// Runs the linter with `arguments` on the package as SwiftPM describes it now.
  @discardableResult
  func describingThePackage(_ arguments: [String]) async throws -> String {
    let described = try await describe()
    let description = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scaffold-description-\(UUID().uuidString).json")
    try Data(described.utf8).write(to: description)
    defer { try? FileManager.default.removeItem(at: description) }
    return try await run([description.path] + arguments)
  }
}
