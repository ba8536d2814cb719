import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Workshop/Scripts/measure-changes.sh` on a small package whose history is known commit by commit.
@Suite("Measuring how far changes reach")
struct MeasurementScriptTests {
  /// The package's folder, removed with the test's instance of the suite.
  let folder: TemporaryFolder
  var package: URL { folder.url }

  init() throws {
    folder = try TemporaryFolder.created("measure")
  }

  func write(_ path: String, _ text: String) throws {
    let file = package.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func commit(_ message: String) async throws {
    for arguments in [["add", "-A"], ["commit", "--quiet", "-m", message]] {
      let outcome = try await Subprocess.run(
        "git", ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + arguments,
        in: package)
      #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
    }
  }

  /// Runs the script with the linter the other linter tests compiled, not the interpreter.
  func measure(_ arguments: [String]) async throws -> Subprocess.Outcome {
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE"] = try await Linter.shared.executable().path
    return try await Subprocess.run(
      repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-changes.sh").path,
      arguments + [package.path], environment: environment)
  }

  @Test func eachCommitCountsTheModulesItTouchedTestsCountingAsTheModuleTheyTest() async throws {
    _ = try await Subprocess.run("git", ["init", "--quiet"], in: package)
    try write(
      "Package.swift",
      """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Tiny", targets: [
        .target(name: "Alpha"), .target(name: "Beta"),
        .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
      ])
      """)
    try write("Sources/Alpha/A.swift", "let a = 1\n")
    try write("Sources/Beta/B.swift", "let b = 1\n")
    try write("Tests/AlphaTests/T.swift", "import Alpha\n")
    try await commit("two modules at once")
    try write("Sources/Alpha/A.swift", "let a = 2\n")
    try write("Tests/AlphaTests/T.swift", "import Alpha // again\n")
    try await commit("one module and its tests")
    try write("README.md", "# Tiny\n")
    try await commit("no module")

    let outcome = try await measure(["--json", "--top", "2"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    #expect(report["commits"] as? Int == 3)
    #expect(report["distribution"] as? [String: Int] == ["0": 1, "1": 1, "2": 1])
    #expect(report["median"] as? Int == 1)
    let widest = try #require(report["widest_commits"] as? [[String: Any]])
    #expect(
      widest.map { $0["subject"] as? String } == [
        "two modules at once", "one module and its tests",
      ])
    #expect(widest.map { $0["modules"] as? Int } == [2, 1])
    let files = try #require(report["busiest_files"] as? [[String: Any]])
    #expect(
      files.map { $0["path"] as? String } == ["Sources/Alpha/A.swift", "Tests/AlphaTests/T.swift"])
    #expect(files.map { $0["commits"] as? Int } == [2, 2])

    let text = try await measure(["--top", "1"])
    #expect(text.status == 0)
    #expect(text.output.hasPrefix("Modules touched per commit: 3 commits (merges left out)"))
    #expect(text.output.contains("median 1, mean 1.0, 80th percentile 2"))
  }

  @Test func aCommitFromBeforeAMoveCountsForTheModuleItsFilesMovedInto() async throws {
    _ = try await Subprocess.run("git", ["init", "--quiet"], in: package)
    func manifest(alpha path: String) -> String {
      """
      // swift-tools-version: 6.0
      import PackageDescription
      let package = Package(name: "Tiny", targets: [
        .target(name: "Alpha", path: "\(path)"), .target(name: "Beta"),
      ])
      """
    }
    try write("Package.swift", manifest(alpha: "Sources/Alpha"))
    try write("Sources/Alpha/A.swift", "let a = 1\n")
    try write("Sources/Beta/B.swift", "let b = 1\n")
    try await commit("two modules at once")
    try write("Sources/Alpha/A.swift", "let a = 2\n")
    try await commit("alpha alone, before the move")
    // The move: the folder today's Alpha lives in is not the one the older commits touched.
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Sources/Features"), withIntermediateDirectories: true)
    let moved = try await Subprocess.run(
      "git", ["mv", "Sources/Alpha", "Sources/Features/Alpha"], in: package)
    #expect(moved.status == 0, "\(moved.error)")
    try write("Package.swift", manifest(alpha: "Sources/Features/Alpha"))
    try await commit("alpha moves into Features")

    let outcome = try await measure(["--json"])
    #expect(outcome.status == 0, "\(outcome.error)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
    // Without following the rename, the commit before the move touches no module (0).
    #expect(report["distribution"] as? [String: Int] == ["1": 2, "2": 1])
    let files = try #require(report["busiest_files"] as? [[String: Any]])
    #expect(files.first?["path"] as? String == "Sources/Features/Alpha/A.swift")
    #expect(files.first?["commits"] as? Int == 3)
  }

  @Test(arguments: [
    (["--top", "0"], "--top needs a whole number"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
  ])
  func badInputIsRefusedWithExitSixtyFourAndWhatToRun(arguments: [String], message: String)
    async throws
  {
    let outcome = try await measure(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.output.isEmpty)
    #expect(outcome.error.contains(message) && outcome.error.contains("--help"))
  }
}

/// `Workshop/Scripts/measure-rebuild.sh` on a package of three modules, one importing another.
@Suite("Measuring what a change rebuilds")
struct RebuildMeasurementTests {
  /// The package's folder, removed with the test's instance of the suite.
  let folder: TemporaryFolder
  var package: URL { folder.url }

  init() throws {
    folder = try TemporaryFolder.created("rebuild")
    for (path, text) in [
      (
        "Package.swift",
        """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Tiny", targets: [
          .target(name: "Base"), .target(name: "User", dependencies: ["Base"]),
          .target(name: "Alone"),
        ])

        """
      ),
      ("Sources/Base/Base.swift", "public let base = 1\n\npublic func log() {\n  _ = 1\n}\n"),
      ("Sources/User/User.swift", "import Base\n\npublic func user() {\n  _ = base\n}\n"),
      ("Sources/Alone/Alone.swift", "public func alone() {\n  _ = 2\n}\n"),
    ] {
      let file = package.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
  }

  func measure(_ arguments: [String]) async throws -> [String: Any] {
    let outcome = try await Subprocess.run(
      repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-rebuild.sh").path,
      arguments + ["--json", package.path])
    #expect(outcome.status == 0, "\(outcome.error)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
  }

  @Test func aBodyChangeRebuildsItsModuleAndANewPublicDeclarationItsImportersToo() async throws {
    let body = try await measure(["Base"])
    #expect(body["modules_rebuilt"] as? [String] == ["Base"])
    #expect(body["modules_touched"] as? [String] == ["Base"])
    let declaration = try await measure(["--public", "Base"])
    #expect(declaration["modules_rebuilt"] as? [String] == ["Base", "User"])
    #expect(declaration["modules_built"] as? Int == 3)
    // The package measured is never changed.
    let source = try String(
      contentsOf: package.appendingPathComponent("Sources/Base/Base.swift"), encoding: .utf8)
    #expect(!source.contains("rebuild"))
  }

  @Test func aPatchIsMeasuredByTheFilesFoldersAndModulesItTouches() async throws {
    let patch = package.appendingPathComponent("change.patch")
    try Data(
      """
      --- a/Sources/Alone/Alone.swift
      +++ b/Sources/Alone/Alone.swift
      @@ -1,3 +1,3 @@
       public func alone() {
      -  _ = 2
      +  _ = 3
       }
      --- /dev/null
      +++ b/Sources/Alone/More.swift
      @@ -0,0 +1 @@
      +let more = 1

      """.utf8
    ).write(to: patch)
    let measured = try await measure(["--patch", patch.path])
    #expect(
      measured["files"] as? [String] == ["Sources/Alone/Alone.swift", "Sources/Alone/More.swift"])
    #expect(measured["folders"] as? [String] == ["Sources/Alone"])
    #expect(measured["modules_rebuilt"] as? [String] == ["Alone"])
  }
}

/// `Workshop/Scripts/measure-migration-payoff.sh`: its builds one at a time unless asked otherwise, seen
/// through a stand-in for measure-rebuild.sh that records how many measurements run at once.
@Suite("Measuring the migration's payoff")
struct MigrationPayoffTests {
  /// Runs the payoff script with the stand-in; returns its outcome and, for each measurement,
  /// how many were running while it ran.
  func measure(_ arguments: [String]) async throws -> (Subprocess.Outcome, [Int]) {
    return try await withTemporaryFolder("payoff") { folder in
      let log = folder.appendingPathComponent("log")
      let standIn = folder.appendingPathComponent("measure-rebuild.sh")
      // Each measurement waits, up to a second, for another to start beside it, so that two at
      // once are seen as two; one at a time, none ever does.
      try Data(
        """
        #!/usr/bin/env bash
        log=\(log.path)
        echo start >>"$log"
        running() { echo $(($(grep -c '^start' "$log") - $(grep -c '^end' "$log"))); }
        for _ in $(seq 20); do [ "$(running)" -ge 2 ] && break; sleep 0.05; done
        echo "running $(running)" >>"$log"
        echo end >>"$log"
        echo '{"files": [], "folders": [], "modules_touched": [], "modules_rebuilt": [], "modules_built": 0}'

        """.utf8
      ).write(to: standIn)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: standIn.path)
      var environment = ProcessInfo.processInfo.environment
      environment["MEASURE_REBUILD"] = standIn.path
      let outcome = try await Subprocess.run(
        repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-migration-payoff.sh").path,
        arguments, environment: environment)
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      let running = text.split(separator: "\n").compactMap { line in
        line.hasPrefix("running ") ? Int(line.dropFirst("running ".count)) : nil
      }
      return (outcome, running)
    }
  }

  @Test func itsBuildsRunOneAtATimeUnlessJobsAsksForMore() async throws {
    let (serial, alone) = try await measure([])
    #expect(serial.status == 0, "\(serial.error)")
    #expect(alone == [1, 1, 1, 1], "measurements ran side by side: \(alone)")
    let (parallel, together) = try await measure(["--jobs", "2"])
    #expect(parallel.status == 0, "\(parallel.error)")
    #expect(together.count == 4 && together.contains(2), "\(together)")
    let (refused, _) = try await measure(["--jobs", "0"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("--jobs takes a number"))
  }
}
