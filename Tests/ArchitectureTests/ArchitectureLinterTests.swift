import Foundation
import Testing

@Suite("Architecture linter on fixture packages", .serialized)
struct ArchitectureLinterTests {
  static let fixtures: [String] = {
    let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
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
        "feature-network", "ui-framework", "receipt-minting", "raw-escape-code", "testable-import",
        "view-model-final", "public-implementation", "missing-owner", "stale-baseline",
        "test-support",
      ])
    #expect(Self.fixtures.contains("Clean") && Self.fixtures.contains("CommentedAndQuotedTwins"))
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
    bytes.append(contentsOf: Array("// caf".utf8) + [0xE9] + Array("\n".utf8))
    try bytes.write(to: file)
    let outcome = try await Linter.run(
      Linter.arguments(forFixture: "UndeclaredSiblingImport"),
      description: try await Linter.describe(package: package))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("Sources/Features/CheckoutFeature/Extra.swift' is not UTF-8"))
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

  @Test(arguments: [
    (
      #"{"layers": [{"name": "A", "paths": ["*"], "mayUse": ["B"]}]}"#,
      "may use 'B', which is not a layer"
    ),
    (#"{"layers": [{"name": "A"}]}"#, "has neither paths nor names"),
    (#"{"rules": {"no-such-rule": {}}}"#, "unknown rule 'no-such-rule'"),
    (#"{"layers": "Kernel"}"#, "is not a valid configuration: layers"),
  ])
  func aBrokenConfigurationIsBadInput(configuration: String, message: String) async throws {
    let folder = try makeTemporaryFolder("configuration")
    let file = folder.appendingPathComponent("architecture.json")
    try Data(configuration.utf8).write(to: file)
    let outcome = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: "Clean"))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(message))
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

  @Test func theJSONFormatListsEachViolationWithItsLocationRuleAndKey() async throws {
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let outcome = try await Linter.run(
      ["--format", "json"] + Linter.arguments(forFixture: "FeatureDependsOnFeature"),
      description: description)
    #expect(outcome.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let violations = try #require(document["violations"] as? [[String: Any]])
    #expect(violations.count == 1)
    #expect(violations.first?["rule"] as? String == "layer-dependency")
    #expect(violations.first?["file"] as? String == "Package.swift")
    #expect(violations.first?["line"] as? Int == 13)
    #expect(
      violations.first?["key"] as? String == "layer-dependency|SearchFeature -> CheckoutFeature")
  }

  @Test func githubActionsAnnotationsAreAddedWhenRunningThere() async throws {
    let description = try await Linter.describe(fixture: "UndeclaredSiblingImport")
    let outcome = try await Linter.run(
      description: description, environment: ["GITHUB_ACTIONS": "true"])
    #expect(
      outcome.output.contains(
        "::error file=Sources/Features/CheckoutFeature/Extra.swift,line=1,col=1::[undeclared-import]"
      ))
  }

  @Test func everyRuleExplainsWhyItExistsAndHowToFixAViolation() async throws {
    let help = try await Linter.run(["--help"])
    let line = try #require(help.output.split(separator: "\n").first { $0.contains("Rules:") })
    let ids = line.split(separator: ":")[1].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(ids.count == 14)
    for id in ids {
      let explanation = try await Linter.run(["--explain", id])
      #expect(explanation.status == 0)
      #expect(explanation.output.hasPrefix("[\(id)]"))
      #expect(explanation.output.contains("Fix:"), "\(id) does not say how to fix it")
    }
  }

  @Test(arguments: [
    (["--explain", "no-such-rule"], "unknown rule"),
    (["--format", "xml"], "--format must be text or json"),
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
    #expect(update.output.contains("1 entry"))
    let written = try String(contentsOf: baseline, encoding: .utf8)
    #expect(written.contains("\nlayer-dependency|SearchFeature -> CheckoutFeature\n"))

    let accepted = try await Linter.run(
      ["--baseline", baseline.path] + voyage, description: description)
    #expect(accepted.status == 0)
    #expect(accepted.output.contains("(1 baselined)"))

    let clean = try await Linter.describe(fixture: "Clean")
    let stale = try await Linter.run(["--baseline", baseline.path] + voyage, description: clean)
    #expect(stale.status == 1)
    #expect(stale.output.contains("[stale-baseline]"))
    #expect(stale.output.contains("resolved, delete line"))
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
