import ArchitectureLinter
import Foundation
import Testing

/// The library's door, without a command line: a package description and a configuration in,
/// findings and the package's architecture out, as values.
@Suite("The linter as a library")
struct ArchitectureCheckTests {
  /// Two layers, Kernel below Features, and the rules that read them.
  static let configuration = """
    {
      "layers": [
        { "name": "Kernel", "paths": ["Sources/Kernel/*"], "mayUse": [] },
        { "name": "Features", "paths": ["Sources/Features/*"], "mayUse": ["Kernel"] }
      ],
      "rules": { "layer-dependency": {}, "undeclared-import": {}, "testable-import": {} }
    }
    """

  /// A package in a new folder with `files` (path from the root: contents) and the targets
  /// `describe` would list for them.
  func package(_ files: [String: String], targets: [PackageDescription.Target]) throws
    -> PackageDescription
  {
    let root = try makeTemporaryFolder("library")
    for (path, contents) in files {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file)
    }
    return PackageDescription(name: "Trips", path: root.path, targets: targets)
  }

  /// `configuration` written beside `package` and read as a file is.
  func configuration(of package: PackageDescription, _ text: String = configuration) throws
    -> Configuration
  {
    let path = package.path + "/architecture.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try Configuration(contentsOfFile: path)
  }

  let kernel = PackageDescription.Target(
    name: "Money", type: "library", path: "Sources/Kernel/Money", sources: ["Money.swift"])

  @Test func aFileThatImportsAModuleItsTargetDoesNotDeclareIsAnUndeclaredImportFinding()
    async throws
  {
    let package = try package(
      [
        "Sources/Kernel/Money/Money.swift": "public struct Money {}\n",
        "Sources/Features/Search/Search.swift": "import Foundation\nimport Money\n",
      ],
      targets: [
        kernel,
        .init(
          name: "Search", type: "library", path: "Sources/Features/Search",
          sources: ["Search.swift"]),
      ])

    let findings = try await ArchitectureCheck(package: package).findings()

    #expect(findings.map(\.rule.id) == ["undeclared-import"])
    let finding = try #require(findings.first)
    #expect(finding.target == "Search")
    #expect(finding.file == "Sources/Features/Search/Search.swift")
    #expect((finding.line, finding.column) == (2, 1))
    #expect(finding.message.contains("Money"))
    #expect(
      finding.description.hasPrefix(
        "Sources/Features/Search/Search.swift:2:1: error: [undeclared-import] "))
  }

  @Test func aKernelTargetThatDependsOnAFeatureIsALayerDependencyFindingOfTheKernelTarget()
    async throws
  {
    let package = try package(
      [
        "Sources/Kernel/Money/Money.swift": "import Search\n",
        "Sources/Features/Search/Search.swift": "import Money\n",
      ],
      targets: [
        .init(
          name: "Money", type: "library", path: "Sources/Kernel/Money", sources: ["Money.swift"],
          targetDependencies: ["Search"]),
        .init(
          name: "Search", type: "library", path: "Sources/Features/Search",
          sources: ["Search.swift"], targetDependencies: ["Money"]),
      ])

    let check = ArchitectureCheck(
      package: package, configuration: try configuration(of: package))
    let findings = try await check.findings()

    let layerFindings = findings.filter { $0.rule.id == "layer-dependency" }
    #expect(!layerFindings.isEmpty)
    #expect(layerFindings.allSatisfy { $0.target == "Money" })
    #expect(layerFindings.contains { $0.file == "Sources/Kernel/Money/Money.swift" })
    #expect(check.moduleGraph(marking: findings).contains("stroke:red"))
    #expect(!check.moduleGraph().contains("stroke:red"))
  }

  @Test func aPackageThatKeepsItsLayersHasNoFindings() async throws {
    let package = try package(
      [
        "Sources/Kernel/Money/Money.swift": "public struct Money {}\n",
        "Sources/Features/Search/Search.swift": "import Money\n",
      ],
      targets: [
        kernel,
        .init(
          name: "Search", type: "library", path: "Sources/Features/Search",
          sources: ["Search.swift"], targetDependencies: ["Money"]),
      ])

    let findings = try await ArchitectureCheck(
      package: package, configuration: try configuration(of: package)
    ).findings()

    #expect(findings.isEmpty)
  }

  @Test func eachTargetComesWithItsLayerWhatTheLayerMayUseAndItsDependencies() throws {
    let package = try package(
      [:],
      targets: [
        .init(
          name: "Search", type: "library", path: "Sources/Features/Search",
          targetDependencies: ["Money"]),
        kernel,
        .init(name: "SearchTests", type: "test", path: "Tests/SearchTests"),
      ])

    let targets = ArchitectureCheck(
      package: package, configuration: try configuration(of: package)
    ).targets

    #expect(targets.map(\.name) == ["Money", "Search", "SearchTests"])
    #expect(targets.map(\.layer) == ["Kernel", "Features", nil])
    #expect(targets[1].mayUse == ["Kernel"])
    #expect(targets[1].dependencies == ["Money"])
    #expect(targets[2].kind == "test")
  }

  @Test func aTargetFolderThatDoesNotExistIsBadInputNotAnEmptyListOfFindings() async throws {
    let package = try package([:], targets: [kernel])

    await #expect {
      _ = try await ArchitectureCheck(package: package).findings()
    } throws: { error in
      (error as? BadInput)?.message
        == "target 'Money': 'Sources/Kernel/Money' does not exist: nothing was checked"
    }
  }

  @Test func aConfigurationWithARuleTheLinterDoesNotKnowIsBadInput() throws {
    let package = try package([:], targets: [kernel])

    #expect(throws: BadInput.self) {
      _ = try configuration(of: package, #"{ "layers": [], "rules": { "no-such-rule": {} } }"#)
    }
  }

  @Test func aDocumentThatIsNoPackageDescriptionIsBadInput() {
    #expect {
      _ = try PackageDescription(json: Data("[]".utf8))
    } throws: { error in
      (error as? BadInput)?.message
        == "the input is not a package description from `swift package describe --type json`"
    }
  }

  @Test func aFilesImportsAreReadAsTheCompilerReadsThemNotFromCommentsOrStrings() throws {
    let package = try package(
      [
        "Sources/App.swift": """
        // import Commented
        import Foundation
        let text = "import Quoted"
        #if DEBUG
        @testable import Money
        #endif

        """
      ], targets: [])

    let imports = try SourceImports.of(file: "Sources/App.swift", in: package.path)

    #expect(imports.map(\.module) == ["Foundation", "Money"])
    #expect(imports.map(\.isConditional) == [false, true])
    #expect(imports.map(\.isTestable) == [false, true])
    #expect((imports[1].line, imports[1].column) == (5, 11))
  }

  @Test func aFileThatCannotBeReadIsBadInputThatNamesItAsGiven() {
    #expect {
      _ = try SourceImports.of(file: "Missing.swift", in: "/nonexistent")
    } throws: { error in
      (error as? BadInput)?.message == "'Missing.swift' cannot be read"
    }
  }

  @Test func aFilesDeclarationsAndCallArgumentsAreReadByTokensNotFromCommentsOrStrings() throws {
    let package = try package(
      [
        "Sources/Commands.swift": """
        // struct Commented {}
        struct SearchCommands {
          let help = "enum Quoted"
          func commands() -> [CommandSpec] { [CommandSpec("search", summary: "find trips")] }
        }
        enum Route { case search }

        """
      ], targets: [])

    let declarations = try SourceDeclarations(file: "Sources/Commands.swift", in: package.path)

    #expect(declarations.types == ["SearchCommands", "Route"])
    #expect(Set(declarations.names) == ["SearchCommands", "help", "commands", "Route", "search"])
    #expect(declarations.stringArguments(ofCallsTo: "CommandSpec") == ["search"])
  }

  @Test func everyRuleAFindingCanNameExplainsItself() {
    #expect(Rule.all.count == Set(Rule.all.map(\.id)).count)
    #expect(Rule.all.allSatisfy { !$0.summary.isEmpty && !$0.rationale.isEmpty })
    #expect(Rule.all.contains { $0.id == "stale-baseline" })
  }
}
