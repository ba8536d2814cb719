import AppComposition
public import DesignSystem
import Foundation

/// The composition root's one public door: the `voyage` executable hands it the process's
/// arguments, environment and terminal and exits with the status it returns.
public enum Voyage {
  /// Runs `voyage` as this process: its arguments, its environment, its standard streams.
  @MainActor
  public static func main() async -> Int32 {
    unblockTerminationSignals()
    let environment = ProcessInfo.processInfo.environment
    return await run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
      terminal: StandardTerminal(environment: environment))
  }

  /// Runs one invocation of `voyage` and returns its exit status.
  @MainActor
  public static func run(arguments: [String], environment: [String: String], terminal: any Terminal)
    async -> Int32
  {
    let (arguments, verbose) = Self.takingVerbose(from: arguments)
    let logging: AppLogging
    do {
      logging = try AppLogging(environment: environment, verbose: verbose, terminal: terminal)
    } catch {
      let theme = terminal.theme(for: .error)
      terminal.line(theme.paint("Error: \(error.message)", .danger), to: .error)
      if case .badSetting = error {
        terminal.line("See 'voyage --help' for the log's settings.", to: .error)
        return ExitStatus.usage.rawValue
      }
      return ExitStatus.cannotCreate.rawValue
    }
    let graph = AppGraph(
      configuration: AppConfiguration(environment: environment), logging: logging)
    if arguments.isEmpty && terminal.isInteractive(.output) && terminal.isInteractive(.error) {
      return await VoyageCommandLine(terminal: terminal, graph: graph).converse().rawValue
    }
    return await VoyageCommandLine(terminal: terminal, graph: graph).run(arguments).rawValue
  }

  /// The arguments without `--verbose` and `-v` (anywhere before `--`: the log is the whole
  /// process's, not one command's), and whether one was there.
  static func takingVerbose(from arguments: [String]) -> (arguments: [String], verbose: Bool) {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    let options = arguments[..<end]
    let kept = options.filter { $0 != "--verbose" && $0 != "-v" }
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
