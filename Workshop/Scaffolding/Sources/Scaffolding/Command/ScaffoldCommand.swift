import Foundation

/// The commands, each a case whose usage, help and run the compiler requires.
enum ScaffoldCommand: String, CaseIterable {
  case newModule = "new-module"
  case removeModule = "remove-module"
  case fork

  /// What it does, in one line of the tool's usage.
  var summary: String {
    switch self {
    case .newModule: "add a module: sources, tests, README, catalog, owners, manifest entry"
    case .removeModule: "remove a module, and a feature's wiring, example, benchmarks, commands"
    case .fork: "make the repository another app: its name everywhere, in place"
    }
  }

  func usage(program: String) -> String {
    switch self {
    case .newModule: NewModuleRequest.usage(program: program)
    case .removeModule: RemoveModuleRequest.usage(program: program)
    case .fork: ForkRequest.usage(program: program)
    }
  }

  var help: String {
    switch self {
    case .newModule: NewModuleRequest.help
    case .removeModule: RemoveModuleRequest.help
    case .fork: ForkRequest.help
    }
  }

  /// Reads `options` and runs the command; a refusal, before or during it, leaves the tree as
  /// it was.
  func run(_ options: [String], in root: URL, console: Console, steps: StepRunner)
    async throws(Refusal) -> ScaffoldOutcome
  {
    switch self {
    case .newModule:
      let request = try NewModuleRequest(parsing: options, in: root)
      return try await NewModule(request: request, root: root, console: console, steps: steps)
        .run()
    case .removeModule:
      let request = try RemoveModuleRequest(parsing: options)
      let plan: RemovalPlan
      do {
        plan = try await RemovalPlan(removing: request.name, in: root)
      } catch let refusal as Refusal {
        throw refusal
      } catch {
        console.warn("\(rawValue): \((error as? StepFailure)?.message ?? "\(error)")")
        return ScaffoldOutcome(status: 1)
      }
      return try await RemoveModule(
        request: request, plan: plan, root: root, console: console, steps: steps
      ).run()
    case .fork:
      let old: String
      do {
        old = try PackageLinter(root: root).packageName()
      } catch {
        throw Refusal("cannot read the package's name from Package.swift: \(error.message)")
      }
      let request = try ForkRequest(parsing: options, old: old, in: root)
      return try await Fork(request: request, root: root, console: console, steps: steps).run()
    }
  }
}
