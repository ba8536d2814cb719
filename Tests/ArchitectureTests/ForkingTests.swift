import Foundation
import Testing

/// `Scripts/fork.sh` and `Scripts/remove-module.sh`, run in a copy of the repository that is a git
/// work tree of its own (both scripts read and move tracked files).
@Suite("Forking and removing modules")
struct ForkingTests {
  /// A copy of the repository as it is on disk, committed in a fresh git repository.
  static func committedCopy() async throws -> URL {
    let copy = try await ScaffoldingTests.copyOfRepository()
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      ["-c", "user.name=Fork", "-c", "user.email=fork@example.com", "commit", "-qm", "copy"],
    ] {
      let outcome = try await Subprocess.run("git", ["-C", copy.path] + arguments)
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    return copy
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
  /// commands and the benchmarks that use it), and the app still builds, passes the linter and runs.
  @Test func aForkRenamesTheAppEverywhereDropsAFeatureAndItsCommandRuns() async throws {
    let copy = try await Self.committedCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let (new, lower) = (Self.newName, Self.newName.lowercased())
    let forked = try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/fork.sh").path, new, "--no-check"])
    #expect(forked.status == 0, "\(forked.error)")

    // Nothing of the app keeps the old name, outside the linter's fixtures and fork.sh's comments.
    let leftovers = try await Subprocess.run(
      "git",
      [
        "-C", copy.path, "grep", "-il", Self.appName, "--", ".", ":!ArchitectureLinter",
        ":!Scripts/fork.sh",
      ])
    #expect(leftovers.output.isEmpty, "still named \(Self.appName): \(leftovers.output)")
    #expect(try Self.text("Package.swift", in: copy).contains("name: \"\(new)\""))
    #expect(try Self.text("CODEOWNERS", in: copy).contains("@\(lower)/"))
    #expect(
      FileManager.default.fileExists(
        atPath: copy.appendingPathComponent("Sources/App/\(lower)/main.swift").path))

    // Without re-recording the other help snapshots, which would build the tests as well: this
    // test reads the built command, and CI's Scripts/check-feature-removal.sh re-records them and
    // runs the fork's whole suite.
    let feature = ScaffoldingTests.featureWithCommands
    let removed = try await Subprocess.run(
      "bash",
      [
        copy.appendingPathComponent("Scripts/remove-module.sh").path, feature, "--no-check",
        "--no-record",
      ])
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
    let graph = copy.appendingPathComponent("README.md").path
    let lint = try await Linter.run(
      ["--check-graph", graph, "--check-module-readmes"], description: description)
    #expect(lint.status == 0, "\(lint.output)")

    let scratch = copy.appendingPathComponent(".build").path
    let build = try await Subprocess.run(
      "nice",
      [
        "-n", "19", "swift", "build", "--package-path", copy.path, "--scratch-path", scratch,
        "--product", lower,
      ])
    #expect(build.status == 0, "\(build.output.suffix(2_000))")
    let help = try await Subprocess.run(
      copy.appendingPathComponent(".build/debug/\(lower)").path, ["--help"],
      environment: [
        "\(new.uppercased())_HOME": copy.appendingPathComponent("home").path, "NO_COLOR": "1",
      ])
    #expect(help.status == 0)
    #expect(help.output.contains("Usage: \(lower) <command>"))
    #expect(help.output.contains("(default ~/.\(lower))"))
    #expect(help.output.contains("\(new.uppercased())_HOME"))
    #expect(!help.output.lowercased().contains(Self.appName.lowercased()))
    #expect(help.output.contains("  completions"))
  }

  @Test(arguments: [
    (["lowercase"], "is not an app name"),
    ([appName], "already called \(appName)"),
    (["SharedKernel"], "already the name of a module"),
    ([newName, "--env-prefix", "lower"], "is not an environment-variable prefix"),
    ([newName, "--org", "Big Org"], "is not an organisation name"),
  ])
  func aBadForkIsRefusedBeforeAnythingChanges(arguments: [String], message: String) async throws {
    let copy = try await Self.committedCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let outcome = try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/fork.sh").path] + arguments + ["--no-check"])
    #expect(outcome.status == 64)
    #expect(outcome.error.contains(message), "\(outcome.error)")
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty, "changed: \(status.output)")
  }

  @Test func removingAScaffoldedModuleLeavesThePackageAsItWas() async throws {
    let copy = try await Self.committedCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let scripts = copy.appendingPathComponent("Scripts")
    let added = [
      ("Features", ScaffoldingTests.feature), ("Interfaces", ScaffoldingTests.interface),
    ]
    for (layer, name) in added {
      let added = try await Subprocess.run(
        "bash", [scripts.appendingPathComponent("new-module.sh").path, layer, name, "--no-check"])
      #expect(added.status == 0, "\(added.error)")
    }
    for (_, name) in added {
      let removed = try await Subprocess.run(
        "bash", [scripts.appendingPathComponent("remove-module.sh").path, name, "--no-check"])
      #expect(removed.status == 0, "\(removed.error)")
    }
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty, "left behind: \(status.output)")
  }

  /// A removal or a scaffolding that fails part-way puts back every file it changed. The failure
  /// is injected through `PATH`: a `perl -0pi` that fails, in the function of remove-module.sh that
  /// rewrites the manifest after the feature's wiring was deleted, and a `swift format` that fails
  /// at new-module.sh's end, after its files were written.
  @Test(arguments: [
    (
      "remove-module.sh", [ScaffoldingTests.featureWithCommands, "--no-check"], "perl", "-0pi",
      "remove-module: failed; every change was undone"
    ),
    (
      "new-module.sh", ["Features", ScaffoldingTests.feature, "Planning a trip.", "--no-check"],
      "swift", "format", "new-module: failed; every change was undone"
    ),
  ])
  func aToolThatFailsPartWayLeavesTheTreeAsItWas(
    script: String, arguments: [String], command: String, failingFirstArgument: String,
    message: String
  ) async throws {
    let copy = try await Self.committedCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let real = try await Subprocess.run("bash", ["-c", "command -v \(command)"])
    let realPath = real.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!realPath.isEmpty)
    let shims = copy.appendingPathComponent(".failing-tools")
    try FileManager.default.createDirectory(at: shims, withIntermediateDirectories: true)
    let shim = shims.appendingPathComponent(command)
    try Data(
      """
      #!/usr/bin/env bash
      [ "$1" = "\(failingFirstArgument)" ] && { echo "injected failure" >&2; exit 1; }
      exec \(realPath) "$@"

      """.utf8
    ).write(to: shim)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim.path)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = shims.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let outcome = try await Subprocess.run(
      "bash", [copy.appendingPathComponent("Scripts/\(script)").path] + arguments,
      environment: environment, in: copy)
    try FileManager.default.removeItem(at: shims)
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("injected failure"), "\(outcome.error)")
    #expect(outcome.error.contains(message), "\(outcome.error)")
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty, "left behind: \(status.output)")
  }

  @Test func aModuleInUseOutsideTheAppLayerIsNotRemovedAndItsUsersAreNamed() async throws {
    let copy = try await Self.committedCopy()
    defer { try? FileManager.default.removeItem(at: copy) }
    let outcome = try await Subprocess.run(
      "bash",
      [
        copy.appendingPathComponent("Scripts/remove-module.sh").path,
        "SharedKernel", "--no-check",
      ])
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("'SharedKernel' is still used by "), "\(outcome.error)")
    #expect(outcome.error.contains("AppComposition"), "\(outcome.error)")
    let status = try await Subprocess.run("git", ["-C", copy.path, "status", "--porcelain"])
    #expect(status.output.isEmpty)
  }
}
