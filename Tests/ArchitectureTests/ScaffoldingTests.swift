import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Scripts/new-module.sh` (the scaffolding tool's `new-module`), run in a copy of the repository.
@Suite("Scaffolding a module")
struct ScaffoldingTests {
  /// A copy of the repository's files as they are on disk, tracked or not (but not ignored), in
  /// a temporary folder: a module added and not yet committed is part of the copy. The caller
  /// keeps the folder alive while it uses the copy, which goes with it.
  static func copyOfRepository() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder.created("scaffold")
    let copy = folder.url
    let files = try await Subprocess.run(
      "git", ["-C", repositoryRoot.path, "ls-files", "--cached", "--others", "--exclude-standard"])
    for path in files.output.split(separator: "\n").map(String.init)
    where FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path) {
      let target = copy.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(path), to: target)
    }
    return folder
  }

  /// The modules of the package today, by folder (`Sources/<Layer>/<Module>`).
  static let modules: [(layer: String, name: String)] = {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let layers = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    return layers.sorted().flatMap { layer in
      ((try? FileManager.default.contentsOfDirectory(
        atPath: sources.appendingPathComponent(layer).path)) ?? [])
        .sorted().map { (layer, $0) }
    }
  }()

  /// `base`, or `base` with a number, whichever no module of the package is called yet: the
  /// tests must also pass in a fork that has already added the module of the README's example.
  static func unusedName(_ base: String, suffix: String = "") -> String {
    let taken = Set(modules.map(\.name))
    return ([""] + (2...99).map(String.init)).map { base + $0 + suffix }.first {
      !taken.contains($0)
    } ?? base + suffix
  }

  static let feature = unusedName("Itinerary", suffix: "Feature")
  static let interface = unusedName("Loyalty", suffix: "Interface")
  /// A feature module that exists, to compare READMEs with and to be refused as a new name.
  static let existingFeature = modules.first { $0.layer == "Features" }?.name ?? "SearchFeature"

  /// A feature module the command line gives commands of its own (`<Feature>Commands.swift` in the
  /// App layer), for the tests that remove one and expect its commands to go: a scaffolded feature
  /// has none, so "the first feature" is not enough once a fork has added one.
  static let featureWithCommands: String = {
    let app = repositoryRoot.appendingPathComponent("Sources/App")
    let files = FileManager.default.enumerator(atPath: app.path)?.allObjects as? [String] ?? []
    return modules.first { module in
      module.layer == "Features" && files.contains { $0.hasSuffix("/\(module.name)Commands.swift") }
    }?.name ?? existingFeature
  }()

  /// Runs a tool of the repository (`Scripts/<name>` in `copy`) with `bash`, handing it the
  /// linter compiled once for the test run as `CHECK_ARCHITECTURE` and the scaffolding tool built
  /// once as `SCAFFOLD` (unless `environment` names others), so no run of a tool compiles either
  /// again.
  static func tool(
    _ name: String, _ arguments: [String], in copy: URL, environment: [String: String]? = nil
  ) async throws -> Subprocess.Outcome {
    var environment = environment ?? ProcessInfo.processInfo.environment
    if environment["CHECK_ARCHITECTURE"] == nil {
      environment["CHECK_ARCHITECTURE"] = try await Linter.shared.executable().path
    }
    if environment["SCAFFOLD"] == nil {
      environment["SCAFFOLD"] = try await ScaffoldTool.shared.executable().path
    }
    return try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/\(name)").path] + arguments,
      environment: environment, in: copy)
  }

  @Test func aScaffoldedFeaturePassesTheLinterKeepsTheGraphsCurrentAndBuilds() async throws {
    let repository = try await Self.copyOfRepository()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let added = try await Self.tool(
      "new-module.sh",
      ["Features", Self.feature, "Planning a trip day by day.", "--no-check"], in: copy)
    #expect(added.status == 0, "\(added.error)")
    for path in [
      "Sources/Features/\(Self.feature)/\(Self.feature).swift",
      "Sources/Features/\(Self.feature)/README.md",
      "Tests/\(Self.feature)Tests/\(Self.feature)Tests.swift",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: copy.appendingPathComponent(path).path), "\(path)")
    }
    let interface = try await Self.tool(
      "new-module.sh", ["Interfaces", Self.interface, "Earning points.", "--no-check"], in: copy)
    #expect(interface.status == 0, "\(interface.error)")
    let manifest = try String(
      contentsOf: copy.appendingPathComponent("Package.swift"), encoding: .utf8)
    // Each module is a case of its layer's enum, named like its neighbours (the layer's suffix
    // dropped), and its entry names it by that case.
    let caseName = Self.interface.dropLast("Interface".count).lowercased()
    #expect(manifest.contains("case \(caseName) = \"\(Self.interface)\""))
    let featureCase = Self.feature.dropLast("Feature".count).lowercased()
    #expect(manifest.contains("case \(featureCase) = \"\(Self.feature)\""))
    #expect(manifest.contains("feature(.\(featureCase), uses: [.kernel(.sharedKernel)])"))

    // The owners' lines land in their layer's section, before the next one.
    let owners = try String(contentsOf: copy.appendingPathComponent("CODEOWNERS"), encoding: .utf8)
    let feature = try #require(owners.range(of: "/Sources/Features/\(Self.feature)/"))
    let appSection = try #require(owners.range(of: "# App"))
    #expect(feature.lowerBound < appSection.lowerBound)
    let loyalty = try #require(owners.range(of: "/Tests/\(Self.interface)Tests/"))
    let infrastructureSection = try #require(owners.range(of: "# Infrastructure"))
    #expect(loyalty.lowerBound < infrastructureSection.lowerBound)

    // The scaffolded README reads like the others: the same layer line as its neighbours'.
    let readme = try String(
      contentsOf: copy.appendingPathComponent("Sources/Features/\(Self.feature)/README.md"),
      encoding: .utf8)
    let neighbour = try String(
      contentsOf: copy.appendingPathComponent("Sources/Features/\(Self.existingFeature)/README.md"),
      encoding: .utf8)
    let layerLine = { (text: String) in
      text.split(separator: "\n").first { $0.hasPrefix("- Layer:") }
    }
    #expect(layerLine(readme) != nil && layerLine(readme) == layerLine(neighbour))

    let described = try await Subprocess.run(
      "swift", ["package", "--package-path", copy.path, "describe", "--type", "json"])
    let description = Data(described.output.utf8)
    #expect(try await Linter.run(description: description).status == 0)
    #expect(try await Linter.run(["--check-module-readmes"], description: description).status == 0)
    let documents = ["README.md", "docs/Voyage.docc/ModuleGraph.md"].flatMap {
      ["--check-graph", copy.appendingPathComponent($0).path]
    }
    #expect(try await Linter.run(documents, description: description).status == 0)

    let build = try await Subprocess.run(
      "nice",
      [
        "-n", "19", "swift", "build", "--package-path", copy.path, "--scratch-path",
        copy.appendingPathComponent(".build").path,
        "--target", Self.feature, "--target", Self.interface,
      ])
    #expect(build.status == 0, "\(build.output.suffix(2_000))")
  }

  @Test(arguments: [
    (["Widgets", "Foo"], "unknown layer 'Widgets'"),
    (
      ["App", "Foo"],
      "the App layer holds the composition root, the command line and the executable"
    ),
    (["Features", existingFeature], "a module named '\(existingFeature)' already exists"),
    (["Features", "9lives"], "is not a module name"),
    (["Features", "search-feature"], "is not a module name"),
  ])
  func aBadRequestIsRefusedWithAClearErrorAndChangesNothing(arguments: [String], message: String)
    async throws
  {
    let repository = try await Self.copyOfRepository()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      let enumerator = FileManager.default.enumerator(atPath: copy.path)
      while let path = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        let full = copy.appendingPathComponent(path).path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue
        {
          files[path] = FileManager.default.contents(atPath: full)
        }
      }
      return files
    }
    let before = try snapshot()
    let outcome = try await Self.tool("new-module.sh", arguments + ["--no-check"], in: copy)
    #expect(outcome.status == 64)
    #expect(
      outcome.error.hasPrefix("Error: ") && outcome.error.contains(message), "\(outcome.error)")
    #expect(try snapshot() == before)
  }
}
