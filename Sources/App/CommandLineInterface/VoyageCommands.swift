import AppComposition
import Foundation

/// Every command of `voyage`, each declared once. The overview, every `--help`, usage errors,
/// shell completions and the man page are all produced from this list.
enum VoyageCommands {
  static let version = "voyage 0.1.0"

  static let completions = CommandSpec(
    "completions", abstract: "print a shell completion script",
    discussion: """
      Print the completion script for a shell. Load it in the current shell, or install it:
        bash   source <(voyage completions bash)
        zsh    voyage completions zsh > "${fpath[1]}/_voyage"
        fish   voyage completions fish > ~/.config/fish/completions/voyage.fish
      """,
    arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish")])

  static let manual = CommandSpec(
    "manual", abstract: "print the man page",
    discussion: """
      Print voyage's man page (roff). Read it with: voyage manual > voyage.1 && man ./voyage.1
      """)

  /// `voyage open <link>`: its help lists one link of each feature that has links, so it
  /// follows the features a fork keeps.
  static let open = CommandSpec(
    "open", abstract: "open a voyage:// link that a screen printed",
    discussion: ([
      "Open a link that a screen printed: it shows what the command for that screen shows,",
      "with the same output, JSON and exit status. Links look like:",
    ] + AppRouter.exampleLinks.map { "  " + $0 }).joined(separator: "\n"),
    arguments: [
      ArgumentSpec(name: "link", help: "a link that a screen printed")
    ],
    options: [.json])

  /// The groups of commands, one line each, in the order the overview lists their commands.
  /// Removing a feature (`Scripts/remove-module.sh`) deletes the lines of the groups that went
  /// with it.
  static var groups: [any CommandGroup.Type] {
    [
      SearchFeatureCommands.self,
      CheckoutFeatureCommands.self,
      TicketsFeatureCommands.self,
      InteractiveSession.self,
      VoyageDemo.self,
    ]
  }

  /// Every command: the groups' commands, then the command line's own.
  static var all: [CommandSpec] { groups.flatMap { $0.commands } + [open, completions, manual] }

  /// The command named `name`, if there is one.
  static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

  /// The group that declares `command`; `nil` for the command line's own commands.
  static func group(declaring command: CommandSpec) -> (any CommandGroup.Type)? {
    groups.first { $0.commands.contains { $0.name == command.name } }
  }

  /// What `voyage --help` prints: every command's abstract from its declaration.
  static var overview: String {
    let width = (all.map(\.name) + ["help"]).map(\.count).max() ?? 0
    let commands = (all.map { ($0.name, $0.abstract) } + [("help", "show help for a command")])
      .map { "  " + $0.0.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $0.1 }
    return """
      Voyage: search bookable trips and check one out, offline, with embedded sandboxes.

      Usage: voyage <command> [options]

      Commands:
      \(commands.joined(separator: "\n"))

      Options:
        -h, --help       show help
        --version        show the version
        -v, --verbose    log what each step and outside call did, a line each on stderr

      Environment:
        VOYAGE_HOME           where tickets, payments and places are kept (default ~/.voyage)
        VOYAGE_DEADLINE_SECONDS   how long one outside call may take, retries included (10)
        VOYAGE_SUPPLIER_URL   a live travel supplier instead of the embedded sandbox
        VOYAGE_PAYMENTS_URL   a live payment provider instead of the embedded sandbox
        VOYAGE_DATABASE_URL   a PostgreSQL database for orders and tickets, shared by every
                              instance that names it, instead of the ledger file in VOYAGE_HOME
        VOYAGE_LOG            log from this level up: debug, info, warning or error
        VOYAGE_LOG_FORMAT     text (a readable line, the default) or json (an object a line)
        VOYAGE_LOG_FILE       append the log to this file instead of stderr
        NO_COLOR, CLICOLOR_FORCE   turn colour off, or force it on

      Exit status: 0 success, 1 operation failed (declined, sold out, not found), 64 usage or
      invalid input (a reused key or a log setting too), 69 supplier or provider unavailable or
      silent, 73 the log file cannot be opened, 74 storage error (a full disk, a locked or
      unreadable file, a database server unreachable or refusing).
      Run 'voyage <command> --help' for a command's options.
      """
  }
}
