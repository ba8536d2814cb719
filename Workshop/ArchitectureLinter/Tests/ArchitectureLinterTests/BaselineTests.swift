import ArchitectureLinter
import Foundation
import Testing

/// The baseline: the known violations, which may only shrink; read strictly, written sorted.
@Suite("The baseline")
struct BaselineTests {
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
    let package = try ArchitectureLinterTests.copy(ofFixture: "BaselineNewAndStale")
    let arguments = Linter.arguments(forFixture: "BaselineNewAndStale")
    let config = packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
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

  @Test func aBaselineThatGrewSinceTheReferenceCommitFailsAndOneThatShrankPasses() async throws {
    let package = try ArchitectureLinterTests.copy(ofFixture: "FeatureDependsOnFeature")
    let config = packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    func git(_ arguments: String...) async throws {
      let outcome = try await Subprocess.run(
        "git", ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + arguments,
        in: package)
      #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
    }
    func lint(_ arguments: [String]) async throws -> Outcome {
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
        "architecture-baseline.txt:8:1: error: [baseline-growth] 'layer-dependency|SearchFeature -> CheckoutFeature' is new since HEAD: the baseline may only shrink"
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
    // CI's default checkout is one commit deep: the parent is missing there, and the message
    // says what to fetch instead of calling the reference wrong.
    try await git("commit", "--quiet", "--allow-empty", "-m", "a child")
    let clone = package.deletingLastPathComponent().appendingPathComponent("shallow")
    let cloned = try await Subprocess.run(
      "git", ["clone", "--quiet", "--depth", "1", "file://\(package.path)", clone.path])
    #expect(cloned.status == 0, "\(cloned.error)")
    let shallow = try await Linter.run(
      ["--config", config, "--baseline-may-not-grow", "HEAD~1"],
      description: try await Linter.describe(package: clone), in: clone)
    #expect(shallow.status == 2)
    #expect(
      shallow.error.contains(
        "'HEAD~1' is not in this shallow clone at \(clone.path); fetch the history it needs (git fetch --unshallow, or actions/checkout with fetch-depth: 0)"
      ), "\(shallow.error)")
  }

  @Test func aSuppressionAddedSinceTheReferenceIsGrowthUntilReviewersOwningTheExceptionsAcceptIt()
    async throws
  {
    let package = try ArchitectureLinterTests.copy(ofFixture: "FeatureDependsOnFeature")
    let config = packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    func git(_ arguments: String...) async throws {
      let outcome = try await Subprocess.run(
        "git", ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + arguments,
        in: package)
      #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
    }
    func lint(_ arguments: [String] = ["--baseline-may-not-grow", "HEAD"]) async throws -> Outcome {
      try await Linter.run(
        ["--config", config] + arguments, description: try await Linter.describe(package: package),
        in: package)
    }
    func write(_ path: String, _ text: String) throws {
      try Data(text.utf8).write(to: package.appendingPathComponent(path))
    }
    let owners = [
      "Sources/Kernel/SharedKernel", "Sources/Kernel/DesignSystem",
      "Sources/Interfaces/BookingInterface", "Sources/Infrastructure/Networking",
      "Sources/Infrastructure/BookingData", "Sources/Features/SearchFeature",
      "Sources/Features/CheckoutFeature",
    ].map { "/\($0)/ @team" }.joined(separator: "\n")
    try write("CODEOWNERS", owners + "\n")
    try await git("init", "--quiet")
    #expect(try await lint(["--update-baseline"]).status == 0)
    try await git("add", ".")
    try await git("commit", "--quiet", "-m", "the known violations")
    #expect(try await lint().status == 0)

    // A new file crosses the same edge and explains itself beside the code: the suppression
    // accepts the finding, so only the ratchet can see it.
    let basket = "Sources/Features/SearchFeature/Basket.swift"
    try write(
      basket,
      "// architecture:allow layer-dependency — ships this sprint\nimport CheckoutFeature\n\nstruct Basket {}\n"
    )
    #expect(try await lint([]).status == 0)
    let grown = try await lint()
    #expect(grown.status == 1)
    #expect(
      grown.output.contains(
        "\(basket):1:1: error: [baseline-growth] 'architecture:allow layer-dependency — ships this sprint' is new since HEAD: a suppression is an exception"
      ), "\(grown.output)")
    #expect(
      grown.output.contains(
        "with the line 'layer-dependency|\(basket)|ships this sprint' in architecture-exceptions.txt"
      ))

    // Listed as a reviewed exception, it still fails while nobody owns the list.
    try write(
      "architecture-exceptions.txt", "# reviewed\nlayer-dependency|\(basket)|ships this sprint\n")
    let unowned = try await lint()
    #expect(unowned.status == 1)
    #expect(
      unowned.output.contains(
        "and architecture-exceptions.txt accepts it, but CODEOWNERS has no line for architecture-exceptions.txt"
      ), "\(unowned.output)")
    // Owned by the architecture's reviewers, the pull request waits for them, and passes.
    try write("CODEOWNERS", owners + "\n/architecture-exceptions.txt @architecture\n")
    let reviewed = try await lint()
    #expect(reviewed.status == 0, "\(reviewed.output)")

    // Committed, the suppression is the reference's own. Reworded, it is a new exception, and
    // the reviewed line that accepted the old words is stale.
    try await git("add", ".")
    try await git("commit", "--quiet", "-m", "a reviewed exception")
    #expect(try await lint().status == 0)
    try write(
      basket,
      "// architecture:allow layer-dependency — still shipping\nimport CheckoutFeature\n\nstruct Basket {}\n"
    )
    let reworded = try await lint()
    #expect(reworded.status == 1)
    #expect(
      reworded.output.contains(
        "[baseline-growth] 'architecture:allow layer-dependency — still shipping' is new since HEAD"
      ))
    #expect(
      reworded.output.contains(
        "architecture-exceptions.txt:2:1: error: [stale-baseline] 'layer-dependency|\(basket)|ships this sprint' no longer matches a suppression"
      ), "\(reworded.output)")
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
      layer-dependency|Gone -> Away  # resolved long ago
      layer-dependency|SearchFeature -> CheckoutFeature  # search shows the basket until step 9

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

  /// The fixture's baseline with each line ended by CR LF, as a checkout with `core.autocrlf`
  /// writes it: the same entries, the same findings.
  @Test func aBaselineWithCRLFLineEndsIsTheSameBaseline() async throws {
    let package = try ArchitectureLinterTests.copy(ofFixture: "BaselineNewAndStale")
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    let baseline = package.appendingPathComponent("architecture-baseline.txt")
    let text = try String(contentsOf: baseline, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: baseline)
    let arguments = [
      "--config", packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path,
    ]
    let outcome = try await Linter.run(
      arguments, description: try await Linter.describe(package: package), in: package)
    #expect(outcome.status == 1)
    #expect(outcome.output.contains("(2 baselined)"), "\(outcome.output)\(outcome.error)")
    #expect(outcome.output.contains("delete line 4"))
  }

  @Test func anEntryGivenTwiceIsBadInputNamingBothLines() async throws {
    let folder = try makeTemporaryFolder("baseline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.txt")
    try Data(
      """
      # known
      layer-dependency|SearchFeature -> CheckoutFeature
      layer-dependency|SearchFeature -> CheckoutFeature  # merged twice

      """.utf8
    ).write(to: baseline)
    let outcome = try await Linter.run(
      ["--baseline", baseline.path] + Linter.arguments(forFixture: "FeatureDependsOnFeature"),
      description: try await Linter.describe(fixture: "FeatureDependsOnFeature"))
    #expect(outcome.status == 2)
    #expect(
      outcome.error.contains(
        "\(baseline.path):3: 'layer-dependency|SearchFeature -> CheckoutFeature' repeats line 2"),
      "\(outcome.error)")
    #expect(outcome.output.isEmpty)
  }

  /// A baseline is written sorted, so a change to it is one line in a diff; entries out of
  /// order (two branches' baselines interleaved) are bad input, and `--update-baseline` sorts
  /// them, keeping their reasons.
  @Test func entriesOutOfOrderAreBadInputUntilTheBaselineIsWrittenAgain() async throws {
    let folder = try makeTemporaryFolder("baseline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.txt")
    try Data(
      """
      layer-dependency|SearchFeature -> CheckoutFeature|Sources/Features/SearchFeature/SearchFeature.swift
      layer-dependency|SearchFeature -> CheckoutFeature  # until the basket moves

      """.utf8
    ).write(to: baseline)
    let arguments =
      ["--baseline", baseline.path] + Linter.arguments(forFixture: "FeatureDependsOnFeature")
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let unsorted = try await Linter.run(arguments, description: description)
    #expect(unsorted.status == 2)
    #expect(
      unsorted.error.contains(
        "\(baseline.path):2: 'layer-dependency|SearchFeature -> CheckoutFeature' is out of order: it sorts before line 1"
      ), "\(unsorted.error)")
    #expect(unsorted.error.contains("run --update-baseline to sort it"))
    let update = try await Linter.run(["--update-baseline"] + arguments, description: description)
    #expect(update.status == 0, "\(update.error)")
    let sorted = try await Linter.run(arguments, description: description)
    #expect(sorted.status == 0, "\(sorted.error)")
    let written = try String(contentsOf: baseline, encoding: .utf8)
    #expect(
      written.contains(
        "\nlayer-dependency|SearchFeature -> CheckoutFeature  # until the basket moves\nlayer-dependency|SearchFeature -> CheckoutFeature|"
      ))
  }

  /// The header of a written baseline says every shape a key takes and the command that wrote
  /// it, as it was run.
  @Test func theBaselineHeaderNamesEveryKeyShapeAndTheCommandThatWroteIt() async throws {
    let folder = try makeTemporaryFolder("baseline")
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.txt")
    let update = try await Linter.run(
      ["--update-baseline", "--baseline", baseline.path, "--config", "architecture.json"],
      description: try await Linter.describe(fixture: "FeatureDependsOnFeature"),
      environment: [
        "CHECK_ARCHITECTURE_PROGRAM": "swift package check-architecture",
        "CHECK_ARCHITECTURE_DESCRIBES_PACKAGE": "1",
      ])
    #expect(update.status == 0)
    let written = try String(contentsOf: baseline, encoding: .utf8)
    for shape in [
      "rule|Target (", "rule|Target -> Dependency (", "rule|Target -> Module|File (",
      "rule|Target|File (", "folder-dependency|Target|File -> Name (",
    ] {
      #expect(written.contains(shape), "\(shape) is not in the header:\n\(written)")
    }
    #expect(
      written.contains(
        "#   swift package check-architecture --config architecture.json --baseline \(baseline.path) --update-baseline\n"
      ), "\(written)")
  }
}
