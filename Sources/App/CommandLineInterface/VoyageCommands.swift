import AppComposition
import DesignSystem
import Foundation

/// Every command of `voyage`, each declared once, and what the process itself takes (global
/// options, the environment, exit statuses). The overview, every `--help`, usage errors, shell
/// completions and the man page are all produced from these lists.
enum VoyageCommands {
  static let version = "voyage 0.2.0"

  /// The groups of commands, one line each, in the order the overview lists their commands.
  /// Removing a feature (`Scripts/remove-module.sh`) deletes the lines of the groups that went
  /// with it.
  static var groups: [any CommandGroup.Type] {
    [
      SearchFeatureCommands.self,
      CheckoutFeatureCommands.self,
      TicketsFeatureCommands.self,
      VoyageDemo.self,
      CommandLineCommands.self,
    ]
  }

  /// What `voyage` holds with no arguments in a terminal, the first that is listed; a fork that
  /// removes the features it needs removes its line, and the overview is shown instead.
  static var conversations: [any Conversation.Type] {
    [
      InteractiveSession.self
    ]
  }

  /// Every command, with the code that carries it out.
  static var all: [RunnableCommand] { groups.flatMap { $0.runnableCommands } }

  /// Every command's declaration.
  static var declarations: [CommandSpec] { all.map(\.spec) }

  /// The command `name` names, or the usage error that names the command probably meant.
  static func command(named name: String) throws(UsageError) -> RunnableCommand {
    guard let command = all.first(where: { $0.spec.name == name }) else {
      throw UsageError(
        "unknown command '\(name.echoed)'"
          + Spelling.suggestion(for: name, among: declarations.map(\.name)))
    }
    return command
  }

  /// The variables of the environment a person may set: the configuration's, then the
  /// terminal's.
  static var environment: [(name: String, meaning: String)] {
    EnvironmentVariable.allCases.compactMap { variable in
      variable.meaning.map { (variable.rawValue, $0) }
    } + ColourVariable.allCases.map { ($0.rawValue, $0.meaning) }
  }

  /// What `voyage --help` prints: every command, global option, variable and exit status from
  /// its declaration, fitted to `width` columns.
  static func overview(width terminalWidth: Int?) -> String {
    let width = TextWrapping.width(of: terminalWidth)
    func rows(_ rows: [(String, String)]) -> String { TextWrapping.rows(rows, width: width) }
    func paragraph(_ text: String) -> String {
      TextWrapping.lines(text, width: width).joined(separator: "\n")
    }
    return """
      \(paragraph("Voyage: search bookable trips and check one out, offline, with embedded sandboxes."))

      \(TextWrapping.usage("voyage <command> [options]", width: width))

      Commands:
      \(rows(declarations.map { ($0.name, $0.abstract) }))

      Options:
      \(rows(GlobalOption.allCases.map { ($0.names.joined(separator: ", "), $0.meaning) }))

      Environment:
      \(rows(environment.map { ($0.name, $0.meaning) }))

      Exit status:
      \(rows(ExitStatus.allCases.map { ("\($0.rawValue)", $0.meaning) }))

      \(paragraph("Run 'voyage <command> --help' for a command's options."))
      """
  }
}

/// An option of `voyage` itself, before or after the command.
enum GlobalOption: CaseIterable {
  case help, version, verbose

  /// Its spellings, the short one first.
  var names: [String] {
    switch self {
    case .help: ["-h", "--help"]
    case .version: ["--version"]
    case .verbose: ["-v", "--verbose"]
    }
  }

  /// One line for the overview and the man page.
  var meaning: String {
    switch self {
    case .help: "show help"
    case .version: "show the version"
    case .verbose: "log what each step and outside call did, a line each on stderr"
    }
  }
}
