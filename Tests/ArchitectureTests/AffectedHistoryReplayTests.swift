import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Workshop/Scripts/replay-affected-history.sh` on a small package whose history is known commit
/// by commit: what `--affected` reaches at each commit, the share and the minutes it would have run.
@Suite("Replaying what --affected would have run")
struct AffectedHistoryReplayTests {
  /// The package's folder, removed with the test's instance of the suite.
  let folder: TemporaryFolder
  var package: URL { folder.url.appendingPathComponent("Tiny") }

  init() throws {
    folder = try TemporaryFolder.created("replay-affected")
  }

  func write(_ path: String, _ text: String) throws {
    let file = package.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func git(_ arguments: [String]) async throws {
    let outcome = try await Subprocess.run(
      "git", ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + arguments,
      in: package)
    #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
  }

  func commit(_ message: String) async throws {
    try await git(["add", "-A"])
    try await git(["commit", "--quiet", "-m", message])
  }

  /// Runs the script with the linter the other linter tests compiled, not a compile of its own.
  func replay(_ arguments: [String]) async throws -> Subprocess.Outcome {
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE"] = try await Linter.shared.executable().path
    return try await Subprocess.run(
      repositoryRoot.appendingPathComponent("Workshop/Scripts/replay-affected-history.sh").path,
      arguments + [package.path], environment: environment)
  }

  /// Beta depends on Alpha; AlphaTests costs one minute, BetaTests two.
  func makeHistory() async throws {
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    try await git(["init", "--quiet"])
    try write(
      "Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Tiny", targets: [
        .target(name: "Alpha"), .target(name: "Beta", dependencies: ["Alpha"]),
        .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
        .testTarget(name: "BetaTests", dependencies: ["Beta"]),
      ])
      """)
    try write("Sources/Alpha/A.swift", "let a = 1\n")
    try write("Sources/Beta/B.swift", "let b = 1\n")
    try write("Tests/AlphaTests/T.swift", "import Alpha\n")
    try write("Tests/BetaTests/T.swift", "import Beta\n")
    try await commit("the first commit, which has no parent to compare with")
    try write("Sources/Beta/B.swift", "let b = 2\n")
    try await commit("beta alone")
    // Its parent left AlphaTests out: a follow-up, to be read.
    try write("Tests/AlphaTests/T.swift", "import Alpha // a fixed test\n")
    try await commit("alpha's tests alone")
    try write("Sources/Alpha/A.swift", "let a = 2\n")
    try await commit("alpha, which beta depends on")
    try write("README.md", "# Tiny\n")
    try await commit("a file in no target's folder")
    try await git(["checkout", "--quiet", "-b", "side"])
    try write("Sources/Beta/B.swift", "let b = 3\n")
    try await commit("beta on a branch")
    try await git(["checkout", "--quiet", "-"])
    try await git(["merge", "--quiet", "--no-ff", "side", "-m", "the branch merged"])
  }

  @Test func eachCommitRunsWhatItsChangeReachesAndTheMergeWhatItsBranchChanged() async throws {
    try await makeHistory()
    let durations = folder.url.appendingPathComponent("durations.tsv")
    try Data("AlphaTests\t60.0\t3\t0\nBetaTests\t120.0\t5\t0\n".utf8).write(to: durations)

    let outcome = try await replay(["--json", "--commits", "50", "--durations", durations.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let rows = try #require(report["rows"] as? [[String: Any]])
    // Newest first; the root commit is left out.
    #expect(
      rows.map { $0["subject"] as? String } == [
        "the branch merged", "beta on a branch", "a file in no target's folder",
        "alpha, which beta depends on", "alpha's tests alone", "beta alone",
      ])
    #expect(
      rows.map { $0["reached"] as? [String] } == [
        ["BetaTests"], ["BetaTests"], ["AlphaTests", "BetaTests"], ["AlphaTests", "BetaTests"],
        ["AlphaTests"], ["BetaTests"],
      ])
    #expect(rows.map { $0["merge"] as? Bool } == [true, false, false, false, false, false])
    #expect(
      rows.map { ($0["everything_because"] as? [String])?.isEmpty } == [
        true, true, false, true, true, true,
      ])
    #expect(rows.map { $0["seconds"] as? Double } == [120, 120, 180, 180, 60, 120])
    #expect(rows.allSatisfy { $0["all_seconds"] as? Double == 180 })
    #expect(report["missed_changed_test_targets"] as? Int == 0)
    let followUps = try #require(report["follow_ups"] as? [[String: String]])
    #expect(followUps.map { $0["test_target"] } == ["AlphaTests"])
    #expect(followUps.map { $0["subject"] } == ["alpha's tests alone"])
    #expect(followUps.map { $0["parent_subject"] } == ["beta alone"])
    let share = try #require(report["share"] as? [String: Double])
    #expect(share == ["median": 0.5, "min": 0.5, "max": 1])
    let minutes = try #require(report["minutes"] as? [String: Double])
    #expect(minutes == ["median": 2, "min": 1, "max": 3])

    let text = try await replay(["--commits", "2"])
    #expect(text.status == 0, "\(text.error)")
    #expect(
      text.output.contains(
        "2 commits replayed, 1 of them merges (each compared with its first parent)."))
    #expect(text.output.contains("Share of test targets run: median 50%, range 50–50%."))
  }

  /// `--reads-from` gives older commits today's map; a commit from before any configuration
  /// has no layers to take it into, and is replayed as it was.
  @Test func readsFromALaterRevisionMapsTheOlderCommitsThatHaveAConfiguration() async throws {
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    try await git(["init", "--quiet"])
    try write(
      "Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Tiny", targets: [
        .target(name: "Alpha"), .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
        .testTarget(name: "OtherTests"),
      ])
      """)
    try write("Sources/Alpha/A.swift", "let a = 1\n")
    try write("Tests/AlphaTests/T.swift", "import Alpha\n")
    try write("Tests/OtherTests/T.swift", "let other = 1\n")
    try await commit("the first commit")
    try write("README.md", "# Tiny\n")
    try await commit("the README, before any configuration")
    try write("architecture.json", "{}\n")
    try await commit("an empty configuration")
    try write("README.md", "# Tiny, read by the tests\n")
    try await commit("the README, with a configuration")
    try write(
      "architecture.json",
      """
      {"reads": [{"targets": ["AlphaTests"], "files": ["README.md"], "because": "they read it"}]}
      """)
    try await commit("the map")

    let outcome = try await replay(["--json", "--reads-from", "HEAD"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    let rows = try #require(report["rows"] as? [[String: Any]])
    #expect(
      rows.map { $0["subject"] as? String } == [
        "the map", "the README, with a configuration", "an empty configuration",
        "the README, before any configuration",
      ])
    #expect(
      rows.map { $0["reached"] as? [String] } == [
        ["AlphaTests", "OtherTests"], ["AlphaTests"], ["AlphaTests", "OtherTests"],
        ["AlphaTests", "OtherTests"],
      ])
  }

  @Test(arguments: [
    (["--commits", "0"], "--commits needs a whole number"),
    (["--durations", "/no/such/file"], "--durations: no file '/no/such/file'"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
  ])
  func badInputIsRefusedWithExitSixtyFourAndWhatToRun(arguments: [String], message: String)
    async throws
  {
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    let outcome = try await replay(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.output.isEmpty)
    #expect(outcome.error.contains(message) && outcome.error.contains("--help"))
  }
}
