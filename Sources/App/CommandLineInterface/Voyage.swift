import AppComposition
public import DesignSystem
import Foundation

/// The command line's one public door: the `voyage` executable hands it the process's
/// arguments, environment and terminal and exits with the status it returns; it builds the
/// composition root's graph and runs one command on it.
public enum Voyage {
  /// Runs `voyage` as this process: its arguments, its environment, its standard streams.
  @MainActor
  public static func main() async -> Int32 {
    unblockTerminationSignals()
    let environment = ProcessInfo.processInfo.environment
    let terminal = StandardTerminal(environment: environment)
    let status = await run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
      terminal: terminal)
    return terminal.finish(status)
  }

  /// Runs one invocation of `voyage` and returns its exit status.
  @MainActor
  public static func run(arguments: [String], environment: [String: String], terminal: any Terminal)
    async -> Int32
  {
    let (arguments, verbose) = Self.takingVerbose(from: arguments)
    let json = VoyageCommandLine.asksForJSON(arguments)
    // A command that keeps its own settings (the demo) is handed none of Voyage's variables:
    // a log file it would create, a database URL it would refuse, never reach it.
    var environment = environment
    if case .command(let command)? = arguments.first.flatMap({ try? Invocation($0) }),
      !command.spec.readsSettings
    {
      for variable in EnvironmentVariable.allCases { environment[variable.rawValue] = nil }
    }
    let logging: AppLogging
    do {
      logging = try AppLogging(environment: environment, verbose: verbose, terminal: terminal)
    } catch {
      if case .badSetting = error {
        return settingFailure(
          error.message, see: "See 'voyage --help' for the log's settings.", status: .usage,
          json: json, terminal: terminal)
      }
      return settingFailure(
        error.message, see: nil, status: .cannotCreate, json: json, terminal: terminal)
    }
    let configuration: AppConfiguration
    do {
      configuration = try AppConfiguration(environment: environment)
    } catch {
      return settingFailure(
        error.message, see: "See 'voyage --help' for the environment.", status: .usage,
        json: json, terminal: terminal)
    }
    let graph = AppGraph(configuration: configuration, logging: logging)
    if arguments.isEmpty && terminal.isInteractive(.output) && terminal.isInteractive(.error) {
      return await VoyageCommandLine(terminal: terminal, graph: graph).converse().rawValue
    }
    return await VoyageCommandLine(terminal: terminal, graph: graph).run(arguments).rawValue
  }

  /// A setting of the environment that stops the command before it starts: one error line
  /// on stderr (and where to read more), and under `--json` the usual error document on
  /// stdout, so a script reads why.
  private static func settingFailure(
    _ message: String, see: String?, status: ExitStatus, json: Bool, terminal: any Terminal
  ) -> Int32 {
    if json {
      let code = status == .usage ? "usage" : "cannot_create"
      terminal.write(
        JSONDocument.text(ErrorDocument(code: code, message: message)), to: .output)
    }
    let theme = terminal.theme(for: .error)
    terminal.line(theme.paint("Error: \(message.escapingControlCharacters)", .danger), to: .error)
    if let see { terminal.line(see, to: .error) }
    return status.rawValue
  }

  /// The arguments without `--verbose` and `-v` (anywhere before `--`: the log is the whole
  /// process's, not one command's), and whether one was there.
  static func takingVerbose(from arguments: [String]) -> (arguments: [String], verbose: Bool) {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    let options = arguments[..<end]
    let kept = options.filter { !GlobalOption.verbose.names.contains($0) }
    return (kept + arguments[end...], kept.count != options.count)
  }

  /// A parent that starts `voyage` from a thread with signals blocked (a Dispatch worker does,
  /// and `posix_spawn` passes the mask on) would leave Ctrl-C, a hang-up and `kill` waiting
  /// forever; unblocked on this thread, they end the process as they do any command (Ctrl-C: 130).
  private static func unblockTerminationSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }
}
