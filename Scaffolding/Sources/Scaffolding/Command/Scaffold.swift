public import Foundation

/// The scaffolding's command line as one function: the executable calls it with its process's
/// arguments and folder, and the tests with their own.
public enum Scaffold {
  /// The status of a request refused before anything changed (a usage error).
  static let refused: Int32 = 64

  /// Runs the command `arguments` name in the repository at `root` and returns the exit status:
  /// 0 done, 64 refused (nothing changed), any other failure after every change was undone.
  /// `program` is how the person started it (`Scripts/new-module.sh`), for the usage it prints.
  public static func run(
    _ arguments: [String], in root: URL, program: String? = nil, console: Console = .standard
  ) async -> Int32 {
    await run(arguments, in: root, program: program, console: console, steps: StepRunner())
  }

  /// `run(_:in:program:console:)` with the steps run by `steps`, which a test makes fail.
  static func run(
    _ arguments: [String], in root: URL, program: String?, console: Console, steps: StepRunner
  ) async -> Int32 {
    guard let name = arguments.first, let command = ScaffoldCommand(rawValue: name) else {
      let asked = arguments.first == "-h" || arguments.first == "--help"
      if !asked {
        console.warn("Error: \(arguments.first.map { "unknown command '\($0)'" } ?? "no command")")
      }
      (asked ? console.say : console.warn)(usage)
      return asked ? 0 : refused
    }
    let usage = command.usage(program: program ?? "scaffold \(command.rawValue)")
    let options = Array(arguments.dropFirst())
    if options.contains("-h") || options.contains("--help") {
      console.say(usage + "\n\n" + command.help)
      return 0
    }
    do {
      return try await command.run(options, in: root, console: console, steps: steps)
    } catch {
      console.warn("Error: \(error.message)\n\(usage)")
      return refused
    }
  }

  /// Every command, one line each.
  static var usage: String {
    "Usage: scaffold <command> [options]   (scaffold <command> --help for one)\n\nCommands:\n"
      + ScaffoldCommand.allCases.map {
        "  \($0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \($0.summary)"
      }
      .joined(separator: "\n")
  }
}

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

  /// Reads `options` (a refusal changes nothing) and runs the command.
  func run(_ options: [String], in root: URL, console: Console, steps: StepRunner)
    async throws(Refusal) -> Int32
  {
    switch self {
    case .newModule:
      let request = try NewModuleRequest(parsing: options, in: root)
      return await NewModule(request: request, root: root, console: console, steps: steps).run()
    case .removeModule:
      let request = try RemoveModuleRequest(parsing: options)
      let plan = try await RemovalPlan(removing: request.name, in: root)
      return await RemoveModule(
        request: request, plan: plan, root: root, console: console, steps: steps
      ).run()
    case .fork:
      let old: String
      do {
        old = try await PackageLinter(root: root).run(["manifest", "name"])
          .trimmingCharacters(in: .whitespacesAndNewlines)
      } catch {
        throw Refusal("cannot read the package's name from Package.swift: \(error.message)")
      }
      let request = try ForkRequest(parsing: options, old: old, in: root)
      return await Fork(request: request, root: root, console: console, steps: steps).run()
    }
  }
}
