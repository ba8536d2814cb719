import Foundation
import Subprocesses
import Testing

/// Voyage's own `architecture.json` on Voyage's own package graph: the rules the linter's
/// fixtures prove in general, held for this package's layers and roles.
@Suite("Voyage's architecture configuration")
struct VoyageConfigurationTests {
  /// Voyage's package description with `dependency` added to `target`'s, and the description as
  /// it is, both linted with `--only layer-dependency`.
  static func lintAdding(_ dependency: String, to target: String) async throws -> (
    clean: Subprocess.Outcome, broken: Subprocess.Outcome
  ) {
    let description = try await Linter.describe(package: repositoryRoot)
    var graph = try #require(
      try JSONSerialization.jsonObject(with: description) as? [String: Any])
    var targets = try #require(graph["targets"] as? [[String: Any]])
    let index = try #require(targets.firstIndex { $0["name"] as? String == target })
    targets[index]["target_dependencies"] =
      ((targets[index]["target_dependencies"] as? [String]) ?? []) + [dependency]
    graph["targets"] = targets
    let clean = try await Linter.run(["--only", "layer-dependency"], description: description)
    let broken = try await Linter.run(
      ["--only", "layer-dependency"], description: try JSONSerialization.data(withJSONObject: graph)
    )
    return (clean, broken)
  }

  /// The front that names an implementation is a finding, although the composition root beside
  /// it in the App layer may name it.
  @Test func voyagesFrontMayNotDependOnAnImplementationButItsRootMay() async throws {
    let description = try await Linter.describe(package: repositoryRoot)
    let graph = try #require(
      try JSONSerialization.jsonObject(with: description) as? [String: Any])
    let root = try #require(
      (graph["targets"] as? [[String: Any]])?.first { $0["name"] as? String == "AppComposition" })
    #expect((root["target_dependencies"] as? [String])?.contains("BookingData") == true)
    let (clean, broken) = try await Self.lintAdding("BookingData", to: "CommandLineInterface")
    #expect(clean.status == 0, "\(clean.output)")
    #expect(broken.status == 1)
    #expect(
      broken.output.contains(
        "[layer-dependency] App (Front) target 'CommandLineInterface' depends on Infrastructure target 'BookingData'; Front may depend on CompositionRoot, Features, Kernel, Interfaces."
      ), "\(broken.output)")
  }

  @Test func explainAddsWhatVoyagesConfigurationSays() async throws {
    let outcome = try await Linter.run(["--explain", "layer-dependency"])
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("In this package (architecture.json):"))
    #expect(outcome.output.contains("  App (Front): the command line drives the features"))
  }

  /// A feature's example may use its feature, the kernel, the interfaces and their doubles: one
  /// that names an implementation is a finding (the manifest's `example` helper cannot name one;
  /// this is the linter's rung, for a target declared without it).
  @Test func anExampleMayNotDependOnAnImplementation() async throws {
    // The finding the architecture journey quotes, for the search feature's example; a fork that
    // removed that feature checks whichever example it still has.
    let quoted =
      "[layer-dependency] Examples target 'SearchFeatureExample' depends on Infrastructure target 'BookingData'; Examples may depend on Features, Kernel, Interfaces, TestSupport."
    let examples = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Sources/Examples").path
    ).sorted()
    let example = try #require(
      examples.contains("SearchFeatureExample") ? "SearchFeatureExample" : examples.first)
    let (clean, broken) = try await Self.lintAdding("BookingData", to: example)
    #expect(clean.status == 0, "\(clean.output)")
    #expect(broken.status == 1)
    #expect(
      broken.output.contains(
        quoted.replacingOccurrences(of: "SearchFeatureExample", with: example)),
      "\(broken.output)")
  }
}
