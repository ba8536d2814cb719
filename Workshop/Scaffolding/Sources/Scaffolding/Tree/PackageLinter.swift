import ArchitectureLinter
import Foundation

/// The architecture linter in-process on the repository at `root`: its values (the package's
/// targets), its editors, which change `Package.swift` and Swift files by their tokens, and its
/// command line, which redraws the module graphs exactly as `--update-graph` does from a shell.
struct PackageLinter {
  let root: URL

  /// The package's name: the `name:` of `Package(…)` in its manifest.
  func packageName() throws(StepFailure) -> String {
    guard let name = ManifestEditor(try read("Package.swift")).packageName() else {
      throw StepFailure("Package.swift has no Package(name: \"…\") with a plain string")
    }
    return name
  }

  /// Makes `edit` to `Package.swift` and writes it back; returns what the edit said, one line
  /// each, after the manifest's name. An edit the linter cannot make exactly writes nothing.
  func editManifest(_ edit: (inout ManifestEditor) throws -> [String]) throws(StepFailure)
    -> [String]
  {
    var editor = ManifestEditor(try read("Package.swift"))
    let said: [String]
    do {
      said = try edit(&editor)
    } catch {
      throw StepFailure((error as? BadInput)?.message ?? "\(error)")
    }
    try write(editor.manifest, to: "Package.swift")
    return said.map { "Package.swift:\($0)" }
  }

  /// Removes from each of `files` every list element that names one of `names`; returns what
  /// went, one line each, after the file's path.
  func removeElements(naming names: Set<String>, in files: [String]) throws(StepFailure)
    -> [String]
  {
    var said: [String] = []
    for file in files {
      var editor = SourceEditor(try read(file))
      let removed = editor.removeElements(naming: names)
      guard !removed.isEmpty else { continue }
      try write(editor.source, to: file)
      said += removed.map { "\(file):\($0)" }
    }
    return said
  }

  private func read(_ file: String) throws(StepFailure) -> String {
    do {
      return try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    } catch {
      throw StepFailure("cannot read \(file)")
    }
  }

  private func write(_ text: String, to file: String) throws(StepFailure) {
    do {
      try Data(text.utf8).write(to: root.appendingPathComponent(file), options: .atomic)
    } catch {
      throw StepFailure("cannot write \(file): \(error.localizedDescription)")
    }
  }

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
