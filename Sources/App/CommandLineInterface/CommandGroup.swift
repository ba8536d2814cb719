import AppComposition
import DesignSystem

/// A feature's commands: their declarations and the code that carries them out, kept in one
/// file that imports the feature (`<Feature>Commands.swift`), so the command line itself names no
/// feature and removing a feature removes its commands with it. `VoyageCommands.groups` lists
/// the groups, one line each.
///
/// Each command is a case of `Command`, and `declaration(of:)` and `run(_:_:in:)` switch over
/// it: a command declared and not carried out does not compile.
protocol CommandGroup: SendableMetatype {
  /// The group's commands, in the order the overview lists them.
  associatedtype Command: CaseIterable, Sendable

  /// A command's declaration: its name, help and options.
  static func declaration(of command: Command) -> CommandSpec

  /// Carries out `command`, already parsed.
  @MainActor
  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus

  /// Shows `route` for `voyage open` (`--json` and all, in `parsed`), or `nil` when the route
  /// is not this group's screen.
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
}

extension CommandGroup {
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
  {
    nil
  }

  /// Every command of the group with the code that carries it out, as the command line lists
  /// them.
  static var runnableCommands: [RunnableCommand] {
    Command.allCases.map { command in
      RunnableCommand(spec: declaration(of: command)) {
        @MainActor parsed, commandLine throws(UsageError) in
        try await run(command, parsed, in: commandLine)
      }
    }
  }
}

/// A declared command and the code that carries it out, whatever group it is from.
struct RunnableCommand: Sendable {
  let spec: CommandSpec
  let run:
    @MainActor @Sendable (ParsedArguments, VoyageCommandLine) async throws(UsageError) ->
      ExitStatus
}

/// What `voyage` does with no arguments in a terminal: a conversation that asks its way to a
/// result. `VoyageCommands.conversations` lists them; the first one runs.
protocol Conversation {
  /// Holds the conversation on `terminal` and returns how it ended.
  @MainActor
  static func converse(terminal: any Terminal, graph: AppGraph) async -> ExitStatus
}
