import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Workshop/Scripts/replay-migration.sh --check`, the check suite's step that keeps the migration
/// example honest, shown failing on a copy of the example broken in five ways at once.
@Suite("The migration example's replay")
struct MigrationReplayTests {
  /// The environment of a replay whose temporary files go inside `folder`, which the test
  /// removes: the example's own tests make folders they never remove (`roam-tests-…`), and
  /// they are the example's history, not Voyage's to change.
  static func environment(temporaryFilesIn folder: URL) throws -> [String: String] {
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    return environment
  }

  /// `replay-migration.sh --check` of a copy of an example through step `through`, replayed into
  /// `folder`, with the linter the tests build.
  static func checkedReplay(of example: URL, through: Int, in folder: URL) async throws
    -> Subprocess.Outcome
  {
    var environment = try environment(temporaryFilesIn: folder)
    environment["CHECK_ARCHITECTURE"] = try await Linter.shared.executable().path
    return try await Subprocess.run(
      repositoryRoot.appendingPathComponent("Workshop/Scripts/replay-migration.sh").path,
      [
        "--check", "--through", String(through), "--example", example.path, "--into",
        folder.appendingPathComponent("replayed").path,
      ], environment: environment)
  }

  @Test func aWrongQuoteAnUnsaidLengthAChangedTestAnUnseenUseAndAWrongFolderFindingAllFail()
    async throws
  {
    try await withTemporaryFolder("migration") { folder in
      let example = folder.appendingPathComponent("Migration")
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Workshop/Migration"), to: example)
      let steps = example.appendingPathComponent("Steps")
      func edit(_ path: String, _ change: (String) -> String) throws {
        let file = steps.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit of \(path) changed nothing")
        try Data(changed.utf8).write(to: file)
      }
      // Step 02 quotes an output the linter does not print.
      try edit("02-baseline/README.md") {
        $0.replacingOccurrences(
          of: "targets clean (21 baselined)", with: "targets clean (20 baselined)")
      }
      // Step 03 says the baseline has a length it does not have.
      try edit("03-block-baseline-growth/README.md") {
        $0.replacingOccurrences(of: "stays at 21 entries", with: "stays at 20 entries")
      }
      // Step 03 also adds a test file: more than an import line.
      try edit("03-block-baseline-growth/change.patch") {
        $0 + """
          diff --git a/Tests/TripsTests/Extra.swift b/Tests/TripsTests/Extra.swift
          new file mode 100644
          --- /dev/null
          +++ b/Tests/TripsTests/Extra.swift
          @@ -0,0 +1 @@
          +let extra = 1

          """
      }
      // The index quotes a folder-rule finding at a place where there is none.
      let index = example.appendingPathComponent("README.md")
      let quoted = try String(contentsOf: index, encoding: .utf8)
      #expect(quoted.contains("SearchViewModel.swift:24:5: error: [folder-dependency]"))
      try Data(
        quoted.replacingOccurrences(
          of: "SearchViewModel.swift:24:5: error: [folder-dependency]",
          with: "SearchViewModel.swift:25:5: error: [folder-dependency]"
        ).utf8
      ).write(to: index)
      // The start gains a use the split preview cannot see: a member reached through `.`, declared
      // by the folder that stays behind (the compiler's error is "has no member", not a name).
      let start = example.appendingPathComponent("Start/Sources/ViewModels")
      try Data(
        "import Models\n\nextension Trip {\n  var probeLabel: String { \"probe\" }\n}\n".utf8
      ).write(to: start.appendingPathComponent("Checkout/ProbeLabel.swift"))
      try Data("import Models\n\nfunc probe(_ trip: Trip) -> String { trip.probeLabel }\n".utf8)
        .write(to: start.appendingPathComponent("Search/Probe.swift"))
      let outcome = try await Self.checkedReplay(of: example, through: 3, in: folder)
      #expect(outcome.status == 1)
      #expect(
        outcome.error.contains(
          "02-baseline: the linter printed what its README does not quote"), "\(outcome.error)")
      #expect(
        outcome.error.contains(
          "03-block-baseline-growth: its README does not say that the baseline has 21 entries"))
      #expect(
        outcome.error.contains("03-block-baseline-growth changes its tests beyond their imports"))
      #expect(
        outcome.error.contains(
          "the split preview of Sources/ViewModels/Search listed 1 uses; the compiler, once it was a target, said otherwise"
        ))
      #expect(
        outcome.error.contains(
          "the folder rule at the start found what the example's README does not quote"))
      #expect(outcome.error.contains("replay: 5 failure(s)"))
    }
  }

  /// The one-target series keeps the app's behaviour: every step must print the example's
  /// behaviour.txt, so a transcript that differs by one character fails the start and each step.
  @Test func aStepWhoseBehaviourDiffersFromTheTranscriptFails() async throws {
    try await withTemporaryFolder("behaviour") { folder in
      let example = folder.appendingPathComponent("OneTarget")
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Workshop/OneTarget"), to: example)
      let transcript = example.appendingPathComponent("behaviour.txt")
      let text = try String(contentsOf: transcript, encoding: .utf8)
      #expect(text.contains("✓ Ticket TKT-0001 cancelled"))
      try Data(
        text.replacingOccurrences(
          of: "✓ Ticket TKT-0001 cancelled", with: "✓ Ticket TKT-0001 canceled"
        )
        .utf8
      ).write(to: transcript)
      let outcome = try await Self.checkedReplay(of: example, through: 1, in: folder)
      #expect(outcome.status == 1)
      #expect(outcome.error.contains("Start: its behaviour is not the example's behaviour.txt"))
      #expect(
        outcome.error.contains(
          "01-folder-layers-report-only: its behaviour is not the example's behaviour.txt"))
      #expect(outcome.error.contains("✓ Ticket TKT-0001 cancelled"), "\(outcome.error)")
      #expect(outcome.error.contains("replay: 2 failure(s)"))
    }
  }

  /// The guide's commands for each series, as a reader pastes them from the root of the clone:
  /// the block after `<!-- guide commands: NAME -->` in Migration.md, with only the folder it
  /// replays into moved to a temporary one.
  @Test(arguments: [("Trips", "../replayed"), ("one target", "../roam")])
  func theGuidesCommandsAloneReplayTheSeriesAndRunAStepsLinter(series: String, folder: String)
    async throws
  {
    let guide = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/Voyage.docc/Migration.md"),
      encoding: .utf8)
    let block = try #require(
      guide.components(separatedBy: "<!-- guide commands: \(series) -->\n```sh\n").dropFirst()
        .first?.components(separatedBy: "\n```").first)
    try await withTemporaryFolder("guide") { temporary in
      let replayed = temporary.appendingPathComponent("replayed").path
      var environment = try Self.environment(temporaryFilesIn: temporary)
      environment["CHECK_ARCHITECTURE"] = nil
      let outcome = try await Subprocess.run(
        "bash", ["-e", "-c", block.replacingOccurrences(of: folder, with: replayed)],
        environment: environment, in: repositoryRoot)
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(
        outcome.output.contains("report only: nothing fails"),
        "\(outcome.output)\n\(outcome.error)")
    }
  }

  /// The replayed history reads as the series: step NN is the tag `step-NN` on main (a canary's
  /// on its branch), each commit's message is its pull request's description, and the count of
  /// pull requests the script prints is the guide's.
  @Test func everyStepIsTaggedAndItsCommitCarriesItsDescription() async throws {
    try await withTemporaryFolder("tags") { folder in
      let replayed = folder.appendingPathComponent("replayed")
      let outcome = try await Subprocess.run(
        repositoryRoot.appendingPathComponent("Workshop/Scripts/replay-migration.sh").path,
        ["--into", replayed.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      let steps = repositoryRoot.appendingPathComponent("Workshop/Migration/Steps")
      let names = try FileManager.default.contentsOfDirectory(atPath: steps.path).sorted()
      #expect(names.count == 16)
      for name in names {
        let number = String(name.prefix(2))
        let readme = try String(
          contentsOf: steps.appendingPathComponent("\(name)/README.md"), encoding: .utf8)
        let message = try await Subprocess.run(
          "git", ["-C", replayed.path, "log", "-1", "--format=%B", "step-\(number)"])
        #expect(message.status == 0, "no tag step-\(number): \(message.error)")
        // The README's first line is `# NN. Title`.
        let title = String(readme.prefix { $0 != "\n" }.drop { $0 != "." }.dropFirst(2))
        #expect(
          message.output.hasPrefix(title + "\n\n"), "step-\(number): \(message.output.prefix(200))")
        #expect(
          message.output.contains("**Why**"), "step-\(number)'s message lacks its description")
      }
      let onMain = try await Subprocess.run(
        "git", ["-C", replayed.path, "merge-base", "--is-ancestor", "step-04", "main"])
      #expect(onMain.status == 1, "the canary is a branch, never merged")
      #expect(
        outcome.output.contains(
          "replay: 16 pull requests (15 merged, the canary refused on branches"),
        "\(outcome.output)")
      let guide = try String(
        contentsOf: repositoryRoot.appendingPathComponent("docs/Voyage.docc/Migration.md"),
        encoding: .utf8)
      #expect(guide.contains("the sixteen pull requests that move it into Voyage's shape"))
    }
  }
}
