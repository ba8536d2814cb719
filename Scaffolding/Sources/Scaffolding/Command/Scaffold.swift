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
    guard let command = arguments.first, !command.hasPrefix("-") else {
      let asked = arguments.contains("-h") || arguments.contains("--help")
      (asked ? console.say : console.warn)(usage)
      return asked ? 0 : refused
    }
    switch command {
    case NewModule.name:
      let usage = NewModuleRequest.usage(program: program ?? "scaffold \(NewModule.name)")
      let options = Array(arguments.dropFirst())
      if options.contains("-h") || options.contains("--help") {
        console.say(usage + "\n\n" + NewModuleRequest.help)
        return 0
      }
      do {
        let request = try NewModuleRequest(parsing: options, in: root)
        return await NewModule(request: request, root: root, console: console).run()
      } catch {
        console.warn("Error: \(error.message)\n\(usage)")
        return refused
      }
    default:
      console.warn("Error: unknown command '\(command)'\n\(usage)")
      return refused
    }
  }

  /// Every command, one line each.
  static let usage = """
    Usage: scaffold <command> [options]

    Commands:
      \(NewModule.name)    a module in a layer: its sources, tests, README, documentation
                    catalog, owners and manifest entry (scaffold \(NewModule.name) --help)
    """
}
