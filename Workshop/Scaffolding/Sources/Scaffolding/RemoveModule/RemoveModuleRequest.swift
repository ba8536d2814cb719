/// What `scaffold remove-module` was asked for.
struct RemoveModuleRequest: Equatable, Sendable {
  let name: String
  /// Whether the check suite runs once the module is gone.
  let check: Bool
  /// Whether the help snapshots and the walk-through are re-recorded when commands
  /// went with it (which builds the package with its tests).
  let record: Bool

  static func usage(program: String) -> String {
    "Usage: \(program) <Name> [--no-check] [--no-record]"
  }

  static let help = """
    Removes a module the right way in one command, the inverse of new-module: Sources/<Layer>/<Name>/,
    Tests/<Name>Tests/, its manifest entry (its case in its layer's enum, with every list element
    that named that case), its CODEOWNERS lines; then it redraws the module graphs and runs
    Scripts/check.sh.

    It refuses while another module depends on this one, naming each dependent: those uses are
    code only a person can rewrite. A feature is the exception, because the App layer wires each
    feature in files of its own: removing a feature also removes
      - every App-layer file (sources and tests) that imports it or names it on its first line
        (`// Exercises: SearchFeature, …`), and the list elements that named their types
        (`SearchFeatureCommands.self`);
      - its name in the App targets' lists in Package.swift, its example, and the benchmarks that
        use it;
      - the help snapshots of the commands it declared and the walk-through's steps that
        ran them; the other snapshots and the walk-through are then re-recorded from the built
        binary (--no-record leaves them, and says how to record them);
      - nothing in the prose: symbol links into it become plain code names, and the code names and
        paths the docs still use are declared at the top of each document
        (`<!-- names from elsewhere (removed with …) -->`) and listed, so the passages can be
        rewritten.

      --no-check    leave out the check suite at the end
      --no-record   leave the help snapshots and the walk-through to record by hand

    A step that fails, or an interrupt, puts every file back as it was.
    """

  init(parsing arguments: [String]) throws(Refusal) {
    var check = true
    var record = true
    var positional: [String] = []
    for argument in arguments {
      switch argument {
      case "--no-check": check = false
      case "--no-record": record = false
      case _ where argument.hasPrefix("-"): throw Refusal("unknown option '\(argument)'")
      default: positional.append(argument)
      }
    }
    guard positional.count == 1 else { throw Refusal("give the name of one module") }
    guard positional[0].wholeMatch(of: /[A-Za-z_][A-Za-z0-9_-]*/) != nil else {
      throw Refusal("'\(positional[0])' is not a module name")
    }
    name = positional[0]
    self.check = check
    self.record = record
  }
}
