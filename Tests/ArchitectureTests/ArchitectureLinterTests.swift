import Foundation
import Testing

@Suite("Architecture linter on fixture packages", .serialized)
struct ArchitectureLinterTests {
  static let fixtures: [String] = {
    let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures")
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
        contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)/expected.txt"),
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
      ])
    #expect(Self.fixtures.contains("Clean") && Self.fixtures.contains("CommentedAndQuotedTwins"))
    // The App layer's roles: a clean fixture and its negative twin.
    #expect(Self.fixtures.contains("AppRoles") && Self.fixtures.contains("FrontUsesImplementation"))
    // Manifest locations, when a product and its target share a name.
    #expect(Self.fixtures.contains("ProductNamedLikeItsTarget"))
  }

  /// A copy of a fixture in a temporary folder, to break on purpose.
  func copy(ofFixture name: String) throws -> URL {
    let copy = try makeTemporaryFolder("fixture").appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)"), to: copy)
    return copy
  }

  @Test func aSourceFileThatIsNotUTF8IsBadInputNotAPass() async throws {
    let package = try copy(ofFixture: "UndeclaredSiblingImport")
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
        contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/architecture.json"),
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
      ["--explain", "layer-dependency"], in: repositoryRoot)
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
      #"{"layers": [{"name": "A", "paths": ["Sources/*/*"]}, {"name": "B", "paths": ["Source/*"]}]}"#,
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

  /// Voyage's own configuration, on Voyage's own graph: the front that names an implementation
  /// is a finding, although the composition root beside it in the App layer may name it.
  @Test func voyagesFrontMayNotDependOnAnImplementationButItsRootMay() async throws {
    let description = try await Linter.describe(package: repositoryRoot)
    var graph = try #require(
      try JSONSerialization.jsonObject(with: description) as? [String: Any])
    var targets = try #require(graph["targets"] as? [[String: Any]])
    let front = try #require(targets.firstIndex { $0["name"] as? String == "CommandLineInterface" })
    let root = try #require(targets.first { $0["name"] as? String == "AppComposition" })
    #expect((root["target_dependencies"] as? [String])?.contains("BookingData") == true)
    targets[front]["target_dependencies"] =
      ((targets[front]["target_dependencies"] as? [String]) ?? []) + ["BookingData"]
    graph["targets"] = targets
    let voyage = ["--config", repositoryRoot.appendingPathComponent("architecture.json").path]
    let clean = try await Linter.run(
      voyage + ["--only", "layer-dependency"], description: description)
    #expect(clean.status == 0, "\(clean.output)")
    let broken = try await Linter.run(
      voyage + ["--only", "layer-dependency"],
      description: try JSONSerialization.data(withJSONObject: graph))
    #expect(broken.status == 1)
    #expect(
      broken.output.contains(
        "[layer-dependency] App (Front) target 'CommandLineInterface' depends on Infrastructure target 'BookingData'; Front may depend on CompositionRoot, Features, Kernel, Interfaces."
      ))
  }

  @Test func theCommittedSchemaIsTheOneTheLinterReadsWith() async throws {
    let printed = try await Linter.run(["--print-schema"])
    let committed = try String(
      contentsOf: repositoryRoot.appendingPathComponent("architecture.schema.json"),
      encoding: .utf8)
    #expect(
      printed.output == committed,
      "regenerate: swift Scripts/check-architecture.swift --print-schema > architecture.schema.json"
    )
    let voyage = try String(
      contentsOf: repositoryRoot.appendingPathComponent("architecture.json"), encoding: .utf8)
    #expect(voyage.contains(#""$schema": "./architecture.schema.json""#))
  }

  /// Every key the schema allows is one the linter accepts, and no other: a configuration that
  /// uses each key of the schema once is read, the same with one key misspelt is refused.
  @Test func everyKeyOfTheSchemaIsAcceptedAndOnlyThose() async throws {
    let schemaData = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("architecture.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: schemaData) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    let layer = try #require(
      ((properties["layers"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
        as? [String: Any])
    let role = try #require(
      (((layer["roles"] as? [String: Any])?["items"] as? [String: Any])?["properties"]
        as? [String: Any]))
    #expect(Set(properties.keys) == ["$schema", "about", "layers", "rules", "defines"])
    #expect(
      Set(layer.keys) == [
        "name", "paths", "names", "folders", "mayUse", "mayUseProducts", "testSupport", "optional",
        "roles", "because",
      ])
    #expect(Set(role.keys) == ["name", "paths", "names", "mayUse", "because"])
    let rules = try #require(
      (properties["rules"] as? [String: Any])?["properties"] as? [String: Any])
    let help = try await Linter.run(["--help"])
    let ruleLine = try #require(help.output.split(separator: "\n").first { $0.contains("Rules:") })
    let ids = Set(
      ruleLine.split(separator: ":")[1].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    #expect(Set(rules.keys) == ids.subtracting(["stale-baseline"]))
  }

  @Test func aBaselineLineThatIsNotAKeyOfAKnownRuleIsBadInput() async throws {
    let folder = try makeTemporaryFolder("baseline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.txt")
    try Data("# known\nlayer-dependencies|SearchFeature -> CheckoutFeature\n".utf8).write(
      to: baseline)
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let arguments = Linter.arguments(forFixture: "FeatureDependsOnFeature")
    let outcome = try await Linter.run(
      ["--baseline", baseline.path] + arguments, description: description)
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("\(baseline.path):2: 'layer-dependencies|SearchFeature"))
    #expect(outcome.error.contains("did you mean 'layer-dependency'?"))
    let missing = try await Linter.run(
      ["--baseline", folder.appendingPathComponent("none.txt").path] + arguments,
      description: description)
    #expect(missing.status == 2)
    #expect(missing.error.contains("does not exist"))
  }

  /// A fixture's `expected.txt` is the linter's output and exit status, or, for a package SwiftPM
  /// itself refuses (`TargetCycle`), SwiftPM's error and exit status: the rule is then SwiftPM's,
  /// and the golden file shows what breaking it looks like.
  @Test(arguments: fixtures)
  func aFixtureProducesExactlyItsGoldenDiagnosticsAndExitStatus(fixture: String) async throws {
    let expected = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/\(fixture)/expected.txt"),
      encoding: .utf8)
    let described = try await Linter.describeOutcome(
      package: repositoryRoot.appendingPathComponent("Tests/Fixtures/\(fixture)"))
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

  @Test func aReportListsEveryViolationBaselinedOnesIncludedAndFailsOnNone() async throws {
    let description = try await Linter.describe(fixture: "BaselineNewAndStale")
    let arguments = Linter.arguments(forFixture: "BaselineNewAndStale")
    let report = try await Linter.run(["--report-only"] + arguments, description: description)
    #expect(report.status == 0)
    #expect(report.error.isEmpty)
    // The baselined violation is listed beside the new one; the stale entry is not a finding.
    #expect(report.output.contains("'SearchFeature' depends on Features target 'CheckoutFeature'"))
    #expect(report.output.contains("'BookingInterface' depends on Infrastructure target"))
    #expect(!report.output.contains("stale-baseline"))
    #expect(!report.output.contains("--update-baseline"))
    #expect(
      report.output.hasSuffix(
        "architecture: 4 violations in 7 targets (2 of them baselined); report only: nothing fails\n"
      ))
    let json = try await Linter.run(
      ["--report-only", "--format", "json"] + arguments, description: description)
    #expect(json.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((document["violations"] as? [[String: Any]])?.count == 4)
    // Without it, the same package fails.
    #expect(try await Linter.run(arguments, description: description).status == 1)
  }

  @Test func aNewFileImportingABaselinedModuleIsANewViolationNotCoveredByTheOldEntries()
    async throws
  {
    let package = try copy(ofFixture: "BaselineNewAndStale")
    let arguments = Linter.arguments(forFixture: "BaselineNewAndStale")
    let config = repositoryRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    let configured = arguments.map { $0 == "architecture.json" ? config : $0 }
    let before = try await Linter.run(
      configured, description: try await Linter.describe(package: package), in: package)
    #expect(!before.output.contains("Basket.swift"))
    try Data("import CheckoutFeature\n\nstruct Basket {}\n".utf8).write(
      to: package.appendingPathComponent("Sources/Features/SearchFeature/Basket.swift"))
    let after = try await Linter.run(
      configured, description: try await Linter.describe(package: package), in: package)
    #expect(after.status == 1)
    #expect(
      after.output.contains(
        "Sources/Features/SearchFeature/Basket.swift:1:1: error: [layer-dependency] 'SearchFeature' imports 'CheckoutFeature' here"
      ), "\(after.output)")
    // The manifest's edge and the file that was already there stay baselined.
    #expect(!after.output.contains("SearchFeature.swift:2:1: error: [layer-dependency]"))
    #expect(!after.output.contains("Package.swift:13:87: error"))
    // Regenerated, the baseline names each file that imports across the edge.
    #expect(
      try await Linter.run(
        configured + ["--update-baseline"],
        description: try await Linter.describe(package: package), in: package
      ).status == 0)
    let written = try String(
      contentsOf: package.appendingPathComponent("architecture-baseline.txt"), encoding: .utf8)
    #expect(
      written.contains(
        "\nlayer-dependency|SearchFeature -> CheckoutFeature|Sources/Features/SearchFeature/Basket.swift\n"
      ))
  }

  @Test func aSuppressionInPackageSwiftAcceptsAManifestFindingOnItsLineOrTheNext() async throws {
    let package = try copy(ofFixture: "FeatureDependsOnFeature")
    let manifest = package.appendingPathComponent("Package.swift")
    var lines = try String(contentsOf: manifest, encoding: .utf8).components(separatedBy: "\n")
    // Above SearchFeature's declaration (line 13), and a reasonless one above line 11.
    lines.insert(
      "    // architecture:allow layer-dependency — search shows the basket until it moves out",
      at: 12)
    lines.insert("    // architecture:allow outside-layer", at: 10)
    try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
    let config = repositoryRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
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

  @Test func aBaselineThatGrewSinceTheReferenceCommitFailsAndOneThatShrankPasses() async throws {
    let package = try copy(ofFixture: "FeatureDependsOnFeature")
    let config = repositoryRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    func git(_ arguments: String...) async throws {
      let outcome = try await Subprocess.run(
        "git", ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + arguments,
        in: package)
      #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
    }
    func lint(_ arguments: [String]) async throws -> Subprocess.Outcome {
      try await Linter.run(
        ["--config", config] + arguments, description: try await Linter.describe(package: package),
        in: package)
    }
    let baseline = package.appendingPathComponent("architecture-baseline.txt")
    try await git("init", "--quiet")
    try Data("# empty\n".utf8).write(to: baseline)
    try await git("add", ".")
    try await git("commit", "--quiet", "-m", "an empty baseline")
    #expect(try await lint(["--update-baseline"]).status == 0)
    // The entry just added is growth since HEAD, whose baseline was empty.
    let grown = try await lint(["--baseline-may-not-grow", "HEAD"])
    #expect(grown.status == 1)
    #expect(
      grown.output.contains(
        "architecture-baseline.txt:5:1: error: [baseline-growth] 'layer-dependency|SearchFeature -> CheckoutFeature' is new since HEAD: the baseline may only shrink"
      ), "\(grown.output)")
    // The advice is to fix, never to regenerate the baseline again.
    #expect(grown.output.contains("The baseline may only shrink: fix each new violation"))
    #expect(!grown.output.contains("--update-baseline"))
    // Committed, it is the reference's own: nothing grew.
    try await git("commit", "--quiet", "-am", "the baseline takes the violation")
    #expect(try await lint(["--baseline-may-not-grow", "HEAD"]).status == 0)
    // A reference that is not a commit is bad input, not a pass.
    let unknown = try await lint(["--baseline-may-not-grow", "no-such-ref"])
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("'no-such-ref' is not a commit"))
  }

  @Test func theJSONFormatListsEachViolationWithItsLocationRuleAndKey() async throws {
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let outcome = try await Linter.run(
      ["--format", "json"] + Linter.arguments(forFixture: "FeatureDependsOnFeature"),
      description: description)
    #expect(outcome.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let violations = try #require(document["violations"] as? [[String: Any]])
    // The manifest's entry first, then the file that imports across it.
    #expect(violations.count == 2)
    #expect(
      violations.last?["file"] as? String == "Sources/Features/SearchFeature/SearchFeature.swift")
    #expect(
      violations.last?["key"] as? String
        == "layer-dependency|SearchFeature -> CheckoutFeature|Sources/Features/SearchFeature/SearchFeature.swift"
    )
    #expect(violations.first?["rule"] as? String == "layer-dependency")
    #expect(violations.first?["file"] as? String == "Package.swift")
    #expect(violations.first?["line"] as? Int == 13)
    #expect(violations.first?["column"] as? Int == 87)
    let note = try #require(violations.first?["note"] as? [String: Any])
    #expect(note["line"] as? Int == 13 && note["column"] as? Int == 19)
    #expect(note["message"] as? String == "'SearchFeature' is declared here")
    #expect(
      violations.first?["key"] as? String == "layer-dependency|SearchFeature -> CheckoutFeature")
  }

  @Test func githubActionsAnnotationsAreAddedWhenRunningThere() async throws {
    let description = try await Linter.describe(fixture: "UndeclaredSiblingImport")
    let outcome = try await Linter.run(
      description: description, environment: ["GITHUB_ACTIONS": "true"])
    #expect(
      outcome.output.contains(
        "::error file=Sources/Features/CheckoutFeature/Extra.swift,line=1,col=1,title=undeclared-import::[undeclared-import]"
      ))
  }

  @Test(arguments: ["json", "sarif"])
  func aMachineFormatIsOneJSONDocumentEvenOnGitHubActions(format: String) async throws {
    let description = try await Linter.describe(fixture: "UndeclaredSiblingImport")
    let outcome = try await Linter.run(
      ["--format", format] + Linter.arguments(forFixture: "UndeclaredSiblingImport"),
      description: description, environment: ["GITHUB_ACTIONS": "true"])
    #expect(outcome.status == 1)
    #expect(!outcome.output.contains("::error"))
    let document = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
    #expect(document is [String: Any])
  }

  @Test func theGitHubFormatPrintsOnlyAnnotationsWithTheirPropertiesEscaped() async throws {
    let description = try await Linter.describe(fixture: "UndeclaredSiblingImport")
    let outcome = try await Linter.run(
      ["--format", "github"] + Linter.arguments(forFixture: "UndeclaredSiblingImport"),
      description: description)
    #expect(outcome.status == 1)
    let lines = outcome.output.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "::error file=Sources/Features/CheckoutFeature/Extra.swift,line=1,col=1,title=undeclared-import::[undeclared-import] 'CheckoutFeature' imports 'SearchFeature'"
      ) == true)
  }

  /// The SARIF log as code-scanning tools read it: version 2.1.0, every rule described, each
  /// result pointing at its rule, its file (relative to the package) and its line, with its
  /// baseline key as a fingerprint and, where an edit is certain, the fix.
  @Test func theSARIFLogDescribesEveryRuleAndLocatesAndFixesEachResult() async throws {
    let description = try await Linter.describe(fixture: "ViewModelNotFinal")
    let outcome = try await Linter.run(
      ["--format", "sarif"] + Linter.arguments(forFixture: "ViewModelNotFinal"),
      description: description)
    #expect(outcome.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(ids.contains("view-model-final") && ids.contains("layer-dependency"))
    for rule in rules {
      let full = (rule["fullDescription"] as? [String: Any])?["text"] as? String
      #expect(full?.contains("Fix:") == true, "\(rule["id"] ?? "?") has no rationale")
    }
    let base = (run["originalUriBaseIds"] as? [String: Any])?["PACKAGE_ROOT"] as? [String: Any]
    #expect((base?["uri"] as? String)?.hasSuffix("Tests/Fixtures/ViewModelNotFinal/") == true)
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "view-model-final")
    let index = try #require(result["ruleIndex"] as? Int)
    #expect(ids[index] == "view-model-final")
    let physical = try #require(
      ((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
    let artifact = physical["artifactLocation"] as? [String: Any]
    #expect(artifact?["uri"] as? String == "Sources/Features/SearchFeature/Extra.swift")
    #expect(artifact?["uriBaseId"] as? String == "PACKAGE_ROOT")
    let region = physical["region"] as? [String: Any]
    #expect(region?["startLine"] as? Int == 1 && region?["startColumn"] as? Int == 1)
    #expect(
      (result["partialFingerprints"] as? [String: Any])?["architectureKey/v1"] as? String
        == "view-model-final|SearchFeature|Sources/Features/SearchFeature/Extra.swift")
    let change = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "final ")
  }

  /// An unused dependency's fix deletes its entry and the comma after it, so applying it leaves
  /// a manifest that still reads `"BookingInterface", "SharedKernel",`.
  @Test func theFixOfAnUnusedDependencyDeletesItsEntry() async throws {
    let description = try await Linter.describe(fixture: "UnusedDependency")
    let outcome = try await Linter.run(
      ["--format", "sarif"] + Linter.arguments(forFixture: "UnusedDependency"),
      description: description)
    #expect(outcome.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let result = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "unused-dependency")
    let change = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
    let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
    let region = try #require(replacement["deletedRegion"] as? [String: Int])
    #expect(region == ["startLine": 22, "startColumn": 9, "endLine": 23, "endColumn": 9])
  }

  @Test func everyRuleExplainsWhyItExistsAndHowToFixAViolation() async throws {
    let help = try await Linter.run(["--help"])
    let line = try #require(help.output.split(separator: "\n").first { $0.contains("Rules:") })
    let ids = line.split(separator: ":")[1].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(ids.count == 18)
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

  @Test func updatingTheBaselineAcceptsTheCurrentViolationsAndAResolvedOneThenFails() async throws {
    let folder = try makeTemporaryFolder("baseline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let baseline = folder.appendingPathComponent("baseline.txt")

    let voyage = Linter.arguments(forFixture: "FeatureDependsOnFeature")
    let update = try await Linter.run(
      ["--update-baseline", "--baseline", baseline.path] + voyage, description: description)
    #expect(update.status == 0)
    // The manifest's edge, and the one file that imports across it.
    #expect(update.output.contains("2 entries"))
    let written = try String(contentsOf: baseline, encoding: .utf8)
    #expect(written.contains("\nlayer-dependency|SearchFeature -> CheckoutFeature\n"))
    #expect(
      written.contains(
        "\nlayer-dependency|SearchFeature -> CheckoutFeature|Sources/Features/SearchFeature/SearchFeature.swift\n"
      ))

    let accepted = try await Linter.run(
      ["--baseline", baseline.path] + voyage, description: description)
    #expect(accepted.status == 0)
    #expect(accepted.output.contains("(2 baselined)"))

    let clean = try await Linter.describe(fixture: "Clean")
    let stale = try await Linter.run(["--baseline", baseline.path] + voyage, description: clean)
    #expect(stale.status == 1)
    #expect(stale.output.contains("[stale-baseline]"))
    #expect(stale.output.contains("resolved, delete line"))
    // The finding names the baseline as it was given, not by its last path component.
    #expect(stale.output.contains("\(baseline.path):"))
  }

  @Test func aReasonBesideABaselineEntryIsReadAndKeptWhenTheBaselineIsRegenerated() async throws {
    let folder = try makeTemporaryFolder("baseline-reason")
    defer { try? FileManager.default.removeItem(at: folder) }
    let description = try await Linter.describe(fixture: "BaselineNewAndStale")
    let baseline = folder.appendingPathComponent("baseline.txt")
    let arguments =
      ["--baseline", baseline.path] + Linter.arguments(forFixture: "BaselineNewAndStale")
    try Data(
      """
      layer-dependency|SearchFeature -> CheckoutFeature  # search shows the basket until step 9
      layer-dependency|Gone -> Away  # resolved long ago

      """.utf8
    ).write(to: baseline)
    // The reason is not part of the entry: the entry matches, the resolved one is stale.
    let checked = try await Linter.run(arguments, description: description)
    #expect(checked.output.contains("(1 baselined)"), "\(checked.output)")
    #expect(checked.output.contains("'layer-dependency|Gone -> Away' no longer matches"))
    #expect(
      try await Linter.run(["--update-baseline"] + arguments, description: description).status == 0)
    let written = try String(contentsOf: baseline, encoding: .utf8)
    #expect(
      written.contains(
        "\nlayer-dependency|SearchFeature -> CheckoutFeature  # search shows the basket until step 9\n"
      ))
    #expect(written.contains("\nlayer-dependency|BookingInterface -> Networking\n"))
    #expect(!written.contains("Gone"))
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
