import Dispatch
import Foundation
import Synchronization

/// SIGINT (Ctrl-C) and SIGTERM during a command that records an order: instead of the process
/// dying wherever it stands, the command's task is cancelled, so every outside call it waits on
/// ends at once (the server ledger cancels its statement, waiting at most 500 ms for the
/// server), and the command says where the order stands and how to finish it. A second signal,
/// or one outside such a command, ends the process as it always does.
@MainActor
enum TerminationSignals {
  /// The signals that cancel the command.
  static let handled = [SIGINT, SIGTERM]

  /// What the handlers act on: the command in progress, and the signal that cancelled it.
  private struct Scope: Sendable {
    var cancel: (@Sendable () -> Void)?
    var received: Int32?
  }

  // A `Mutex`: the handlers run on a dispatch queue and the command on the main actor, so an
  // actor does not fit; this module is not among those the Thread Sanitizer step runs.
  private nonisolated static let scope = Mutex(Scope())

  /// The dispatch sources, made for the first command that asks and kept for the process:
  /// libdispatch installs its signal handler once per signal, so a source made again after
  /// the disposition was reset would never fire.
  private static var sources: [any DispatchSourceSignal]?

  /// Runs `body` as a task that SIGINT or SIGTERM cancels; returns what it returned and the
  /// signal that cancelled it, if any.
  static func cancelling<Value: Sendable>(_ body: @escaping @MainActor () async -> Value) async
    -> (value: Value, signal: Int32?)
  {
    await installSources()
    let task = Task { @MainActor in await body() }
    scope.withLock { $0 = Scope(cancel: { task.cancel() }) }
    let value = await task.value
    let received = scope.withLock { scope in
      defer { scope = Scope() }
      return scope.received
    }
    return (value, received)
  }

  /// Returns once every source is registered: libdispatch registers a source on a thread of its
  /// own after `resume()`, and until then the signal is ignored (`SIG_IGN` below), so a signal
  /// sent as the command starts (its first outside call under way) was lost.
  private static func installSources() async {
    guard sources == nil else { return }
    let queue = DispatchQueue(label: "voyage.termination-signals")
    let registered = DispatchGroup()
    sources = handled.compactMap { number in
      // A signal the parent asked this process to ignore (a background job's SIGINT) stays
      // ignored.
      let previous = signal(number, SIG_IGN)
      // Two C function pointers (either may be one of the constants `SIG_IGN`, `SIG_DFL`)
      // compared by address: both have a pointer's size, and nothing is called through them.
      guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else {
        return nil
      }
      registered.enter()
      return source(for: number, on: queue, registering: registered)
    }
    await allRegistered(registered, on: queue)
  }

  /// A source whose handler runs on `queue`, never on the main actor (which may be busy); it
  /// leaves `registering` once it listens. (Nonisolated, so its closures are too: libdispatch
  /// runs them on `queue`.)
  private nonisolated static func source(
    for number: Int32, on queue: DispatchQueue, registering: DispatchGroup
  ) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
    source.setEventHandler { received(number) }
    source.setRegistrationHandler { registering.leave() }
    source.resume()
    return source
  }

  /// Returns once every source in `group` listens.
  private nonisolated static func allRegistered(_ group: DispatchGroup, on queue: DispatchQueue)
    async
  {
    await withCheckedContinuation { continuation in
      group.notify(queue: queue) { continuation.resume() }
    }
  }

  private nonisolated static func received(_ number: Int32) {
    let cancel = scope.withLock { scope -> (@Sendable () -> Void)? in
      guard let cancel = scope.cancel, scope.received == nil else { return nil }
      scope.received = number
      return cancel
    }
    if let cancel {
      cancel()
    } else {
      // The usual ending: the signal again, with its default disposition.
      signal(number, SIG_DFL)
      kill(getpid(), number)
    }
  }
}
