import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `--affected` misses no test and adds none it cannot explain: for every module of Voyage, a
/// change to one of its files reaches exactly the test targets whose dependency closure holds the
/// module, as `swift package describe` gives the graph; with Voyage's `architecture.json`, only
/// the test targets its `reads` names (or that depend on one it names) come on top.
@Suite("What a change to a module reaches")
struct AffectedTestTargetsTests {
  /// What the test reads of `describe`'s JSON.
  struct Description: Decodable {
    struct Target: Decodable {
      let name: String
      let type: String
      let path: String
      let targetDependencies: [String]?
    }
    let targets: [Target]
  }

  /// What the test reads of `--affected --format json`.
  struct Affected: Decodable {
    struct Entry: Decodable {
      let name: String
      let kind: String
    }
    let targets: [Entry]
  }

  /// What the test reads of `architecture.json`: the targets its `reads` names.
  struct Configuration: Decodable {
    struct Reads: Decodable { let targets: [String] }
    let reads: [Reads]
  }

  @Test func aModulesChangeReachesExactlyTheTestTargetsWhoseClosureHoldsIt() async throws {
    let described = try await Linter.describe(package: repositoryRoot)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let package = try decoder.decode(Description.self, from: described)
    let dependencies = Dictionary(
      package.targets.map { ($0.name, $0.targetDependencies ?? []) },
      uniquingKeysWith: { first, _ in first })
    /// Every target `name` depends on, directly or not.
    func closure(of name: String) -> Set<String> {
      var seen: Set<String> = []
      var next = dependencies[name] ?? []
      while let target = next.popLast() {
        if seen.insert(target).inserted { next += dependencies[target] ?? [] }
      }
      return seen
    }
    let tests = package.targets.filter { $0.type == "test" }
    let closures = Dictionary(uniqueKeysWithValues: tests.map { ($0.name, closure(of: $0.name)) })
    let modules = package.targets.filter { $0.type != "test" }
    #expect(modules.count >= 30, "\(modules.map(\.name))")
    let configuration = try JSONDecoder().decode(
      Configuration.self,
      from: Data(contentsOf: repositoryRoot.appendingPathComponent("architecture.json")))
    let readers = Set(configuration.reads.flatMap(\.targets))

    try await withTemporaryFolder("affected") { folder in
      // A repository of the package's target folders alone, committed once: the linter reads
      // the graph from the description and the changes from git, not the sources. The path
      // dependency (the linter's own package) is left out of the description: no module's file
      // is in it, and reading its manifest would cost a second a run.
      for target in package.targets {
        let file = folder.appendingPathComponent(target.path).appendingPathComponent("Kept.swift")
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: file)
      }
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("architecture.json"),
        to: folder.appendingPathComponent("architecture.json"))
      for arguments in [
        ["init", "--quiet"], ["add", "."], ["commit", "--quiet", "-m", "The target folders"],
      ] {
        let outcome = try await Subprocess.run(
          "git", ["-c", "user.name=Tests", "-c", "user.email=tests@example.com"] + arguments,
          in: folder)
        try #require(outcome.status == 0, "git \(arguments): \(outcome.error)")
      }
      var description = try #require(
        JSONSerialization.jsonObject(with: described) as? [String: Any])
      description["path"] = folder.path
      description["dependencies"] = nil
      let input = try JSONSerialization.data(withJSONObject: description)

      for module in modules {
        let probe = folder.appendingPathComponent(module.path)
          .appendingPathComponent("AffectedProbe.swift")
        try Data("// a change\n".utf8).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        let holding = Set(closures.filter { $0.value.contains(module.name) }.keys)

        let graphOnly = try await reachedTests(["--no-config"], input, folder)
        #expect(graphOnly == holding, "\(module.name)")

        let configured = try await reachedTests([], input, folder)
        #expect(configured.isSuperset(of: holding), "\(module.name) misses a test")
        for extra in configured.subtracting(holding) {
          #expect(
            readers.contains(extra) || !(closures[extra] ?? []).isDisjoint(with: readers),
            "\(module.name) reaches \(extra), which architecture.json's reads does not explain")
        }
      }
    }
  }

  /// The test targets `--affected HEAD` reaches in `folder`.
  func reachedTests(_ arguments: [String], _ description: Data, _ folder: URL) async throws
    -> Set<String>
  {
    let outcome = try await Linter.run(
      ["--affected", "HEAD", "--format", "json"] + arguments, description: description,
      in: folder)
    try #require(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.error.isEmpty, "\(outcome.error)")
    let decoder = JSONDecoder()
    let affected = try decoder.decode(Affected.self, from: Data(outcome.output.utf8))
    return Set(affected.targets.filter { $0.kind == "test" }.map(\.name))
  }
}
