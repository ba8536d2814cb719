import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// A team adds the architecture linter to its own package as the linter's article says: a path
/// dependency on its package, and a vendored artifact bundle so nothing is compiled. Adding it
/// brings only the linter's own targets into the team's graph, so a package whose targets are
/// named like every one of Voyage's (`Networking`, `DesignSystem`, …) still loads.
@Suite("Adopting the linter")
struct AdoptionTests {
  @Test func aPackageNamedLikeEveryVoyageModuleAddsTheLinterAndRunsItCleanly() async throws {
    let voyage = try await Linter.describe(package: repositoryRoot)
    let graph = try #require(try JSONSerialization.jsonObject(with: voyage) as? [String: Any])
    let names = try #require(graph["targets"] as? [[String: Any]]).compactMap {
      $0["name"] as? String
    }
    #expect(names.contains("Networking") && names.contains("SharedKernel") && names.count > 40)
    try await withTemporaryFolder("adopter") { consumer in
      let linterPackage = repositoryRoot.appendingPathComponent("Workshop/ArchitectureLinter")
      let targets = names.sorted().map { ".target(name: \"\($0)\", path: \"Sources/\($0)\")," }
      let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
          name: "Adopter",
          dependencies: [.package(path: "\(linterPackage.path)")],
          targets: [
            \(targets.joined(separator: "\n    "))
            .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle"),
          ]
        )

        """
      try Data(manifest.utf8).write(to: consumer.appendingPathComponent("Package.swift"))
      for name in names {
        let folder = consumer.appendingPathComponent("Sources/\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("public enum Marker {}\n".utf8).write(
          to: folder.appendingPathComponent("Marker.swift"))
      }
      let bundle = try await Subprocess.run(
        "nice",
        [
          "-n", "19", linterPackage.appendingPathComponent("Scripts/build-artifact-bundle.sh").path,
          "--output", consumer.appendingPathComponent("Tools").path,
        ])
      #expect(bundle.status == 0, "\(bundle.error.suffix(2_000))")
      let plugin = try await Subprocess.run(
        "swift",
        [
          "package", "--scratch-path", consumer.appendingPathComponent(".build").path,
          "check-architecture",
        ], in: consumer)
      #expect(plugin.status == 0, "\(plugin.output)\(plugin.error.suffix(2_000))")
      #expect(!plugin.error.contains("conflicting name"))
      #expect(
        !plugin.error.contains("Compiling"), "the vendored binary was not used: \(plugin.error)")
      #expect(plugin.output == "architecture: \(names.count) targets clean (0 baselined)\n")
    }
  }
}
