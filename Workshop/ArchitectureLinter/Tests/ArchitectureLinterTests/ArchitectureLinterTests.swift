import ArchitectureLinter
import Foundation
import Testing

@Suite("Architecture linter on fixture packages", .serialized)
struct ArchitectureLinterTests {
  static let fixtures: [String] = {
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
      var isFolder: ObjCBool = false
      return !name.hasPrefix(".")
        && FileManager.default.fileExists(
          atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }.sorted()
  }()

  @Test func everyRuleHasAFixtureThatMakesItFireAndACleanOneThatDoesNot() throws {
    var fired: Set<String> = []
    for name in Self.fixtures {
      let expected = try String(
        contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/\(name)/expected.txt"),
        encoding: .utf8)
      for match in expected.matches(of: /error: \[([a-z-]+)\]/) { fired.insert(String(match.1)) }
    }
    #expect(
      fired == [
        "layer-dependency", "outside-layer", "third-party-product", "undeclared-import",
        "feature-network", "direct-output", "ui-framework", "receipt-minting", "raw-escape-code",
        "testable-import",
        "view-model-final", "public-implementation", "missing-owner", "stale-baseline",
        "test-support", "suppression", "unused-dependency", "folder-dependency",
        "undeclared-executable",
      ])
    #expect(Self.fixtures.contains("Clean") && Self.fixtures.contains("CommentedAndQuotedTwins"))
    // The App layer's roles: a clean fixture and its negative twin.
    #expect(Self.fixtures.contains("AppRoles") && Self.fixtures.contains("FrontUsesImplementation"))
    // Manifest locations, when a product and its target share a name.
    #expect(Self.fixtures.contains("ProductNamedLikeItsTarget"))
  }

  /// The rules `--help` lists, from its "Rules:" paragraph.
  static func ruleIDsInTheHelp() async throws -> [String] {
    let help = try await Linter.run(["--help"])
    let start = try #require(help.output.range(of: "Rules:"))
    let end = try #require(help.output.range(of: "Exit status:"))
    return help.output[start.upperBound..<end.lowerBound].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// A copy of a fixture in a temporary folder, to break on purpose.
  static func copy(ofFixture name: String) throws -> URL {
    let copy = try makeTemporaryFolder("fixture").appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("Tests/Fixtures/\(name)"), to: copy)
    return copy
  }

  @Test func aSourceFileThatIsNotUTF8IsBadInputNotAPass() async throws {
    let package = try Self.copy(ofFixture: "UndeclaredSiblingImport")
    let file = package.appendingPathComponent("Sources/Features/CheckoutFeature/Extra.swift")
    var bytes = try Data(contentsOf: file)
    // After a long run of ASCII, which the scanner checks eight bytes at a time.
    let offset = bytes.count + 6
    bytes.append(contentsOf: Array("// caf".utf8) + [0xE9] + Array("\n".utf8))
    try bytes.write(to: file)
    let outcome = try await Linter.run(
      Linter.arguments(forFixture: "UndeclaredSiblingImport"),
      description: try await Linter.describe(package: package))
    #expect(outcome.status == 2)
    #expect(
      outcome.error.contains(
        "Sources/Features/CheckoutFeature/Extra.swift' is not UTF-8 (byte \(offset))"),
      "\(outcome.error)")
    #expect(!outcome.output.contains("clean"))
  }

  @Test func aTargetFolderThatDoesNotExistIsBadInputNotAPass() async throws {
    let description = try await Linter.describe(fixture: "Clean")
    let broken = String(decoding: description, as: UTF8.self).replacingOccurrences(
      of: "\"Sources/Features/SearchFeature\"", with: "\"Sources/Features/Gone\"")
    let outcome = try await Linter.run(
      Linter.arguments(forFixture: "Clean"), description: Data(broken.utf8))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("'Sources/Features/Gone' does not exist"))
    #expect(outcome.output.isEmpty)
  }

  @Test func withoutAConfigurationOnlyTheRulesThatNeedNoLayersRun() async throws {
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let outcome = try await Linter.run(["--no-config"], description: description)
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("7 targets clean"))
  }

  @Test func houseRulesNeedAConfiguration() async throws {
    let description = try await Linter.describe(fixture: "ViewModelNotFinal")
    let outcome = try await Linter.run(["--no-config"], description: description)
    #expect(outcome.status == 0, "\(outcome.output)")
  }

  /// A remote binary target has no folder and a snippet may use every library of its package:
  /// neither is bad input nor a finding, and a package of one target says so in the singular.
  @Test func binaryTargetsAndSnippetsAreSkippedAndOneTargetIsSingular() async throws {
    let description = try await Linter.describe(fixture: "Clean")
    var graph = try #require(
      try JSONSerialization.jsonObject(with: description) as? [String: Any])
    let targets = try #require(graph["targets"] as? [[String: Any]])
    graph["targets"] =
      targets.filter { $0["name"] as? String == "SharedKernel" } + [
        ["name": "RemoteKit", "c99name": "RemoteKit", "type": "binary", "path": "remote/archive"],
        [
          "name": "Walkthrough", "c99name": "Walkthrough", "type": "snippet", "path": "Snippets",
          "sources": ["Walkthrough.swift"],
        ],
      ]
    let outcome = try await Linter.run(
      ["--no-config"], description: try JSONSerialization.data(withJSONObject: graph))
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("architecture: 1 target clean"))
  }

  @Test func aLayerMayBeAllowedSomeProductsOnly() async throws {
    let description = try await Linter.describe(fixture: "ThirdPartyProductInFeature")
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    func configuration(allowing product: String) throws -> String {
      let shared = try String(
        contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json"),
        encoding: .utf8)
      let file = folder.appendingPathComponent("\(product).json")
      try Data(
        shared.replacingOccurrences(
          of: #""mayUse": ["Kernel", "Interfaces"] },"#,
          with: #""mayUse": ["Kernel", "Interfaces"], "mayUseProducts": ["\#(product)"] },"#
        ).utf8
      ).write(to: file)
      return file.path
    }
    let allowed = try await Linter.run(
      ["--config", try configuration(allowing: "Vendor")], description: description)
    #expect(allowed.status == 0, "\(allowed.output)")
    let misspelt = try await Linter.run(
      ["--config", try configuration(allowing: "Vendr")], description: description)
    #expect(misspelt.status == 2)
    #expect(misspelt.error.contains("'Vendr' is neither a product nor a package"))
  }

  @Test func explainAddsWhatThisPackagesConfigurationSays() async throws {
    let outcome = try await Linter.run(
      ["--explain", "layer-dependency"],
      in: packageRoot.appendingPathComponent("Tests/Fixtures/AppRoles"))
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("In this package (architecture.json):"))
    #expect(outcome.output.contains("  App (Front): the command line drives the features"))
  }

  @Test func onlyAndSkipSelectRules() async throws {
    let description = try await Linter.describe(fixture: "UndeclaredSiblingImport")
    let voyage = Linter.arguments(forFixture: "UndeclaredSiblingImport")
    let skipped = try await Linter.run(
      voyage + ["--skip", "undeclared-import"], description: description)
    #expect(skipped.status == 0)
    let only = try await Linter.run(
      voyage + ["--only", "undeclared-import,missing-owner"], description: description)
    #expect(only.status == 1)
    #expect(only.output.contains("[undeclared-import]"))
    let needsLayers = try await Linter.run(
      ["--no-config", "--only", "layer-dependency"], description: description)
    #expect(needsLayers.status == 2)
    #expect(needsLayers.error.contains("needs layers or options"))
  }

  /// Each way a configuration can say less than its author meant, with the place it names.
  @Test(arguments: [
    (#"{"rule": {}}"#, "architecture.json': rule: unknown key; did you mean 'rules'?"),
    (
      #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayuse": []}]}"#,
      "layers[0] (A).mayuse: unknown key; did you mean 'mayUse'?"
    ),
    (#"{"layers": "Kernel"}"#, "layers: expected an array of objects, found a string"),
    (
      #"{"layers": [{"name": "A", "paths": "Sources/*/*"}]}"#,
      "layers[0] (A).paths: expected an array of strings, found a string"
    ),
    (
      #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayUse": ["B"]}]}"#,
      "layers[0] (A).mayUse: 'B' is not a layer or a role"
    ),
    (#"{"layers": [{"name": "A"}]}"#, "has neither paths, names nor folders"),
    (
      #"{"layers": [{"name": "A", "paths": ["Sources/*/*"]}, {"name": "B", "paths": ["Source/*"]}], "rules": {"outside-layer": {}}}"#,
      "layers[1] (B): the layer matches no target of the package (Source/*)"
    ),
    (
      #"{"layers": [{"name": "K", "paths": ["Sources/Kernel/*"], "mayUse": ["F"]}, {"name": "F", "paths": ["Sources/*/*"], "mayUse": ["K"]}]}"#,
      "layers: mayUse has a cycle, K → F → K"
    ),
    (#"{"rules": {"no-such-rule": {}}}"#, "rules.no-such-rule: unknown rule"),
    (#"{"rules": {"layer-dependencies": {}}}"#, "did you mean 'layer-dependency'?"),
    (#"{"rules": {"feature-network": {}}}"#, "rules.feature-network: 'layers' is required"),
    (
      #"{"rules": {"raw-escape-code": {"allowedTargets": ["DesignSistem"]}}}"#,
      "rules.raw-escape-code.allowedTargets: 'DesignSistem' is not a target of the package; did you mean 'DesignSystem'?"
    ),
    (#"{"rules": {"view-model-final": {"sufix": "Model"}}}"#, "did you mean 'suffix'?"),
    (
      #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "testSupport": "yes"}]}"#,
      "expected true or false"
    ),
  ])
  func aConfigurationTheLinterDoesNotFullyUnderstandIsBadInput(
    configuration: String, message: String
  ) async throws {
    let folder = try makeTemporaryFolder("configuration")
    let file = folder.appendingPathComponent("architecture.json")
    try Data(configuration.utf8).write(to: file)
    let outcome = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: "Clean"))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(message), "\(outcome.error)")
    #expect(outcome.output.isEmpty)
  }

  @Test func theCommittedSchemaIsTheOneTheLinterReadsWith() async throws {
    let printed = try await Linter.run(["--print-schema"])
    let committed = try String(
      contentsOf: packageRoot.appendingPathComponent("architecture.schema.json"),
      encoding: .utf8)
    #expect(
      printed.output == committed,
      "regenerate: swift Scripts/check-architecture.swift --print-schema > architecture.schema.json"
    )
    let voyage = try String(
      contentsOf: packageRoot.appendingPathComponent("architecture.json"), encoding: .utf8)
    #expect(voyage.contains(#""$schema": "./architecture.schema.json""#))
  }

  /// Every key the schema allows is one the linter accepts, and no other: a configuration that
  /// uses each key of the schema once is read, the same with one key misspelt is refused.
  @Test func everyKeyOfTheSchemaIsAcceptedAndOnlyThose() async throws {
    let schemaData = try Data(
      contentsOf: packageRoot.appendingPathComponent("architecture.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: schemaData) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    let layer = try #require(
      ((properties["layers"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
        as? [String: Any])
    let role = try #require(
      (((layer["roles"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
        as? [String: Any]))
    let reads = try #require(
      ((properties["reads"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
        as? [String: Any])
    #expect(Set(properties.keys) == ["$schema", "about", "layers", "rules", "defines", "reads"])
    #expect(Set(reads.keys) == ["targets", "files", "because"])
    #expect(
      Set(layer.keys) == [
        "name", "paths", "names", "folders", "mayUse", "mayUseProducts", "testSupport", "optional",
        "roles", "because",
      ])
    #expect(Set(role.keys) == ["name", "paths", "names", "mayUse", "because"])
    let rules = try #require(
      (properties["rules"] as? [String: Any])?["properties"] as? [String: Any])
    let ids = try await Self.ruleIDsInTheHelp()
    #expect(Set(rules.keys) == Set(ids).subtracting(["stale-baseline"]))
  }

  /// A fixture's `expected.txt` is the linter's output and exit status, or, for a package SwiftPM
  /// itself refuses (`TargetCycle`), SwiftPM's error and exit status: the rule is then SwiftPM's,
  /// and the golden file shows what breaking it looks like.
  @Test(arguments: fixtures)
  func aFixtureProducesExactlyItsGoldenDiagnosticsAndExitStatus(fixture: String) async throws {
    let expected = try String(
      contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)/expected.txt"),
      encoding: .utf8)
    let described = try await Linter.describeOutcome(
      package: packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)"))
    guard described.status == 0 else {
      let refusal = described.error.split(separator: "\n").filter { $0.contains("error: ") }
        .map { "swift package describe: \($0)\n" }.joined()
      #expect(refusal + "exit: \(described.status)\n" == expected)
      return
    }
    let outcome = try await Linter.run(
      Linter.arguments(forFixture: fixture), description: Data(described.output.utf8))
    #expect(outcome.output + "exit: \(outcome.status)\n" == expected)
    #expect(outcome.error.isEmpty)
  }

  @Test func aSuppressionInPackageSwiftAcceptsAManifestFindingOnItsLineOrTheNext() async throws {
    let package = try Self.copy(ofFixture: "FeatureDependsOnFeature")
    let manifest = package.appendingPathComponent("Package.swift")
    var lines = try String(contentsOf: manifest, encoding: .utf8).components(separatedBy: "\n")
    // Above SearchFeature's declaration (line 13), and a reasonless one above line 11.
    lines.insert(
      "    // architecture:allow layer-dependency — search shows the basket until it moves out",
      at: 12)
    lines.insert("    // architecture:allow outside-layer", at: 10)
    try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
    let config = packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    let outcome = try await Linter.run(
      ["--config", config], description: try await Linter.describe(package: package),
      in: package)
    #expect(outcome.status == 1)
    // The manifest's finding is accepted; the file that imports across the edge is not.
    #expect(!outcome.output.contains("Package.swift:14:87: error: [layer-dependency]"))
    #expect(
      outcome.output.contains(
        "Sources/Features/SearchFeature/SearchFeature.swift:2:1: error: [layer-dependency]"))
    #expect(
      outcome.output.contains(
        "Package.swift:11:5: error: [suppression] the suppression of outside-layer gives no reason"),
      "\(outcome.output)")
  }

  @Test func everyRuleExplainsWhyItExistsAndHowToFixAViolation() async throws {
    let ids = try await Self.ruleIDsInTheHelp()
    #expect(ids.count == 19)
    for id in ids {
      let explanation = try await Linter.run(["--explain", id])
      #expect(explanation.status == 0)
      #expect(explanation.output.hasPrefix("[\(id)]"))
      #expect(explanation.output.contains("Fix:"), "\(id) does not say how to fix it")
    }
  }

  @Test(arguments: [
    (["--explain", "no-such-rule"], "unknown rule"),
    (["--format", "xml"], "--format must be text, json, sarif or github"),
    (["--report-only", "--update-baseline"], "exclude each other: a report writes nothing"),
    (["--frobnicate"], "unknown option"),
    (["/no/such/description.json"], "cannot read"),
  ])
  func misuseExitsTwoWithOneLineOnStandardError(arguments: [String], message: String) async throws {
    let outcome = try await Linter.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(message))
    #expect(outcome.error.split(separator: "\n").count == 1)
    #expect(outcome.output.isEmpty)
  }

  @Test func inputThatIsNotAPackageDescriptionExitsTwo() async throws {
    let outcome = try await Linter.run(description: Data("{ not json".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.error.hasPrefix("error: the input is not a package description"))
  }

  @Test func theMermaidGraphHasALayerPerSubgraphRedViolationsAndDashedBaselinedEdges() async throws
  {
    let description = try await Linter.describe(fixture: "BaselineNewAndStale")
    let outcome = try await Linter.run(
      ["--mermaid"] + Linter.arguments(forFixture: "BaselineNewAndStale"), description: description)
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("flowchart TD"))
    for layer in ["Kernel", "Interfaces", "Infrastructure", "Features"] {
      #expect(outcome.output.contains("subgraph \(layer)"))
    }
    #expect(outcome.output.contains("SearchFeature -.-> CheckoutFeature"))
    #expect(outcome.output.contains("linkStyle"))
    #expect(outcome.output.contains("stroke:red"))
  }
}
