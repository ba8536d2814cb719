// The architecture linter as a step of the build: a target that applies this plugin
// (`plugins: [.plugin(name: "CheckArchitectureBuildTool", package: "ArchitectureLinter")]`) is
// checked before it compiles, and a file that imports a module its target does not declare, or
// that breaks a rule of the package's `architecture.json`, fails the build with the linter's
// finding at its file and line. SwiftPM's own import check does that on the native build engine
// only (`--explicit-target-dependency-import-check error`); this holds on Swift Build too, and in
// every build, incremental or not, with or without the flag.
//
// The step runs `check-architecture --target NAME --stamp FILE` on the package's graph, in which
// only this target lists its files. Its inputs are the target's sources, that graph and the
// package's configuration files, so the step runs again only when one of them changes; its output is a Swift file with nothing but a comment, compiled into the target,
// which is what lets a build system order the step before the target's compilation.

import Foundation
import PackagePlugin

@main
struct CheckArchitectureBuildTool: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let module = target as? any SourceModuleTarget else { return [] }
    let folder = context.pluginWorkDirectoryURL
    let graph = folder.appendingPathComponent("package-graph")
    try Self.write(PackageGraph.of(context.package, listingFilesOf: target.name), to: graph)
    let root = context.package.directoryURL
    // CODEOWNERS is read at the repository's root (see the linter's CodeOwners), which may be
    // above the package: a change there runs the check again too.
    let repository = Self.repositoryRoot(holding: root)
    let configuration =
      (["architecture.json", "architecture-baseline.txt"].map {
        root.appendingPathComponent($0)
      }
      + [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"].map {
        repository.appendingPathComponent($0)
      }).filter { FileManager.default.fileExists(atPath: $0.path) }
    let stamp = folder.appendingPathComponent("\(module.moduleName)+ArchitectureChecked.swift")
    return [
      .buildCommand(
        displayName: "Checking the architecture of \(target.name)",
        executable: try context.tool(named: "check-architecture").url,
        arguments: [graph.path, "--target", target.name, "--stamp", stamp.path],
        environment: ["CHECK_ARCHITECTURE_PROGRAM": "check-architecture"],
        inputFiles: module.sourceFiles(withSuffix: "swift").map(\.url) + [graph]
          + configuration,
        outputFiles: [stamp])
    ]
  }

  /// The nearest folder at or above `folder` with a `.git`, or `folder` outside git.
  static func repositoryRoot(holding folder: URL) -> URL {
    var candidate = folder.standardizedFileURL
    while !FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { return folder }
      candidate = parent
    }
    return candidate
  }

  /// Writes `data` to `file` unless the file already holds it: SwiftPM asks the plugin for its
  /// commands at every build, and a graph rewritten with the same bytes would be a changed
  /// input, running the step again for nothing.
  static func write(_ data: Data, to file: URL) throws {
    if FileManager.default.contents(atPath: file.path) == data { return }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file, options: .atomic)
  }
}
