import AppComposition
import DesignSystem
import Foundation

/// The command line's own commands: `open`, `completions`, `manual` and `help`, declared and
/// carried out like a feature's.
enum CommandLineCommands: CommandGroup {
  enum Command: CaseIterable {
    case open, completions, manual, help
  }

  static let link = Argument<String>.text("link", "a link that a screen printed")
  static let shell = Argument<String>.text(
    "shell", "bash, zsh or fish", completion: .choices(ShellCompletions.shells))
  static let topic = Argument<String>.text(
    "command", "a command", completion: .commandName, isOptional: true)

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
      guard let script = ShellCompletions.script(for: shell) else {
        throw UsageError(
          "no completions for '\(shell.echoed)'; choose \(ShellCompletions.shells.joined(separator: ", "))"
        )
      }
      commandLine.terminal.write(script, to: .output)
      return .success
    case .manual:
      try parsed.none()
      commandLine.terminal.write(ShellCompletions.manual(), to: .output)
      return .success
    case .help:
      guard let topic = try parsed.optional(topic) else {
        commandLine.terminal.line(
          VoyageCommands.overview(width: commandLine.terminal.width(of: .output)))
        return .success
      }
      guard let command = VoyageCommands.named(topic) else {
        throw UsageError(
          "unknown command '\(topic.echoed)'"
            + Spelling.suggestion(for: topic, among: VoyageCommands.all.map(\.spec.name)))
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
    let link = try parsed.single(link)
    guard let route = AppRouter.route(for: link) else {
      let examples = AppRouter.exampleLinks.joined(separator: " or ")
      throw UsageError(
        "'\(link.echoed)' is not a link voyage opens"
          + (examples.isEmpty ? "" : " (like \(examples))"))
    }
    let router = commandLine.graph.router
    router.open(route)
    for group in VoyageCommands.groups {
      if let status = await group.open(router.route, parsed, in: commandLine) { return status }
    }
    throw UsageError("'\(link.echoed)' names a screen this command line does not show")
  }
}
