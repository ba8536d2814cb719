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
    guard let first = arguments.first else {
      terminal.line(VoyageCommands.overview(width: terminal.width(of: .output)))
      return .success
    }
    let rest = Array(arguments.dropFirst())
    let json = Self.asksForJSON(arguments)
    let invocation: Invocation
    do throws(UsageError) {
      invocation = try Invocation(first)
    } catch {
      return usageFailure(error, command: nil, json: json)
    }
    switch invocation {
    case .option(let option): return run(option, rest, json: json)
    case .command(let command): return await run(command, rest, json: json)
    }
  }

  private func run(_ option: GlobalOption, _ arguments: [String], json: Bool) -> ExitStatus {
    // `--version` takes nothing after it, as a command that takes no argument does.
    if option == .version, let extra = arguments.first {
      return usageFailure(
        UsageError("unexpected argument '\(extra.echoed)'"), command: nil, json: json)
    }
    switch option {
    case .help: terminal.line(VoyageCommands.overview(width: terminal.width(of: .output)))
    case .version: terminal.line(VoyageCommands.version)
    // Taken out of the arguments before they reach here: the log is the whole process's.
    case .verbose: terminal.line(VoyageCommands.overview(width: terminal.width(of: .output)))
    }
    return .success
  }

  private func run(_ command: RunnableCommand, _ arguments: [String], json: Bool) async
    -> ExitStatus
  {
    do throws(UsageError) {
      let parsed = try command.spec.parse(arguments)
      if parsed.wantsHelp {
        terminal.line(command.spec.help(width: terminal.width(of: .output)))
        return .success
      }
      let status = try await command.run(parsed, self)
      if [.unavailable, .cannotCreate, .storage].contains(status) {
        graph.logCommandFailed(command.spec.name, status: status.rawValue)
      }
      return status
    } catch {
      return usageFailure(error, command: command.spec, json: json)
    }
  }

  /// `voyage` with no arguments in a terminal: the first group's conversation, or the overview
  /// when no group holds one.
  func converse() async -> ExitStatus {
    if let conversation = VoyageCommands.conversations.first {
      return await conversation.converse(terminal: terminal, graph: graph)
    }
    terminal.line(VoyageCommands.overview(width: terminal.width(of: .output)))
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
    storageFailure(.ledger(error), json: json)
  }

  /// What a command prints when a part of the graph it needs (the ledger, the payment
  /// provider's sandbox) could not be opened, in that part's own words.
  func storageFailure(_ error: GraphOpeningError, json: Bool) -> ExitStatus {
    if json {
      let code = error.isDiskFull ? "disk_full" : "storage_failed"
      terminal.write(
        JSONDocument.text(ErrorDocument(code: code, message: error.description)), to: .output)
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
        JSONDocument.text(ErrorDocument(code: "usage", message: error.message, usage: usage)),
        to: .output)
    }
    terminal.line(errorTheme.paint("Error: \(error.message)", .danger), to: .error)
    terminal.line(
      TextWrapping.usage(usage, width: TextWrapping.width(of: terminal.width(of: .error))),
      to: .error)
    terminal.line(see, to: .error)
    return .usage
  }

  // MARK: - Input

  static func newOrderID() -> OrderID {
    let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    // "ord-" and twelve hexadecimal digits: always a valid identifier.
    guard let id = OrderID("ord-\(suffix)") else { preconditionFailure("order identifier") }
    return id
  }
}
