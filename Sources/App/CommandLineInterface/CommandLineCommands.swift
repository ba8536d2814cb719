import AppComposition
import DesignSystem
import Foundation

/// The command line's own commands: `open`, `completions`, `manual` and `help`, declared and
/// carried out like a feature's.
enum CommandLineCommands: CommandGroup {
  enum Command: CaseIterable {
    case open, completions, manual, help
  }

  /// The screen a link opens.
  static let link = Argument<AppRoute>.parsed(
    "link", "a link that a screen printed", { AppRouter.route(for: $0) },
    refusal: { link in
      let examples = AppRouter.exampleLinks.joined(separator: " or ")
      return "'\(link)' is not a link voyage opens"
        + (examples.isEmpty ? "" : " (like \(examples))")
    })
  static let shell = Argument<ShellCompletions.Shell>.parsed(
    "shell", "bash, zsh or fish", completion: .choices(shells), ShellCompletions.Shell.init,
    refusal: { "no completions for '\($0)'; choose \(shells.joined(separator: ", "))" })
  /// The command whose help to show.
  static let topic = Argument<RunnableCommand>.typed(
    "command", "a command", completion: .commandName, isOptional: true
  ) { name throws(UsageError) in try VoyageCommands.command(named: name) }

  private static var shells: [String] { ShellCompletions.Shell.allCases.map(\.rawValue) }

  static func declaration(of command: Command) -> CommandSpec {
    switch command {
    case .open:
      // Its help lists one link of each feature that has links, so it follows the features a
      // fork keeps.
      CommandSpec(
        "open", abstract: "open a voyage:// link that a screen printed",
        discussion: ([
          "Open a link that a screen printed: it shows what the command for that screen shows,",
          "with the same output, JSON and exit status. Links look like:",
        ] + AppRouter.exampleLinks.map { "  " + $0 }).joined(separator: "\n"),
        arguments: [link.spec], options: [Flag.json])
    case .completions:
      CommandSpec(
        "completions", abstract: "print a shell completion script",
        discussion: """
          Print the completion script for a shell. Load it in the current shell, or install it:
            bash   source <(voyage completions bash)
            zsh    voyage completions zsh > "${fpath[1]}/_voyage"
            fish   voyage completions fish > ~/.config/fish/completions/voyage.fish
          """,
        arguments: [shell.spec])
    case .manual:
      CommandSpec(
        "manual", abstract: "print the man page",
        discussion: """
          Print voyage's man page (roff). Read it, without writing a file: voyage manual | man -l -
          """)
    case .help:
      CommandSpec(
        "help", abstract: "show help for a command",
        discussion:
          "Show a command's help, as 'voyage <command> --help' does; alone, the overview.",
        arguments: [topic.spec])
    }
  }

  @MainActor
  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    switch command {
    case .open: return try await open(parsed, in: commandLine)
    case .completions:
      let shell = try parsed.single(shell)
      commandLine.terminal.write(ShellCompletions.script(for: shell), to: .output)
      return .success
    case .manual:
      try parsed.none()
      commandLine.terminal.write(ShellCompletions.manual(), to: .output)
      return .success
    case .help:
      guard let command = try parsed.optional(topic) else {
        commandLine.terminal.line(
          VoyageCommands.overview(width: commandLine.terminal.width(of: .output)))
        return .success
      }
      commandLine.terminal.line(
        command.spec.help(width: commandLine.terminal.width(of: .output)))
      return .success
    }
  }

  /// `voyage open <link>`: the features' handlers turn the link into a route, the router goes
  /// there, and the group whose screen it is shows it.
  @MainActor
  private static func open(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let route = try parsed.single(link)
    let router = commandLine.graph.router
    router.open(route)
    for group in VoyageCommands.groups {
      if let status = await group.open(router.route, parsed, in: commandLine) { return status }
    }
    let link = AppRouter.link(to: route).map { "'\($0.absoluteString.echoed)'" } ?? "The link"
    throw UsageError("\(link) names a screen this command line does not show")
  }
}
