import Dispatch
import Foundation

/// SIGINT, SIGTERM and SIGHUP while a command changes the tree: the programs it started are
/// ended and its changes undone before the process ends, as a bash script's EXIT trap would, so
/// Ctrl-C never leaves half a change. The process then ends with the status a shell gives a
/// signal (128 + its number).
enum InterruptGuard {
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Runs `body` with every signal of `signals` rolling back `undo` and ending the process;
  /// afterwards each is handled as it was before.
  static func guarding<Value>(
    _ undo: any Undo, console: Console, _ body: () async throws -> Value
  ) async rethrows -> Value {
    let queue = DispatchQueue(label: "scaffold.interrupt-guard")
    var previous: [(Int32, sig_t?)] = []
    let sources = signals.map { number in
      // The disposition is ignored while a source watches: libdispatch sees the signal, and the
      // default action (ending the process mid-step) does not happen.
      previous.append((number, signal(number, SIG_IGN)))
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        ExternalCommand.killRunning()
        if undo.rollback() {
          console.warn("interrupted; every change was undone")
        }
        exit(128 + number)
      }
      source.resume()
      return source
    }
    defer {
      for source in sources { source.cancel() }
      for (number, disposition) in previous { signal(number, disposition) }
    }
    return try await body()
  }
}
