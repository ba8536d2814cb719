import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Scripts/fork.sh` and `Scripts/remove-module.sh`, run in a copy of the repository that is a git
/// work tree of its own (both scripts read and move tracked files).
@Suite("Forking and removing modules")
struct ForkingTests {
  /// A copy of the repository as it is on disk, committed in a fresh git repository, in a folder
  /// the caller keeps alive while it uses the copy.
  static func committedCopy() async throws -> TemporaryFolder {
    let repository = try await ScaffoldingTests.copyOfRepository()
    let copy = repository.url
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      ["-c", "user.name=Fork", "-c", "user.email=fork@example.com", "commit", "-qm", "copy"],
    ] {
      let outcome = try await Subprocess.run("git", ["-C", copy.path] + arguments)
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    return repository
  }

  static func text(_ path: String, in copy: URL) throws -> String {
    try String(contentsOf: copy.appendingPathComponent(path), encoding: .utf8)
  }

  /// The app's name today, read from the manifest, so the tests still hold in a fork.
  static let appName: String = {
    let manifest =
      (try? String(
        contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    let line = manifest.split(separator: "\n").first { $0.hasPrefix("  name: \"") } ?? ""
    return line.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
  }()

  /// A new name for the fork: not the app's own.
  static let newName = appName == "Atlas" ? "Wayfarer" : "Atlas"

  /// The path a fork takes: rename the app, drop a sample feature (with its App-layer wiring, its
  /// commands and the benchmarks that use it), and the app still passes the linter and the format
  /// check. That the fork then builds, runs and passes its whole check suite is
  /// `Scripts/check-feature-removal.sh`'s proof (CI runs it on the same feature), not built twice.
  @Test func aForkRenamesTheAppEverywhereAndDropsAFeatureCleanly() async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let (new, lower) = (Self.newName, Self.newName.lowercased())
    let forked = try await ScaffoldingTests.tool("fork.sh", [new, "--no-check"], in: copy)
    #expect(forked.status == 0, "\(forked.error)")

    // Nothing of the app keeps the old name, outside the linter's package.
    let leftovers = try await Subprocess.run(
      "git",
      ["-C", copy.path, "grep", "-il", Self.appName, "--", ".", ":!Workshop/ArchitectureLinter"])
    #expect(leftovers.output.isEmpty, "still named \(Self.appName): \(leftovers.output)")
    // The one-file linter is still a link into the linter's package, which names the app in its
    // text: a link is not rewritten into a renamed copy of its target.
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: copy.appendingPathComponent("Scripts/check-architecture.swift").path)
    #expect(link == "../Workshop/ArchitectureLinter/Scripts/check-architecture.swift")
    #expect(try Self.text("Package.swift", in: copy).contains("name: \"\(new)\""))
    #expect(try Self.text("CODEOWNERS", in: copy).contains("@\(lower)/"))
    #expect(
      FileManager.default.fileExists(
        atPath: copy.appendingPathComponent("Sources/App/\(lower)/main.swift").path))

    // Without re-recording the other help snapshots, which would build the app and its tests:
    // Scripts/check-feature-removal.sh re-records them and runs the fork's whole suite.
    let feature = ScaffoldingTests.featureWithCommands
    let removed = try await ScaffoldingTests.tool(
      "remove-module.sh",
      [feature, "--no-check", "--no-record"], in: copy)
    #expect(removed.status == 0, "\(removed.error.suffix(2_000))")
    #expect(removed.output.contains("are not re-recorded; to do it:"), "\(removed.output)")
    let stillNamed = try await Subprocess.run(
      "git",
      [
        "-C", copy.path, "grep", "-lw", feature, "--", "Package.swift", "Sources/*.swift",
        "Benchmarks",
      ])
    #expect(stillNamed.output.isEmpty, "still named \(feature): \(stillNamed.output)")

    let described = try await Subprocess.run(
      "swift", ["package", "--package-path", copy.path, "describe", "--type", "json"])
    let description = Data(described.output.utf8)
    // The docs' catalog is named after the app, and the fork renamed it.
    let documents = ["README.md", "docs/\(new).docc/ModuleGraph.md"].flatMap {
      ["--check-graph", copy.appendingPathComponent($0).path]
    }
    let lint = try await Linter.run(
      documents + ["--check-module-readmes"], description: description)
    #expect(lint.status == 0, "\(lint.output)")
    // Formatted as the check suite wants it: a list the removal left with one line or none is
    // written another way.
    let formatted = try await Subprocess.run(
      "swift", ["format", "lint", "--strict", "--recursive", "Package.swift", "Sources", "Tests"],
      in: copy)
    #expect(formatted.status == 0, "\(formatted.error.suffix(2_000))")
  }

  @Test(arguments: [
    (["lowercase"], "is not an app name"),
    ([appName], "already called \(appName)"),
    (["SharedKernel"], "already the name of a module"),
    ([newName, "--env-prefix", "lower"], "is not an environment-variable prefix"),
    ([newName, "--org", "Big Org"], "is not an organisation name"),
  ])
  func aBadForkIsRefusedBeforeAnythingChanges(arguments: [String], message: String) async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let outcome = try await ScaffoldingTests.tool("fork.sh", arguments + ["--no-check"], in: copy)
    #expect(outcome.status == 64)
    #expect(outcome.error.contains(message), "\(outcome.error)")
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty, "changed: \(status.output)")
  }

  @Test func removingAScaffoldedModuleLeavesThePackageAsItWas() async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let added = [
      ("Features", ScaffoldingTests.feature), ("Interfaces", ScaffoldingTests.interface),
    ]
    for (layer, name) in added {
      let added = try await ScaffoldingTests.tool(
        "new-module.sh", [layer, name, "--no-check"], in: copy)
      #expect(added.status == 0, "\(added.error)")
    }
    // Neither module has a command, so no help snapshot is its: nothing to build and record.
    for (_, name) in added {
      let removed = try await ScaffoldingTests.tool(
        "remove-module.sh", [name, "--no-check", "--no-record"], in: copy)
      #expect(removed.status == 0, "\(removed.error)")
    }
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty, "left behind: \(status.output)")
  }

  /// One step of a tool to fail: the `nth` call of `command` whose arguments start with
  /// `arguments`.
  struct InjectedFailure: CustomStringConvertible, Sendable {
    let command: String
    let arguments: String
    let nth: Int
    var description: String { "\(command) \(arguments) (call \(nth))" }
  }

  /// Runs a tool of the repository with a stand-in for `command` first on `PATH`, in `shims`: a
  /// bash script that runs `body`, then the real command with the same arguments.
  static func run(
    _ script: String, _ arguments: [String], in copy: URL, standingIn command: String,
    with body: String, shims: URL
  ) async throws -> Subprocess.Outcome {
    let real = try await Subprocess.run("bash", ["-c", "command -v \(command)"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!real.isEmpty, "\(command) is not on PATH")
    let shim = shims.appendingPathComponent(command)
    try Data("#!/usr/bin/env bash\n\(body)\nexec \(real) \"$@\"\n".utf8).write(to: shim)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim.path)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = shims.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try await ScaffoldingTests.tool(script, arguments, in: copy, environment: environment)
  }

  /// Undo is an invariant: a removal, a fork and a scaffolding that fail at any of their steps
  /// put back every file they changed, renamed, created or deleted. Here a program the tool runs
  /// fails: a stand-in on `PATH` for the command, failing at that call, and the tool runs again,
  /// in the same copy, for the next one; every run must leave `git status` empty. Each of the
  /// tool's own steps is failed in-process by the Scaffolding package's `UndoAtEveryStepTests`.
  @Test(arguments: [
    (
      "remove-module.sh", [ScaffoldingTests.featureWithCommands, "--no-check", "--no-record"],
      "remove-module: failed; every change was undone",
      [
        InjectedFailure(command: "swift", arguments: "format", nth: 1),
        InjectedFailure(command: "swift", arguments: "format", nth: 2),
        InjectedFailure(command: "swift", arguments: "package describe", nth: 2),
        InjectedFailure(command: "git", arguments: "ls-files", nth: 1),
      ]
    ),
    (
      "fork.sh", [ForkingTests.newName, "--no-check"], "fork: failed; every change was undone",
      [
        InjectedFailure(command: "git", arguments: "ls-files", nth: 2),
        InjectedFailure(command: "git", arguments: "mv", nth: 3),
        InjectedFailure(command: "swift", arguments: "format", nth: 1),
        InjectedFailure(command: "swift", arguments: "package", nth: 1),
      ]
    ),
    (
      "new-module.sh", ["Features", ScaffoldingTests.feature, "Planning a trip.", "--no-check"],
      "new-module: failed; every change was undone",
      [
        InjectedFailure(command: "swift", arguments: "format", nth: 1),
        InjectedFailure(command: "swift", arguments: "package describe", nth: 1),
      ]
    ),
  ])
  func aToolThatFailsAtAnyStepLeavesTheTreeAsItWas(
    script: String, arguments: [String], message: String, failures: [InjectedFailure]
  ) async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    for failure in failures {
      try await withTemporaryFolder("failing-tools") { shims in
        let counter = shims.appendingPathComponent("calls")
        let injected = shims.appendingPathComponent("injected")
        let outcome = try await Self.run(
          script, arguments, in: copy, standingIn: failure.command,
          with: """
            case "$*" in
              '\(failure.arguments)'*)
                calls=$(( $(cat '\(counter.path)' 2>/dev/null || echo 0) + 1 ))
                echo "$calls" > '\(counter.path)'
                [ "$calls" -eq \(failure.nth) ] && { touch '\(injected.path)'; exit 1; } ;;
            esac
            """, shims: shims)
        #expect(outcome.status != 0, "\(failure)")
        #expect(
          FileManager.default.fileExists(atPath: injected.path), "\(failure) was never called")
        #expect(outcome.error.contains(message), "\(failure): \(outcome.error)")
        let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
        #expect(status.output.isEmpty, "\(failure) left behind: \(status.output)")
        if !status.output.isEmpty {
          _ = try await Subprocess.run("git", ["-C", copy.path, "reset", "-q", "--hard"])
          _ = try await Subprocess.run("git", ["-C", copy.path, "clean", "-q", "-fd"])
        }
      }
    }
  }

  /// Ctrl-C in the middle of a command puts the tree back too. The formatter is a stand-in that
  /// interrupts the tool which started it and then waits, ignoring SIGINT as a program started
  /// by the tool does: the tool asks it to stop, kills it after the grace period, puts every
  /// file back and exits as a shell reports an interrupt (130).
  @Test(arguments: [
    ("new-module.sh", ["Features", ScaffoldingTests.feature, "--no-check"]),
    ("remove-module.sh", [ScaffoldingTests.featureWithCommands, "--no-check", "--no-record"]),
    ("fork.sh", [ForkingTests.newName, "--no-check"]),
  ])
  func anInterruptedCommandLeavesTheTreeAsItWas(script: String, arguments: [String]) async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    try await withTemporaryFolder("interrupting-tools") { shims in
      let outcome = try await Self.run(
        script, arguments, in: copy, standingIn: "swift",
        with: """
          [ "$1" = format ] && { echo $$ > '\(shims.path)/formatter'; kill -INT "$PPID"; exec sleep 600; }
          """, shims: shims)
      #expect(outcome.status == 130, "\(outcome.error)")
      #expect(outcome.error.contains("interrupted; every change was undone"), "\(outcome.error)")
      let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
      #expect(status.output.isEmpty, "the interrupt left behind: \(status.output)")
      let formatter = try String(
        contentsOf: shims.appendingPathComponent("formatter"), encoding: .utf8
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      let alive = try await Subprocess.run("kill", ["-0", formatter])
      #expect(alive.status != 0, "the formatter (process \(formatter)) outlived the command")
    }
  }

  /// Every feature can be removed, wherever its entries stand in the manifest's lists (the last
  /// feature's example is the last element of its array, which the removal once cut with the
  /// code after it), and the manifest left behind is one SwiftPM reads.
  @Test(arguments: ScaffoldingTests.modules.filter { $0.layer == "Features" }.map(\.name))
  func everyFeatureIsRemovedLeavingAManifestSwiftPMReads(feature: String) async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let removed = try await ScaffoldingTests.tool(
      "remove-module.sh", [feature, "--no-check", "--no-record"], in: copy)
    #expect(removed.status == 0, "\(removed.error)")
    let manifest = try Self.text("Package.swift", in: copy)
    #expect(!manifest.contains("\"\(feature)\""))
    let read = try await Subprocess.run(
      "swift", ["package", "--package-path", copy.path, "dump-package"])
    #expect(read.status == 0, "\(read.error)")
  }

  @Test func aModuleInUseOutsideTheAppLayerIsNotRemovedAndItsUsersAreNamed() async throws {
    let repository = try await Self.committedCopy()
    defer { withExtendedLifetime(repository) {} }
    let copy = repository.url
    let outcome = try await ScaffoldingTests.tool(
      "remove-module.sh", ["SharedKernel", "--no-check"], in: copy)
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("'SharedKernel' is still used by "), "\(outcome.error)")
    #expect(outcome.error.contains("AppComposition"), "\(outcome.error)")
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty)
  }
}
