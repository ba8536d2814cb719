public import Foundation

/// The scaffolding's command line as one function: the executable calls it with its process's
/// arguments and folder, and the tests with their own.
public enum Scaffold {
  /// The status of a request refused before anything changed (a usage error).
  static let refused: Int32 = 64

  /// Runs the command `arguments` name in the repository at `root`, printing on the process's
  /// streams. `program` is how the person started it (`Scripts/new-module.sh`), for the usage
  /// it prints.
  public static func run(_ arguments: [String], in root: URL, program: String?) async
    -> ScaffoldOutcome
  {
    await run(arguments, in: root, program: program, console: .standard, steps: StepRunner())
  }

  /// `run(_:in:program:)` printing on `console`, with the steps run by `steps` (which a test
  /// makes fail).
  static func run(
    _ arguments: [String], in root: URL, program: String?, console: Console, steps: StepRunner
  ) async -> ScaffoldOutcome {
    guard let name = arguments.first, let command = ScaffoldCommand(rawValue: name) else {
      let asked = arguments.first == "-h" || arguments.first == "--help"
      if !asked {
        console.warn(
          "Error: " + (arguments.first.map { "unknown command '\($0)'" } ?? "no command"))
      }
      (asked ? console.say : console.warn)(usage)
      return ScaffoldOutcome(status: asked ? 0 : refused)
    }
    let commandUsage = command.usage(program: program ?? "scaffold \(command.rawValue)")
    let options = Array(arguments.dropFirst())
    if options.contains("-h") || options.contains("--help") {
      console.say(commandUsage + "\n\n" + command.help)
      return ScaffoldOutcome(status: 0)
    }
    do {
      return try await command.run(options, in: root, console: console, steps: steps)
    } catch {
      console.warn("Error: \(error.message)\n\(commandUsage)")
      return ScaffoldOutcome(status: refused)
    }
  }

  /// Every command, one line each.
  static var usage: String {
    let commands = ScaffoldCommand.allCases.map { command in
      "  " + command.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary
    }
    return """
      Usage: scaffold <command> [options]   (scaffold <command> --help for one)

      Commands:
      \(commands.joined(separator: "\n"))
      """
  }
}

/// How a command ended: its exit status, and the program to run in its place once it is done
/// (the check suite), which the executable starts with `exec` so that it owns the terminal.
public struct ScaffoldOutcome: Equatable, Sendable {
  /// The exit status: 0 done, 64 refused (nothing changed), 1 failed and 128 + a signal
  /// interrupted (every change undone).
  public let status: Int32
  /// The program and its arguments, run in the repository's root; `nil` for none.
  public let thenRun: [String]?

  init(status: Int32, thenRun: [String]? = nil) {
    self.status = status
    self.thenRun = thenRun
  }

  /// Done, and the check suite next when `check`.
  static func done(check: Bool) -> ScaffoldOutcome {
    ScaffoldOutcome(status: 0, thenRun: check ? ["Scripts/check.sh"] : nil)
  }
}
