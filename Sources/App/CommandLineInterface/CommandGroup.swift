import AppComposition
import DesignSystem

/// A feature's commands: their declarations and the code that carries them out, kept in one
/// file that imports the feature (`<Feature>Commands.swift`), so the command line itself names no
/// feature and removing a feature removes its commands with it. `VoyageCommands.groups` lists
/// the groups, one line each.
protocol CommandGroup {
  /// The commands this group adds, in the order the overview lists them.
  static var commands: [CommandSpec] { get }

  /// Carries out one of `commands`, already parsed.
  @MainActor
  static func run(
    _ command: CommandSpec, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine
  )
    async throws(UsageError) -> ExitStatus

  /// What `voyage` does with no arguments in a terminal, or `nil` when this group holds no
  /// conversation.
  @MainActor
  static func converse(terminal: any Terminal, graph: AppGraph) async -> ExitStatus?

  /// Shows `route` for `voyage open` (`--json` and all, in `parsed`), or `nil` when the route
  /// is not this group's screen.
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
}

extension CommandGroup {
  static var commands: [CommandSpec] { [] }

  @MainActor
  static func run(
    _ command: CommandSpec, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine
  )
    async throws(UsageError) -> ExitStatus
  {
    throw UsageError("'\(command.name)' is declared but not implemented")
  }

  @MainActor
  static func converse(terminal: any Terminal, graph: AppGraph) async -> ExitStatus? { nil }

  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
  {
    nil
  }
}
