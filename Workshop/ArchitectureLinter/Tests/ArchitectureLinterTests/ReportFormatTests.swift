import ArchitectureLinter
import Foundation
import Testing

/// The formats machines read: JSON, SARIF and GitHub annotations, each one document on standard
/// output whatever the environment.
@Suite("Report formats")
struct ReportFormatTests {
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

  /// How a run ended is in the document itself, since a runner such as SwiftPM's command
  /// plugin reports every failure as exit 1.
  @Test func theJSONDocumentSaysHowTheRunEnded() async throws {
    let findings = try await Linter.run(
      ["--format", "json"] + Linter.arguments(forFixture: "FeatureDependsOnFeature"),
      description: try await Linter.describe(fixture: "FeatureDependsOnFeature"))
    let found = try #require(
      try JSONSerialization.jsonObject(with: Data(findings.output.utf8)) as? [String: Any])
    #expect(found["result"] as? String == "violations" && found["exit_status"] as? Int == 1)
    let clean = try await Linter.run(
      ["--format", "json"] + Linter.arguments(forFixture: "Clean"),
      description: try await Linter.describe(fixture: "Clean"))
    let passed = try #require(
      try JSONSerialization.jsonObject(with: Data(clean.output.utf8)) as? [String: Any])
    #expect(passed["result"] as? String == "clean" && passed["exit_status"] as? Int == 0)
  }

  /// Bad input (here a configuration with a trailing comma, and a command line that fails to
  /// parse after `--format`) still writes one document that says the run failed, so a CI step
  /// that uploads `architecture.sarif` uploads a failure, never an error message; the reason
  /// goes to standard error.
  @Test(arguments: ["json", "sarif"])
  func badInputStillWritesADocumentThatSaysTheRunFailed(format: String) async throws {
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("architecture.json")
    try Data(#"{"rules": {"undeclared-import": {},}}"#.utf8).write(to: file)
    let description = try await Linter.describe(fixture: "Clean")
    for arguments in [["--config", file.path], ["--no-such-option"]] {
      let outcome = try await Linter.run(
        ["--format", format] + arguments, description: description)
      #expect(outcome.status == 2)
      #expect(outcome.error.hasPrefix("error: "), "\(outcome.error)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any],
        "\(outcome.output)")
      let reason = arguments.count == 2 ? "a trailing comma" : "unknown option '--no-such-option'"
      if format == "json" {
        #expect(document["result"] as? String == "failed")
        #expect(document["exit_status"] as? Int == 2)
        let error = try #require(document["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains(reason) == true)
        #expect(error["usage"] as? Bool == (arguments.count == 1))
      } else {
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect(invocation["exitCode"] as? Int == 2)
        let notification = try #require(
          (invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(notification["level"] as? String == "error")
        #expect(
          ((notification["message"] as? [String: Any])?["text"] as? String)?.contains(reason)
            == true)
      }
    }
    // The text format keeps standard output empty: only the report would belong there.
    let text = try await Linter.run(["--config", file.path], description: description)
    #expect(text.status == 2 && text.output.isEmpty)
  }

  /// A file whose name holds a space, a colon or a percent sign is still a valid URI reference
  /// in SARIF (percent-encoded; a colon in a relative path would read as a scheme).
  @Test func sarifLocationsArePercentEncoded() async throws {
    let package = try ArchitectureLinterTests.copy(ofFixture: "UndeclaredSiblingImport")
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    let folder = package.appendingPathComponent("Sources/Features/CheckoutFeature")
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent("Extra.swift"),
      to: folder.appendingPathComponent("Extra 100%: Copy.swift"))
    let outcome = try await Linter.run(
      [
        "--format", "sarif", "--config",
        packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path,
      ],
      description: try await Linter.describe(package: package), in: package)
    #expect(outcome.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let uris = ((run["results"] as? [[String: Any]]) ?? []).compactMap {
      (((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "artifactLocation"] as? [String: Any])?["uri"] as? String)
    }
    #expect(
      uris.contains("Sources/Features/CheckoutFeature/Extra%20100%25%3A%20Copy.swift"), "\(uris)")
    for uri in uris {
      #expect(uri.allSatisfy { $0.isASCII && !" :".contains($0) }, "\(uri)")
    }
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(
      invocation["executionSuccessful"] as? Bool == true && invocation["exitCode"] as? Int == 1)
  }
}
