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
    let graph = AppGraph(configuration: AppConfiguration(environment: environment))
    if arguments.isEmpty && terminal.isInteractive(.output) && terminal.isInteractive(.error) {
      return await VoyageCommandLine(terminal: terminal, graph: graph).converse().rawValue
    }
    return await VoyageCommandLine(terminal: terminal, graph: graph).run(arguments).rawValue
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
