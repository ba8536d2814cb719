import Dispatch
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP while a command changes the tree: the programs it started are asked
/// to stop (SIGINT, then SIGKILL for one still running after a few seconds, or at a second
/// signal), the command stops at its next checkpoint, puts the tree back, and ends with the
/// status a shell gives a signal (128 + its number). Outside a command, a signal ends the process
/// as it always does.
enum InterruptGuard {
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// How long a program the command started has to stop after SIGINT before it is killed.
  static let gracePeriod: DispatchTimeInterval = .seconds(3)

  /// The command in progress, if any, and the first signal it received.
  private struct Scope {
    var active = false
    var received: Int32?
  }

  // A `Mutex`: the handlers run on a dispatch queue while the command runs in a task.
  private static let scope = Mutex(Scope())

  /// The dispatch sources, made once and kept for the process: libdispatch installs its signal
  /// handler once per signal, so a source made again after the disposition was reset would
  /// never fire.
  private static let sources = Mutex<[any DispatchSourceSignal]?>(nil)

  private static let queue = DispatchQueue(label: "scaffold.interrupt-guard")

  /// Runs `body` as the command in progress: a signal stops it at its next checkpoint.
  static func guarding<Value>(_ body: () async throws -> Value) async throws -> Value {
    installSources()
    scope.withLock { $0 = Scope(active: true) }
    defer { scope.withLock { $0 = Scope() } }
    return try await body()
  }

  /// Throws `Interrupted` once a signal arrived: between steps, after a program ended, and
  /// between the files of a long step.
  static func checkpoint() throws(Interrupted) {
    if let signal = scope.withLock({ $0.received }) { throw Interrupted(signal: signal) }
  }

  private static func installSources() {
    sources.withLock { sources in
      guard sources == nil else { return }
      sources = signals.map { number in
        // Ignored, so that only the source sees the signal. The programs started afterwards
        // inherit the ignored disposition: SwiftPM installs handlers of its own; the others are
        // killed after the grace period.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { received(number) }
        source.resume()
        return source
      }
    }
  }

  private static func received(_ number: Int32) {
    let first: Bool? = scope.withLock { scope in
      guard scope.active else { return nil }
      defer { scope.received = scope.received ?? number }
      return scope.received == nil
    }
    guard let first else {
      // No command is changing the tree: the signal does what it does by default.
      signal(number, SIG_DFL)
      raise(number)
      return
    }
    if first {
      ExternalCommand.signalRunning(SIGINT)
      queue.asyncAfter(deadline: .now() + gracePeriod) { ExternalCommand.signalRunning(SIGKILL) }
    } else {
      ExternalCommand.signalRunning(SIGKILL)
    }
  }
}

/// A command stopped by a signal.
struct Interrupted: Error {
  let signal: Int32
}
