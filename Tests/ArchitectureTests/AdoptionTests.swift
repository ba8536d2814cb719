import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// A team adds the architecture linter to its own package as the linter's article says: a path
/// dependency on its package, and a vendored artifact bundle so nothing is compiled. Adding it
/// brings only the linter's own targets into the team's graph, so a package whose targets are
/// named like every one of Voyage's (`Networking`, `DesignSystem`, …) still loads.
@Suite("Adopting the linter")
struct AdoptionTests {
  @Test func aPackageNamedLikeEveryVoyageModuleAddsTheLinterAndRunsItCleanly() async throws {
    let voyage = try await Linter.describe(package: repositoryRoot)
    let graph = try #require(try JSONSerialization.jsonObject(with: voyage) as? [String: Any])
    let names = try #require(graph["targets"] as? [[String: Any]]).compactMap {
      $0["name"] as? String
    }
    #expect(names.contains("Networking") && names.contains("SharedKernel") && names.count > 40)
    try await withTemporaryFolder("adopter") { consumer in
      let linterPackage = repositoryRoot.appendingPathComponent("Workshop/ArchitectureLinter")
      let targets = names.sorted().map { ".target(name: \"\($0)\", path: \"Sources/\($0)\")," }
      let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
          name: "Adopter",
          dependencies: [.package(path: "\(linterPackage.path)")],
          targets: [
            \(targets.joined(separator: "\n    "))
            .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle"),
          ]
        )

        """
      try Data(manifest.utf8).write(to: consumer.appendingPathComponent("Package.swift"))
      for name in names {
        let folder = consumer.appendingPathComponent("Sources/\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("public enum Marker {}\n".utf8).write(
          to: folder.appendingPathComponent("Marker.swift"))
      }
      // The guide's command, run from the team's package: `Tools` is read from there.
      let bundle = try await Subprocess.run(
        "nice",
        [
          "-n", "19", linterPackage.appendingPathComponent("Scripts/build-artifact-bundle.sh").path,
          "--output", "Tools",
        ], in: consumer)
      #expect(bundle.status == 0, "\(bundle.error.suffix(2_000))")
      #expect(
        bundle.output.trimmingCharacters(in: .newlines)
          == consumer.appendingPathComponent("Tools/check-architecture.artifactbundle").path)
      let plugin = try await Subprocess.run(
        "swift",
        [
          "package", "--scratch-path", consumer.appendingPathComponent(".build").path,
          "check-architecture",
        ], in: consumer)
      #expect(plugin.status == 0, "\(plugin.output)\(plugin.error.suffix(2_000))")
      #expect(!plugin.error.contains("conflicting name"))
      #expect(
        !plugin.error.contains("Compiling"), "the vendored binary was not used: \(plugin.error)")
      #expect(plugin.output == "architecture: \(names.count) targets clean (0 baselined)\n")
      try await Self.runTheGuidesWorkflow(
        bundle: consumer.appendingPathComponent("Tools/check-architecture.artifactbundle"),
        in: consumer.appendingPathComponent("workflow"))
    }
  }

  /// The guide's CI job, run as its checkout step says: a team's repository takes the linter as
  /// a submodule, a pull request's branch is checked out the way `actions/checkout` does with
  /// the job's `fetch-depth` and `submodules`, and each `run:` line must pass. The checkout a
  /// job gets by default (one commit, no submodules) fails as the guide says it does.
  static func runTheGuidesWorkflow(bundle: URL, in folder: URL) async throws {
    let guide = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "docs/Voyage.docc/UseTheLinterInYourPackage.md"), encoding: .utf8)
    let job = try #require(
      guide.components(separatedBy: "<!-- workflow:begin -->").dropFirst().first?
        .components(separatedBy: "<!-- workflow:end -->").first)
    func value(of key: String) -> String? {
      job.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix(key + ": ") }.map { String($0.dropFirst(key.count + 2)) }
    }
    let commands = job.split(separator: "\n").compactMap { line -> String? in
      var trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("- ") { trimmed.removeFirst(2) }
      return trimmed.hasPrefix("run: ") ? String(trimmed.dropFirst(5)) : nil
    }
    try #require(commands.count == 2, "\(job)")
    let fetchDepth = Int(value(of: "fetch-depth") ?? "1") ?? 1
    let submodules = value(of: "submodules") == "recursive" || value(of: "submodules") == "true"

    // The linter's repository (its package only, as committed) and the team's, which adds it as
    // a submodule on main; the pull request's branch changes a file.
    let fileProtocol = ["-c", "protocol.file.allow=always"]
    func git(_ arguments: [String], in directory: URL) async throws {
      let outcome = try await Subprocess.run(
        "git",
        ["-c", "user.name=Voyage", "-c", "user.email=voyage@example.com"] + fileProtocol
          + arguments, in: directory)
      #expect(outcome.status == 0, "git \(arguments): \(outcome.error)")
    }
    let linter = folder.appendingPathComponent("voyage")
    let team = folder.appendingPathComponent("team")
    let listed = try await Subprocess.run(
      "git", ["ls-files", "-z", "Workshop/ArchitectureLinter"], in: repositoryRoot)
    for path in listed.output.split(separator: "\0").map(String.init) {
      let copy = linter.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(path), to: copy)
    }
    try await git(["init", "--quiet", "--initial-branch", "main"], in: linter)
    try await git(["add", "."], in: linter)
    try await git(["commit", "--quiet", "-m", "the linter"], in: linter)
    try FileManager.default.createDirectory(
      at: team.appendingPathComponent("Sources/Orders"), withIntermediateDirectories: true)
    try Data(
      """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Team",
        dependencies: [.package(path: "Vendor/voyage/Workshop/ArchitectureLinter")],
        targets: [
          .target(name: "Orders"),
          .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle"),
        ]
      )

      """.utf8
    ).write(to: team.appendingPathComponent("Package.swift"))
    try Data("public struct Order {}\n".utf8).write(
      to: team.appendingPathComponent("Sources/Orders/Order.swift"))
    // The bundle built above, by a link: a team would commit it or fetch it, and its 59 MB
    // add nothing to what this test checks.
    try FileManager.default.createDirectory(
      at: team.appendingPathComponent("Tools"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: team.appendingPathComponent("Tools/check-architecture.artifactbundle"),
      withDestinationURL: bundle)
    try await git(["init", "--quiet", "--initial-branch", "main"], in: team)
    try await git(["submodule", "--quiet", "add", linter.path, "Vendor/voyage"], in: team)
    try await git(["add", "."], in: team)
    try await git(["commit", "--quiet", "-m", "the team's package"], in: team)
    try await git(["checkout", "--quiet", "-b", "feature"], in: team)
    try Data("public struct Order { public init() {} }\n".utf8).write(
      to: team.appendingPathComponent("Sources/Orders/Order.swift"))
    try await git(["commit", "--quiet", "-am", "a change to review"], in: team)

    // A pull request's checkout: its branch alone, this deep, with or without submodules.
    func checkout(depth: Int, submodules: Bool, into name: String) async throws -> URL {
      let clone = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
      try await git(["init", "--quiet"], in: clone)
      try await git(["remote", "add", "origin", "file://\(team.path)"], in: clone)
      try await git(
        depth == 0
          ? ["fetch", "--quiet", "origin", "+refs/heads/*:refs/remotes/origin/*"]
          : [
            "fetch", "--quiet", "--depth", "\(depth)", "origin",
            "+feature:refs/remotes/origin/feature",
          ],
        in: clone)
      try await git(["checkout", "--quiet", "--detach", "origin/feature"], in: clone)
      if submodules {
        try await git(["submodule", "--quiet", "update", "--init", "--recursive"], in: clone)
      }
      return clone
    }
    func run(_ command: String, in clone: URL) async throws -> Subprocess.Outcome {
      var environment = ProcessInfo.processInfo.environment
      environment["BASE"] = "main"
      return try await Subprocess.run(
        "bash", ["-c", command], environment: environment, in: clone)
    }
    let asWritten = try await checkout(
      depth: fetchDepth, submodules: submodules, into: "as-the-job-says")
    for command in commands {
      let outcome = try await run(command, in: asWritten)
      #expect(outcome.status == 0, "\(command): \(outcome.output)\(outcome.error.suffix(2_000))")
    }
    // Without submodules, SwiftPM stops at the manifest. (Without history, the linter says
    // what to fetch: BaselineTests shows it on a real one-commit clone.)
    let byDefault = try await checkout(depth: 1, submodules: false, into: "by-default")
    let unloaded = try await run(commands[0], in: byDefault)
    #expect(unloaded.status != 0)
    #expect(unloaded.error.contains("cannot be accessed"), "\(unloaded.error)")
  }
}
