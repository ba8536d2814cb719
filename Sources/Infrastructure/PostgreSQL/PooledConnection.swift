import Dispatch
import SQLValues

/// One connection of a ``PostgreSQLDatabase``'s pool: an actor whose executor is a serial dispatch
/// queue of its own, so its methods, and the libpq calls they make, run on a thread libdispatch
/// gives that queue, never on Swift's cooperative pool (one thread per core, which a handful of
/// slow statements would otherwise stop).
///
/// It connects on first use and again after the connection broke (a restarted server), so a
/// long-lived graph outlives the server's restarts: a connection that broke while it waited
/// between two calls fails the next call's first statement, before the server ran any of it,
/// and that call runs again, once, on a new connection. A call that ran out of time, or whose
/// task was cancelled, is never run again.
actor PooledConnection {
  private let executor: QueueExecutor
  private let settings: ConnectionSettings
  private var connection: LibPQConnection?
  /// The call whose ``ServerConnection`` may run statements now; `nil` between calls.
  private var current: Int?
  private var calls = 0
  /// Where this connection's queue waits for the server; a cancelled caller interrupts it.
  nonisolated let wait = InterruptibleWait()

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  init(_ settings: ConnectionSettings, label: String) {
    self.settings = settings
    executor = QueueExecutor(label: label)
  }

  /// Runs `body` with the connection, ending by `deadline`; a caller's cancellation handler
  /// calls `wait.interrupt()` to end it sooner. `body`'s own code and each of its statements run
  /// on this actor's own queue.
  /// `followingNoAnswer`: the call follows one the server did not answer, so it runs on a
  /// connection made for it, and one it gives up mid-statement is dropped without waiting for
  /// the cancel.
  ///
  /// While `body` awaits, this actor may run other work; none of it is another call's: the
  /// pool hands this connection to one call at a time, and takes it back only after `run`
  /// returns. Statements of the one call that overlap (an `async let`) still run one after
  /// the other, each whole, since a statement never suspends on this actor. A
  /// ``ServerConnection`` kept past its call is refused (`statementConnection(for:)`).
  func run<Result: Sendable>(
    until deadline: ContinuousClock.Instant, followingNoAnswer: Bool = false,
    _ body: @Sendable (ServerConnection) async throws(PostgreSQLError) -> Result
  ) async -> Swift.Result<Result, PostgreSQLError> {
    wait.rearm()
    defer { current = nil }
    guard !Task.isCancelled else { return .failure(.interrupted(server: settings.server)) }
    if followingNoAnswer { connection = nil }
    let patience = followingNoAnswer ? .zero : LibPQConnection.usualCancelPatience
    if let waited = connection {
      waited.deadline = deadline
      waited.cancelPatience = patience
      let answers = waited.answers
      do throws(PostgreSQLError) {
        return .success(try await runOnQueue(body))
      } catch {
        guard waited.isBroken else { return .failure(error) }
        connection = nil
        // Only a break found before the server answered anything of this call is redone: a
        // break during the call may have let its work reach the server, and a call past its
        // deadline or interrupted is over.
        guard case .connectionLost = error, waited.answers == answers else {
          return .failure(error)
        }
      }
    }
    do throws(PostgreSQLError) {
      let fresh = try LibPQConnection(settings, wait: wait, deadline: deadline)
      fresh.cancelPatience = patience
      connection = fresh
      do throws(PostgreSQLError) {
        return .success(try await runOnQueue(body))
      } catch {
        if fresh.isBroken { connection = nil }
        return .failure(error)
      }
    } catch {
      return .failure(error)
    }
  }

  /// Runs `body` with a new ``ServerConnection``, its own code too on this connection's queue
  /// (the task executor it prefers), as its statements are: a transaction that holds locks at
  /// the server never waits for a thread of Swift's cooperative pool, which other work of the
  /// process may keep busy, between two of its statements.
  private func runOnQueue<Result: Sendable>(
    _ body: @Sendable (ServerConnection) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    let connection = handOut()
    return try await withTaskExecutorPreference(executor) { () async throws(PostgreSQLError) in
      try await body(connection)
    }
  }

  /// A ``ServerConnection`` good for this attempt only: a retried call's first attempt, like
  /// an ended call, can run nothing more.
  private func handOut() -> ServerConnection {
    calls += 1
    current = calls
    return ServerConnection(self, call: calls)
  }

  /// The libpq connection, for a statement of `call`, which must be the call running now.
  private func statementConnection(for call: Int) -> LibPQConnection {
    guard call == current, let connection else {
      preconditionFailure("a ServerConnection was used after the call it was handed to ended")
    }
    return connection
  }

  func execute(_ sql: String, _ parameters: [SQLValue], call: Int) throws(PostgreSQLError)
    -> Int
  {
    try statementConnection(for: call).execute(sql, parameters)
  }

  func query(_ sql: String, _ parameters: [SQLValue], call: Int) throws(PostgreSQLError)
    -> [SQLRow]
  {
    try statementConnection(for: call).query(sql, parameters)
  }

  func executeScript(_ sql: String, call: Int) throws(PostgreSQLError) {
    try statementConnection(for: call).executeScript(sql)
  }

  func isBroken(call: Int) -> Bool {
    statementConnection(for: call).isBroken
  }
}

/// A serial executor that runs its jobs on a dispatch queue of its own; also the task executor a
/// call's closure prefers, so the closure's own code runs on that queue too.
private final class QueueExecutor: SerialExecutor, TaskExecutor {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { [self] in
      job.runSynchronously(
        isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// The connections of one ``PostgreSQLDatabase``: opened on demand up to a limit, reused after.
actor ConnectionPool {
  private let settings: ConnectionSettings
  private let limit: Int
  private var opened = 0
  private var idle: [PooledConnection] = []
  /// The calls waiting for a connection, the longest first, each by its number.
  private var waiting: [(call: Int, continuation: CheckedContinuation<Taken, Never>)] = []
  private var calls = 0

  /// How a waiting call's wait ended.
  private enum Taken {
    case connection(PooledConnection)
    case cancelled
    case deadlinePassed
  }

  init(_ settings: ConnectionSettings, limit: Int) {
    self.settings = settings
    self.limit = max(1, limit)
  }

  /// How many calls wait for a connection.
  var queued: Int { waiting.count }

  /// An idle connection, a new one while under the limit, or the next one given back. A call
  /// that waits leaves the queue at once when its task is cancelled (`interrupted`), and at
  /// `deadline` (`noConnectionFree`, saying it waited `waitedFor`): either way it was never sent.
  func take(until deadline: ContinuousClock.Instant, waitedFor: Duration)
    async throws(PostgreSQLError) -> PooledConnection
  {
    if let connection = idle.popLast() { return connection }
    guard opened >= limit else {
      opened += 1
      return PooledConnection(settings, label: "voyage.server-database.\(opened)")
    }
    calls += 1
    let call = calls
    // Ends the wait at the deadline; cancelled as soon as the wait ends otherwise.
    let timer = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      guard !Task.isCancelled else { return }
      await self?.stopWaiting(call, .deadlinePassed)
    }
    defer { timer.cancel() }
    // The handler's task runs on this actor after the continuation below is queued: the
    // actor is busy until this call suspends.
    let taken = await withTaskCancellationHandler {
      await withCheckedContinuation { waiting.append((call, $0)) }
    } onCancel: {
      Task { await self.stopWaiting(call, .cancelled) }
    }
    switch taken {
    case .connection(let connection): return connection
    case .cancelled: throw .interrupted(server: settings.server)
    case .deadlinePassed: throw .noConnectionFree(server: settings.server, after: waitedFor)
    }
  }

  /// Ends the wait of `call`, if it still waits.
  private func stopWaiting(_ call: Int, _ reason: Taken) {
    guard let index = waiting.firstIndex(where: { $0.call == call }) else { return }
    waiting.remove(at: index).continuation.resume(returning: reason)
  }

  /// Gives `connection` back, to the longest waiter first.
  func giveBack(_ connection: PooledConnection) {
    if waiting.isEmpty {
      idle.append(connection)
    } else {
      waiting.removeFirst().continuation.resume(returning: .connection(connection))
    }
  }
}
