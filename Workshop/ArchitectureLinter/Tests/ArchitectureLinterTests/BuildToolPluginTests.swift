import ArchitectureLinter
import Foundation
import Testing

/// The linter as a step of the build (`CheckArchitectureBuildTool`), applied to every target of a
/// small package that depends on the linter's package by path, on each of SwiftPM's build
/// engines: a clean package builds; an import its target does not declare fails a plain
/// `swift build` (no flag), an incremental one included, with the linter's finding at the file
/// and line; and the step runs again only when what it reads changes.
@Suite("The check-architecture build-tool plugin")
struct BuildToolPluginTests {
  /// SwiftPM's build engines: the native one, and Swift Build (the default from Swift 6.4),
  /// which ignores SwiftPM's own `--explicit-target-dependency-import-check`.
  enum Engine: String, CaseIterable, CustomTestStringConvertible {
    case native
    case swiftbuild
    var testDescription: String { rawValue }
  }

  static let high = "Sources/High/High.swift"

  /// Three targets, each applying the plugin: `High` declares `Low` and may use the `Core`
  /// layer, which holds `Low` and `Other`.
  static func makeConsumer() throws -> URL {
    let folder = try makeTemporaryFolder("build-tool-consumer")
    let files = [
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription

      let checked: [Target.PluginUsage] = [
        .plugin(name: "CheckArchitectureBuildTool", package: "ArchitectureLinter")
      ]

      let package = Package(
        name: "Consumer",
        dependencies: [.package(path: "\(packageRoot.path)")],
        targets: [
          .target(name: "Low", plugins: checked),
          .target(name: "Other", plugins: checked),
          .target(name: "High", dependencies: ["Low"], plugins: checked),
        ]
      )

      """,
      "Sources/Low/Low.swift": "public let low = 1\n",
      "Sources/Other/Other.swift": "public let other = 2\n",
      high: "import Low\n\npublic let high = low\n",
      "architecture.json": """
      {
        "layers": [
          { "name": "Core", "names": ["Low", "Other"], "mayUse": [] },
          { "name": "Top", "names": ["High"], "mayUse": ["Core"] }
        ],
        "rules": {
          "layer-dependency": {}, "undeclared-import": {}, "unused-dependency": {},
          "third-party-product": {}
        }
      }

      """,
    ]
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return folder
  }

  /// A plain `swift build` of `consumer` on `engine`, with a scratch folder of its own.
  static func build(_ consumer: URL, on engine: Engine) async throws -> Subprocess.Outcome {
    try await Subprocess.run(
      "nice",
      [
        "-n", "19", "swift", "build", "--build-system", engine.rawValue, "--scratch-path",
        consumer.appendingPathComponent(".build").path,
      ], in: consumer)
  }

  @Test(arguments: Engine.allCases)
  func anUndeclaredImportFailsAPlainIncrementalBuildWithTheLintersFinding(engine: Engine)
    async throws
  {
    let consumer = try Self.makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    let clean = try await Self.build(consumer, on: engine)
    #expect(clean.status == 0, "\(clean.output)\(clean.error)")
    #expect(!(clean.output + clean.error).contains("[undeclared-import]"))

    // Every module is built now, so the compiler alone would accept the import.
    let file = consumer.appendingPathComponent(Self.high)
    try Data("import Low\nimport Other\n\npublic let high = low + other\n".utf8).write(to: file)
    let broken = try await Self.build(consumer, on: engine)
    #expect(broken.status != 0)
    #expect(
      (broken.output + broken.error).contains(
        "\(file.path):2:1: error: [undeclared-import] 'High' imports 'Other' without declaring it in Package.swift"
      ), "\(broken.output)\(broken.error)")

    try Data("import Low\n\npublic let high = low\n".utf8).write(to: file)
    let mended = try await Self.build(consumer, on: engine)
    #expect(mended.status == 0, "\(mended.output)\(mended.error)")
  }

  /// `describe` lists the plugin a target applies among its product dependencies; the linter
  /// knows it for a plugin, to apply and not to import, so it is no unused dependency and no
  /// outside product in a layer that may use none.
  @Test func thePluginATargetAppliesIsNoDependencyToImport() async throws {
    let consumer = try Self.makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    let description = try await Linter.describe(package: consumer)
    #expect(String(decoding: description, as: UTF8.self).contains("CheckArchitectureBuildTool"))
    let outcome = try await Linter.run(
      ["--only", "unused-dependency,third-party-product,layer-dependency"],
      description: description, in: consumer)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
  }

  /// Without the plugin, SwiftPM's own check is the build's only rung: the native engine refuses
  /// the import when asked (`--explicit-target-dependency-import-check error`); Swift Build
  /// takes the same flag and builds.
  @Test(arguments: Engine.allCases)
  func withoutThePluginOnlyTheNativeEngineRefusesAnUndeclaredImport(engine: Engine)
    async throws
  {
    let consumer = try Self.makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    let manifest = consumer.appendingPathComponent("Package.swift")
    let unchecked = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
      of: ", plugins: checked", with: "")
    try Data(unchecked.utf8).write(to: manifest)
    try Data("import Low\nimport Other\n\npublic let high = low + other\n".utf8).write(
      to: consumer.appendingPathComponent(Self.high))
    let built = try await Subprocess.run(
      "nice",
      [
        "-n", "19", "swift", "build", "--build-system", engine.rawValue, "--scratch-path",
        consumer.appendingPathComponent(".build").path,
        "--explicit-target-dependency-import-check", "error",
      ], in: consumer)
    let printed = built.output + built.error
    switch engine {
    case .native:
      #expect(built.status != 0)
      #expect(
        printed.contains(
          "error: Target High imports another target (Other) in the package without declaring it a dependency."
        ), "\(printed)")
    case .swiftbuild:
      #expect(built.status == 0, "\(printed)")
      #expect(!printed.contains("imports another target"), "\(printed)")
    }
  }

  /// The step's inputs are the target's files, its description and the configuration: a build
  /// with nothing changed runs no check, and a changed file runs its own target's check only.
  /// (The native engine links the plugin's tool once more on the build after a clean one, and
  /// so checks every target again then; the builds after that are the ones measured here.)
  @Test func theStepRunsAgainOnlyForTheTargetWhoseFilesChanged() async throws {
    let consumer = try Self.makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    let first = try await Self.build(consumer, on: .native)
    #expect(first.status == 0, "\(first.output)\(first.error)")
    #expect(first.output.contains("Checking the architecture of Low"))
    _ = try await Self.build(consumer, on: .native)
    let again = try await Self.build(consumer, on: .native)
    #expect(again.status == 0)
    #expect(!again.output.contains("Checking the architecture"), "\(again.output)")
    try Data("import Low\n\npublic let high = low + 1\n".utf8).write(
      to: consumer.appendingPathComponent(Self.high))
    let changed = try await Self.build(consumer, on: .native)
    #expect(changed.status == 0)
    #expect(changed.output.contains("Checking the architecture of High"), "\(changed.output)")
    #expect(!changed.output.contains("Checking the architecture of Low"), "\(changed.output)")
  }
}

/// `--target NAME --stamp FILE`, the command the build-tool plugin runs, in-process: one target's
/// findings only, with absolute paths as a compiler prints them, and the step's output written
/// only when nothing fails.
@Suite("One target, as a build step")
struct OneTargetRunTests {
  static let fixture = "UndeclaredSiblingImport"
  static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)")

  static func run(_ target: String, stamp: URL) async throws -> Outcome {
    try await Linter.run(
      Linter.arguments(forFixture: fixture) + ["--target", target, "--stamp", stamp.path],
      description: try await Linter.describe(fixture: fixture))
  }

  @Test func aTargetWithAFindingFailsWithItAndWritesNoStamp() async throws {
    let folder = try makeTemporaryFolder("stamp")
    defer { try? FileManager.default.removeItem(at: folder) }
    let stamp = folder.appendingPathComponent("Checked.swift")
    let outcome = try await Self.run("CheckoutFeature", stamp: stamp)
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.error.hasPrefix(
        "\(Self.folder.path)/Sources/Features/CheckoutFeature/Extra.swift:1:1: error: [undeclared-import] 'CheckoutFeature' imports 'SearchFeature'"
      ), "\(outcome.error)")
    #expect(!FileManager.default.fileExists(atPath: stamp.path))
  }

  @Test func anotherTargetOfTheSamePackageIsCleanAndWritesItsStamp() async throws {
    let folder = try makeTemporaryFolder("stamp")
    defer { try? FileManager.default.removeItem(at: folder) }
    let stamp = folder.appendingPathComponent("Checked.swift")
    let outcome = try await Self.run("SearchFeature", stamp: stamp)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.isEmpty && outcome.error.isEmpty)
    #expect(try String(contentsOf: stamp, encoding: .utf8).hasPrefix("// "))
  }

  @Test(arguments: [
    (["--target", "Nowhere"], "the package has no target 'Nowhere' for --target"),
    (["--target", "SearchFeature", "--update-baseline"], "drop --target"),
  ])
  func aTargetThatIsNotThereOrAWholePackageWriteIsRefused(arguments: [String], reason: String)
    async throws
  {
    let outcome = try await Linter.run(
      Linter.arguments(forFixture: Self.fixture) + arguments,
      description: try await Linter.describe(fixture: Self.fixture))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(reason), "\(outcome.error)")
  }
}
