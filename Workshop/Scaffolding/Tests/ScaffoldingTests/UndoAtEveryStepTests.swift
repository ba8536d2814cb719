import Foundation
import Testing

@testable import Scaffolding

/// Undo is an invariant: each command, failed just after each of its steps ran, leaves the
/// repository's tree exactly as it was (`git status` empty), whatever that step and those before
/// it changed, renamed, created or deleted. Serialized: a run holds the process's signal dispositions while it works.
@Suite("Undo at every step", .serialized)
struct UndoAtEveryStepTests {
  /// Runs `arguments` in `copy` failing after each of `steps` in turn, and expects each run to
  /// reach its step, fail, and leave the tree as it was.
  static func expectUndoAtEachStep(
    of arguments: [String], steps: [String], in copy: RepositoryCopy
  ) async throws {
    for step in steps {
      let said = Said()
      let outcome = await Scaffold.run(
        arguments, in: copy.root, program: nil, console: said.console,
        steps: StepRunner(failing: step))
      #expect(outcome == ScaffoldOutcome(status: 1), "\(arguments[0]) at '\(step)': \(said.warned)")
      #expect(
        said.warned.contains("the step '\(step)' failed (injected after it ran)"), "\(said.warned)")
      #expect(said.warned.contains("failed; every change was undone"), "\(said.warned)")
      let left = try copy.changes()
      #expect(left.isEmpty, "\(arguments[0]) failed at '\(step)' and left behind:\n\(left)")
      if !left.isEmpty { try copy.reset() }
    }
  }

  @Test func aNewModuleFailedAtAnyStepLeavesTheTreeAsItWas() async throws {
    let copy = try RepositoryCopy()
    try await Self.expectUndoAtEachStep(
      of: ["new-module", "Features", "UndoProbeFeature", "Planning a trip.", "--no-check"],
      steps: NewModule.steps, in: copy)
  }

  @Test func aRemovalFailedAtAnyStepLeavesTheTreeAsItWas() async throws {
    let copy = try RepositoryCopy()
    let feature = try #require(copy.featureWithCommands, "no feature with commands to remove")
    try await Self.expectUndoAtEachStep(
      of: ["remove-module", feature, "--no-check", "--no-record"], steps: RemoveModule.steps,
      in: copy)
  }

  @Test func aForkFailedAtAnyStepLeavesTheTreeAsItWas() async throws {
    let copy = try RepositoryCopy()
    let name = copy.appName == "Atlas" ? "Wayfarer" : "Atlas"
    try await Self.expectUndoAtEachStep(
      of: ["fork", name, "--no-check"], steps: Fork.steps, in: copy)
  }

  /// The steps a test can fail are the steps the command runs: a step renamed in the command and
  /// not in its list would never be failed.
  @Test func everyStepNameIsRunByItsCommand() throws {
    let sources = RepositoryCopy.original.appendingPathComponent(
      "Workshop/Scaffolding/Sources/Scaffolding")
    for (file, steps) in [
      ("NewModule/NewModule.swift", NewModule.steps),
      ("RemoveModule/RemoveModule.swift", RemoveModule.steps), ("Fork/Fork.swift", Fork.steps),
    ] {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let run = text.matches(of: /steps\.run\("([^"]+)"\)/).map { String($0.output.1) }
      #expect(run == steps, "\(file) runs \(run), declares \(steps)")
    }
  }
}
