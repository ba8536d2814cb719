import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Workshop/Scripts/replay-migration.sh --check`, the check suite's step that keeps the migration
/// example honest, shown failing on a copy of the example broken in five ways at once.
@Suite("The migration example's replay")
struct MigrationReplayTests {
  /// The environment of a replay whose temporary files go inside `folder`, which the test
  /// removes: SwiftPM leaves lock files and folders of its own in the temporary folder, and a
  /// replay's builds and tests should leave nothing behind in the machine's.
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
  /// behaviour.txt, so a transcript that differs by one character fails the start (and each step).
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
      // The start alone: every step's behaviour is compared by the same code, and the check
      // suite's full replay holds each step to the transcript.
      let outcome = try await Self.checkedReplay(of: example, through: 0, in: folder)
      #expect(outcome.status == 1)
      #expect(outcome.error.contains("Start: its behaviour is not the example's behaviour.txt"))
      #expect(outcome.error.contains("✓ Ticket TKT-0001 cancelled"), "\(outcome.error)")
      #expect(outcome.error.contains("replay: 1 failure(s)"), "\(outcome.error)")
    }
  }

  /// The Trips guide's commands, as a reader pastes them from the root of the clone: the block
  /// after `<!-- guide commands: Trips -->` in Migration.md, with only the folder it replays into
  /// moved to a temporary one.
  @Test func theTripsGuidesCommandsAloneReplayTheSeriesAndRunAStepsLinter() async throws {
    let folder = "../replayed"
    let block = try Self.guideCommands("Trips")
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

  /// The block of commands after `<!-- guide commands: NAME -->` in Migration.md.
  static func guideCommands(_ series: String, in document: String = "docs/Voyage.docc/Migration.md")
    throws -> String
  {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
    return try #require(
      text.components(separatedBy: "<!-- guide commands: \(series) -->\n```sh\n").dropFirst()
        .first?.components(separatedBy: "\n```").first)
  }

  /// The one-target guide's block, run as a learner runs it, in a home whose `~/.roam` already
  /// holds a favourite (what a learner who tried `roam favourite` has): every step of the series
  /// is in `git log --all`, the app prints the first command of behaviour.txt, the linter runs as
  /// that step's CI runs it, and the block ends with the history and the check of every claim.
  /// Its last line, the check suite's own step, runs here through step 01 only (the suite runs
  /// it in full). The index's "Try it" block is the same block.
  @Test func theOneTargetGuidesCommandsShowTheSeriesTheAppAndTheCheck() async throws {
    let block = try Self.guideCommands("one target")
    #expect(
      try Self.blockAfter("## Try it", in: "Workshop/OneTarget/README.md") == block,
      "Workshop/OneTarget/README.md's \"Try it\" block is not the guide's")
    let commands = block.split(separator: "\n").map {
      String($0.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(
        in: .whitespaces)
    }
    // The block ends with the history, one pull request, and the replay that checks the claims.
    let last = Array(commands.suffix(3))
    #expect(last.count == 3 && last[0].hasPrefix("git -C ../roam log --all"), "\(last)")
    #expect(
      last.count == 3 && last[1].wholeMatch(of: /git -C \.\.\/roam show --stat step-\d\d/) != nil,
      "\(last)")
    let check = "Workshop/Scripts/replay-migration.sh --check --example Workshop/OneTarget"
    #expect(last.last == check, "the block must end with the check suite's replay: \(check)")
    #expect(
      try String(
        contentsOf: repositoryRoot.appendingPathComponent("Scripts/check.sh"), encoding: .utf8
      ).contains("Workshop/Scripts/replay-migration.sh --check --example"))
    let steps = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Workshop/OneTarget/Steps").path
    ).filter { $0.first?.isNumber == true }
    try await withTemporaryFolder("guide-one-target") { temporary in
      let replayed = temporary.appendingPathComponent("replayed").path
      let home = temporary.appendingPathComponent("home")
      try FileManager.default.createDirectory(
        at: home.appendingPathComponent(".roam"), withIntermediateDirectories: true)
      try Data(#"["LIS-001"]"#.utf8).write(
        to: home.appendingPathComponent(".roam/favourites.json"))
      var environment = try Self.environment(temporaryFilesIn: temporary)
      environment["CHECK_ARCHITECTURE"] = nil
      environment["ROAM_HOME"] = nil
      // Foundation's home folder (NSHomeDirectory), where roam finds `~/.roam` on Linux.
      environment["CFFIXED_USER_HOME"] = home.path
      let script = block.replacingOccurrences(of: "../roam", with: replayed)
        .replacingOccurrences(
          of: check, with: check.replacingOccurrences(of: "--check", with: "--claims"))
      let outcome = try await Subprocess.run(
        "bash", ["-e", "-c", script], environment: environment, in: repositoryRoot)
      #expect(outcome.status == 0, "\(outcome.error)")
      let output = outcome.output
      #expect(output.contains("report only: nothing fails"), "\(output)\n\(outcome.error)")
      // git log --all: every step's tag, the canaries' branches included.
      let tagged = Set(output.matches(of: /tag: step-(\d\d)[,)]/).map { String($0.output.1) })
      #expect(tagged == Set(steps.map { String($0.prefix(2)) }), "\(output)")
      #expect(block.contains("the \(Self.numberWords[steps.count]) pull requests"))
      // swift run roam search Lisbon: the first command of behaviour.txt, whatever ~/.roam holds.
      let transcript = try String(
        contentsOf: repositoryRoot.appendingPathComponent("Workshop/OneTarget/behaviour.txt"),
        encoding: .utf8)
      let first = try #require(
        transcript.components(separatedBy: "\n[exit ").first?.split(
          separator: "\n", maxSplits: 1
        ).last)
      #expect(output.contains(first), "\(output)")
      // git show --stat: the pull request's description, without the README's HTML comments.
      #expect(output.contains("**What changes**") && !output.contains("<!--"), "\(output)")
      // The last line ran the check (its claims: the check suite runs it in full).
      #expect(
        output.contains("replay: every step checked (claims only, no build)"),
        "\(output)\n\(outcome.error)")
      // The linter runs as that step's CI runs it.
      for run in block.matches(
        of: /git checkout -q step-(\d\d) && (Scripts\/check-architecture\.sh[^)\n]*)\)/)
      {
        let ci = try await Subprocess.run(
          "git", ["-C", replayed, "show", "step-\(run.output.1):Scripts/ci.sh"])
        let line = ci.output.split(separator: "\n").last {
          $0.trimmingCharacters(in: .whitespaces).hasPrefix("Scripts/check-architecture.sh")
        }.map {
          $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(
            of: "\"$base\"", with: "HEAD~1")
        }
        #expect(
          line == String(run.output.2), "step \(run.output.1)'s CI runs \(line ?? "no linter")")
      }
    }
  }

  /// The fenced block that follows the heading `heading` in `document`.
  static func blockAfter(_ heading: String, in document: String) throws -> String {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
    return try #require(
      text.components(separatedBy: heading).dropFirst().first?
        .components(separatedBy: "```sh\n").dropFirst().first?
        .components(separatedBy: "\n```").first)
  }

  static let numberWords = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    "twenty",
  ]

  /// The replayed history reads as the series: step NN is the tag `step-NN` on main (a canary's
  /// on its branch), each commit's message is its pull request's description without the
  /// README's HTML comments, and the count of pull requests the script prints is the guide's.
  @Test(arguments: [
    ("Workshop/Migration", 16, "the sixteen pull requests that move it into Voyage's shape"),
    ("Workshop/OneTarget", 18, "the eighteen pull requests that carve it into modules"),
  ])
  func everyStepIsTaggedAndItsCommitCarriesItsDescription(
    example: String, count: Int, guideSays: String
  ) async throws {
    try await withTemporaryFolder("tags") { folder in
      let replayed = folder.appendingPathComponent("replayed")
      let outcome = try await Subprocess.run(
        repositoryRoot.appendingPathComponent("Workshop/Scripts/replay-migration.sh").path,
        ["--example", repositoryRoot.appendingPathComponent(example).path, "--into", replayed.path])
      #expect(outcome.status == 0, "\(outcome.error)")
      let steps = repositoryRoot.appendingPathComponent("\(example)/Steps")
      let names = try FileManager.default.contentsOfDirectory(atPath: steps.path).sorted()
      #expect(names.count == count)
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
        #expect(
          !message.output.contains("<!--"),
          "step-\(number)'s message carries its README's HTML comments")
      }
      let onMain = try await Subprocess.run(
        "git", ["-C", replayed.path, "merge-base", "--is-ancestor", "step-04", "main"])
      #expect(onMain.status == 1, "the canary is a branch, never merged")
      #expect(
        outcome.output.contains(
          "replay: \(count) pull requests (\(count - 1) merged, the canary refused on branches"),
        "\(outcome.output)")
      let guide = try String(
        contentsOf: repositoryRoot.appendingPathComponent("docs/Voyage.docc/Migration.md"),
        encoding: .utf8)
      #expect(
        guide.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(guideSays))
    }
  }

  /// `--claims`, the replay's checks that need no build, on a copy of the one-target example
  /// with the defects a learner found put back: a baseline reason that names another step than
  /// the one that deletes the line, an entry that went unseen and is not marked so (and one
  /// marked so that did not), a "step NN removes" that another step does, a quoted linter command
  /// that is not the step's CI's, a CODEOWNERS that leaves the CI script to ordinary reviewers,
  /// a table of steps that hides the unseen entries, and the start's size counted on the package
  /// instead of its library target.
  @Test func theClaimsCheckFindsEachClaimTheSeriesDoesNotHold() async throws {
    try await withTemporaryFolder("claims") { folder in
      let example = folder.appendingPathComponent("OneTarget")
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Workshop/OneTarget"), to: example)
      func edit(_ path: String, _ from: String, _ to: String) throws {
        let file = example.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(from), "\(path) has no '\(from)'")
        try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: file)
      }
      // The reason names step 12 in every patch that shows the line; step 07 deletes it.
      let steps = example.appendingPathComponent("Steps")
      for name in try FileManager.default.contentsOfDirectory(atPath: steps.path) {
        for patch in try FileManager.default.contentsOfDirectory(
          atPath: steps.appendingPathComponent(name).path) where patch.hasSuffix(".patch")
        {
          let file = steps.appendingPathComponent("\(name)/\(patch)")
          let text = try String(contentsOf: file, encoding: .utf8)
          try Data(
            text.replacingOccurrences(
              of: "it is handed its language in step 07",
              with: "it is handed its language in step 12"
            ).utf8
          ).write(to: file)
        }
      }
      try edit(
        "Steps/07-networking-module-mocks-out/README.md",
        "CheckoutViewModel.swift -> RoamAPI`: unseen.", "CheckoutViewModel.swift -> RoamAPI`: gone."
      )
      try edit(
        "Steps/09-persistence-behind-an-interface/README.md",
        "TicketsViewModel.swift -> JSONFile`: the view model",
        "TicketsViewModel.swift -> JSONFile`: unseen; the view model")
      try edit(
        "Steps/08-split-the-api-protocol/README.md", "step 10 removes", "step 11 removes")
      try edit(
        "Steps/05-split-models/README.md",
        "$ Scripts/check-architecture.sh --baseline-may-not-grow HEAD~1",
        "$ Scripts/check-architecture.sh")
      try edit(
        "Steps/03-block-growth/change.patch", "+/Scripts/ci.sh @roam/architecture",
        "+/Scripts/ci.sh @roam/app")
      try edit("README.md", "| 8 (5 unseen) |", "| 8 |")
      try edit(
        "README.md", "Workshop/OneTarget -->2,331 lines of Swift in 42 files",
        "Workshop/OneTarget -->2,500 lines of Swift in 47 files")
      let outcome = try await Subprocess.run(
        repositoryRoot.appendingPathComponent("Workshop/Scripts/replay-migration.sh").path,
        [
          "--claims", "--example", example.path, "--into",
          folder.appendingPathComponent("replayed").path,
        ], environment: try Self.environment(temporaryFilesIn: folder))
      #expect(outcome.status == 1)
      for expected in [
        "07-networking-module-mocks-out deletes 'folder-dependency|Roam|Sources/Roam/Networking/APIClient.swift -> AppSettings', whose reason",
        "07-networking-module-mocks-out: 'folder-dependency|Roam|Sources/Roam/ViewModels/CheckoutViewModel.swift -> RoamAPI' went unseen",
        "09-persistence-behind-an-interface: its README says 'folder-dependency|Roam|Sources/Roam/ViewModels/TicketsViewModel.swift -> JSONFile' went unseen",
        "'step 11 removes `BookingService` from `SearchScreen.swift`' is not what the series does",
        "05-split-models: its README quotes 'Scripts/check-architecture.sh', but its Scripts/ci.sh runs 'Scripts/check-architecture.sh --baseline-may-not-grow HEAD~1'",
        "03-block-growth: CODEOWNERS gives Scripts/ci.sh to '@roam/app', not to the architecture's reviewers",
        "step 07: '8', '23' where the series has '8 (5 unseen)', '23'",
        "README.md does not give the start's size as the replay counts it: 2,331 lines of Swift in 42 files",
      ] {
        #expect(outcome.error.contains(expected), "\(expected)\n\(outcome.error)")
      }
    }
  }

  /// The figures the one-target docs quote are the series': the start's library target counted
  /// (its Swift files and lines), the search screen's share of the split preview as step 05's
  /// table (which the replay recomputes) has it, and step 01's summary, whose "in 3 targets"
  /// counts the targets checked while every finding it quotes is in `Roam`.
  @Test func theOneTargetDocsQuoteTheSeriesFigures() throws {
    func text(_ path: String) throws -> String {
      try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }
    // A document's words, its line breaks and runs of spaces made single spaces.
    func words(_ path: String) throws -> String {
      try text(path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let target = repositoryRoot.appendingPathComponent("Workshop/OneTarget/Start/Sources/Roam")
    let files = try #require(FileManager.default.enumerator(atPath: target.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    let lines = try files.reduce(0) { total, file in
      total
        + (try text("Workshop/OneTarget/Start/Sources/Roam/\(file)")).filter { $0 == "\n" }.count
    }
    let formatted = lines.formatted(.number.locale(Locale(identifier: "en_US")))
    for document in ["Workshop/OneTarget/README.md", "docs/Voyage.docc/Migration.md"] {
      #expect(
        try words(document).contains("\(formatted) lines of Swift in \(files.count) files"),
        "\(document) should say \(formatted) lines of Swift in \(files.count) files")
    }
    let table = try text("Workshop/OneTarget/Steps/05-split-models/README.md")
    let row = try #require(
      table.firstMatch(
        of: /`Sources\/Roam\/Screens\/SearchScreen\.swift` \| (\d+) uses of (\d+) names/))
    #expect(
      try words("Workshop/OneTarget/Steps/15-search-feature/README.md").contains(
        "used names of the rest of the target \(row.output.1) times, \(row.output.2) names in all"))
    #expect(
      try words("docs/Voyage.docc/Migration.md").contains(
        "\(row.output.1) of them in the search screen alone"))
    let first = try text("Workshop/OneTarget/Steps/01-folder-layers-report-only/README.md")
    let findings = first.matches(of: /\n(Sources\/([A-Za-z]+)\/[^:]+):\d+:\d+: error:/)
    let summary = try #require(
      first.firstMatch(of: /architecture: (\d+) violations in (\d+) targets/))
    #expect(findings.count == Int(summary.output.1))
    #expect(Set(findings.map { String($0.output.2) }) == ["Roam"])
    let prose = try words("Workshop/OneTarget/Steps/01-folder-layers-report-only/README.md")
    #expect(prose.contains("All \(findings.count) violations are in `Roam`"))
    #expect(
      prose.contains("\"In \(summary.output.2) targets\" counts the targets the linter checked"))
  }

  /// The one-target series' scripts run where its guide says: shown on Linux, and written for
  /// macOS too, so they use none of what only GNU tools or bash 4 have.
  @Test func theOneTargetScriptsUseNoGNUOnlyToolAndTheGuideSaysWhereItWasShown() throws {
    let gnuOnly = [
      "sed -i", "date +%s%N", "%N", "wait -n", "declare -A", "local -A", "mapfile", "readarray",
      ",,}", "^^}", "grep -P", "readlink -f", "stat -c", "sort -V", "find -printf", "-printf",
    ]
    for script in [
      "Workshop/Scripts/replay-migration.sh", "Workshop/Scripts/measure-one-target-payoff.sh",
      "Scripts/lib/modules-built.sh",
    ] {
      let code = try String(
        contentsOf: repositoryRoot.appendingPathComponent(script), encoding: .utf8
      ).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        .joined(separator: "\n")
      for construct in gnuOnly {
        #expect(!code.contains(construct), "\(script) uses \(construct)")
      }
    }
    let guide = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/Voyage.docc/Migration.md"),
      encoding: .utf8)
    let section = try #require(
      guide.components(separatedBy: "## Your app is one target").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    #expect(section.contains("was shown on Linux (Debian 12, Swift 6.3.1)"))
    #expect(section.contains("no one has run them there yet"))
  }
}
