import AppComposition
import BookingInterface
import DesignSystem
import Foundation
import SharedKernel

/// Runs one `voyage` invocation: parses the arguments, builds only the part of the object graph
/// the command needs, routes feature outputs, prints results on stdout and diagnostics on
/// stderr, and returns the exit status.
@MainActor
struct VoyageCommandLine {
  let terminal: any Terminal
  let graph: AppGraph

  private var theme: TerminalTheme { terminal.theme(for: .output) }
  var errorTheme: TerminalTheme { terminal.theme(for: .error) }

  func run(_ arguments: [String]) async -> ExitStatus {
    guard let name = arguments.first else {
      terminal.line(VoyageCommands.overview)
      return .success
    }
    let rest = Array(arguments.dropFirst())
    let command = VoyageCommands.named(name)
    do throws(UsageError) {
      switch name {
      case "-h", "--help":
        terminal.line(VoyageCommands.overview)
        return .success
      case "--version":
        terminal.line(VoyageCommands.version)
        return .success
      case "help":
        return try help(rest)
      default:
        guard let command else {
          throw UsageError(
            "unknown command '\(name.prefix(40))'"
              + Spelling.suggestion(for: name, among: VoyageCommands.all.map(\.name) + ["help"]))
        }
        let parsed = try command.parse(rest)
        if parsed.wantsHelp {
          terminal.line(command.help)
          return .success
        }
        let status = try await run(command, parsed)
        if [.unavailable, .cannotCreate, .storage].contains(status) {
          graph.logCommandFailed(command.name, status: status.rawValue)
        }
        return status
      }
    } catch {
      return usageFailure(error, command: command, json: Self.asksForJSON(arguments))
    }
  }

  /// The one place a declared command meets the code that carries it out: the command line's
  /// own commands here, every other in the group that declares it.
  private func run(_ command: CommandSpec, _ parsed: ParsedArguments) async throws(UsageError)
    -> ExitStatus
  {
    switch command.name {
    case VoyageCommands.open.name: return try await open(parsed)
    case VoyageCommands.completions.name: return try completions(parsed)
    case VoyageCommands.manual.name:
      try parsed.none()
      terminal.write(
        ShellCompletions.manual(VoyageCommands.all, version: VoyageCommands.version), to: .output)
      return .success
    default:
      guard let group = VoyageCommands.group(declaring: command) else {
        throw UsageError("'\(command.name)' is declared but not implemented")
      }
      return try await group.run(command, parsed, in: self)
    }
  }

  /// `voyage` with no arguments in a terminal: the first group's conversation, or the overview
  /// when no group holds one.
  func converse() async -> ExitStatus {
    for group in VoyageCommands.groups {
      if let status = await group.converse(terminal: terminal, graph: graph) { return status }
    }
    terminal.line(VoyageCommands.overview)
    return .success
  }

  private func help(_ topics: [String]) throws(UsageError) -> ExitStatus {
    guard let topic = topics.first else {
      terminal.line(VoyageCommands.overview)
      return .success
    }
    guard topics.count == 1, let command = VoyageCommands.named(topic) else {
      throw UsageError(
        "unknown command '\(topics.joined(separator: " ").prefix(40))'"
          + Spelling.suggestion(for: topic, among: VoyageCommands.all.map(\.name)))
    }
    terminal.line(command.help)
    return .success
  }

  /// `voyage open <link>`: the features' handlers turn the link into a route, the router goes
  /// there, and the group whose screen it is shows it.
  private func open(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    let link = try parsed.single("link")
    guard let route = AppRouter.route(for: link) else {
      let examples = AppRouter.exampleLinks.joined(separator: " or ")
      throw UsageError(
        "'\(link.prefix(70))' is not a link voyage opens"
          + (examples.isEmpty ? "" : " (like \(examples))"))
    }
    graph.router.open(route)
    for group in VoyageCommands.groups {
      if let status = await group.open(graph.router.route, parsed, in: self) { return status }
    }
    throw UsageError("'\(link.prefix(70))' names a screen this command line does not show")
  }

  private func completions(_ parsed: ParsedArguments) throws(UsageError) -> ExitStatus {
    let shell = try parsed.single("shell")
    guard let script = ShellCompletions.script(for: shell, commands: VoyageCommands.all) else {
      throw UsageError(
        "no completions for '\(shell.prefix(20))'; choose \(ShellCompletions.shells.joined(separator: ", "))"
      )
    }
    terminal.write(script, to: .output)
    return .success
  }

  /// Whether the raw arguments ask for JSON: a usage error is then also a JSON document.
  /// Whether `--json` was asked for, even misspelt as `--json=1` or given without a command:
  /// the answer to a script is JSON, refusals included.
  static func asksForJSON(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains { $0 == "--json" || $0.hasPrefix("--json=") }
  }

  // MARK: - Output

  /// Prints a feature's outcome: on success the screen (or JSON) on stdout; on failure the
  /// screen on stderr (JSON still on stdout, for scripts). The JSON is built only when asked
  /// for: Foundation's serializer costs a search more than the search itself.
  func present(
    _ failure: ExitStatus?, json: Bool, jsonBody: @autoclosure () -> Data,
    screen: (TerminalTheme) -> String
  ) -> ExitStatus {
    if json {
      terminal.write(String(decoding: jsonBody(), as: UTF8.self), to: .output)
    } else if failure == nil {
      terminal.write(screen(theme), to: .output)
    } else {
      terminal.write(screen(errorTheme), to: .error)
    }
    return failure ?? .success
  }

  func storageFailure(_ error: TicketingError, json: Bool) -> ExitStatus {
    if json {
      let code = if case .diskFull = error { "disk_full" } else { "storage_failed" }
      terminal.write(
        JSONDocument.text(["error": ["code": code, "message": error.description]]), to: .output)
    } else {
      terminal.line(
        errorTheme.paint("Error: \(error.description.escapingControlCharacters)", .danger),
        to: .error)
    }
    return .storage
  }

  private func usageFailure(_ error: UsageError, command: CommandSpec?, json: Bool) -> ExitStatus {
    let usage = command?.usage ?? "voyage <command> [options]"
    let see = command.map { "See 'voyage \($0.name) --help'." } ?? "See 'voyage --help'."
    if json {
      terminal.write(
        JSONDocument.text(["error": ["code": "usage", "message": error.message, "usage": usage]]),
        to: .output)
    }
    terminal.line(errorTheme.paint("Error: \(error.message)", .danger), to: .error)
    terminal.line("Usage: \(usage)", to: .error)
    terminal.line(see, to: .error)
    return .usage
  }

  // MARK: - Input

  static func bookingID(_ text: String) throws(UsageError) -> BookingID {
    guard let id = BookingID(text) else {
      throw UsageError("'\(text.prefix(70))' is not a trip identifier (like LIS-001)")
    }
    return id
  }

  static func currency(_ code: String) throws(UsageError) -> Currency {
    guard let currency = Currency(code: code) else {
      let known = Currency.supported.map(\.code).joined(separator: ", ")
      throw UsageError("--currency must be one of \(known), not '\(code.prefix(10))'")
    }
    return currency
  }

  static func date(_ text: String?, _ option: String) throws(UsageError) -> CalendarDate? {
    guard let text else { return nil }
    guard let date = CalendarDate(iso8601: text) else {
      throw UsageError("\(option) must be a real date written YYYY-MM-DD, not '\(text.prefix(20))'")
    }
    return date
  }

  static func integer(_ text: String?, _ option: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text) else {
      throw UsageError("\(option) must be a whole number, not '\(text.prefix(20))'")
    }
    return value
  }

  static func newOrderID() -> OrderID {
    let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    // "ord-" and twelve hexadecimal digits: always a valid identifier.
    guard let id = OrderID("ord-\(suffix)") else { preconditionFailure("order identifier") }
    return id
  }
}
