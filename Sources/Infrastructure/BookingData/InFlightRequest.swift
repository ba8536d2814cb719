import Locking
import SharedKernel
import Synchronization

/// One upstream request and the callers waiting for it.
///
/// The actor owns the table of flights; the waiters wait *here*, outside the actor, so that when
/// the answer lands thousands of waiters resume in parallel instead of queueing through the
/// actor one by one. Joining, parking, leaving and completing are atomic under the flight's own
/// lock, so a caller that finds the flight in the table joins it without entering the actor.
final class InFlightRequest<Value: Sendable>: Sendable {
  // Unsafe rather than checked continuations: each one is stored under the lock and taken out
  // under the same lock by exactly one of `complete`, `leave` or `wait` itself before it is
  // resumed, so it is resumed exactly once; the checked kind's bookkeeping costs per waiter in a
  // stampede.
  private enum Waiter {
    /// The flight's starter, registered before anyone could see the flight, not yet parked.
    case joined
    case parked(UnsafeContinuation<Value?, any Error>)
    /// Cancelled: its slot stays, so the slots after it keep their places.
    case left
  }

  private struct State {
    /// The waiters in the order they arrived, which is the order `complete` resumes them in.
    /// Arrival order is roughly the order their tasks were allocated in, so resuming in it walks
    /// memory forwards; resuming 10,000 waiters in a dictionary's order instead (scattered) made
    /// a stampede's answer take about a third longer to reach everyone (`BookingDataBenchmark`).
    var waiters: [Waiter] = []
    /// Where each waiter still here sits in `waiters`, so one can leave in constant time.
    var slots: [UInt64: Int] = [:]
    var result: Result<Value, any Error>?
    var isAbandoned = false
    var storesResult = true
    var task: Task<Void, Never>?

    mutating func add(_ waiter: Waiter, as waiterID: UInt64) {
      slots[waiterID] = waiters.count
      waiters.append(waiter)
    }
  }

  private let state = LockedValue(State())
  private let counters: CoalescingCounters

  init(counters: CoalescingCounters) {
    self.counters = counters
  }

  /// Callers waiting now.
  var waiterCount: Int { state.withLock { $0.slots.count } }

  /// Whether every waiter left and the upstream work was cancelled.
  var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

  /// Whether the result may be cached; false once an invalidation detached the flight.
  var storesResult: Bool { state.withLock { $0.storesResult } }

  /// Remembers the upstream work, so the last waiter to leave can cancel it.
  func start(_ task: Task<Void, Never>) {
    state.withLock { $0.task = task }
  }

  /// Registers the caller that starts the flight, before anyone else can see it, so the
  /// flight has a waiter from its first moment; that caller then waits with `wait(_:)`.
  func registerStarter(_ waiterID: UInt64) {
    state.withLock { $0.add(.joined, as: waiterID) }
  }

  /// Stops storing the result: an invalidation made it stale before it landed.
  func detach() {
    state.withLock { $0.storesResult = false }
  }

  /// Waits for the answer of a flight this caller registered on.
  @inline(__always)
  func wait(_ waiterID: UInt64) async throws -> Value {
    // A registered waiter keeps the flight alive, so it is never told the flight is dying.
    guard let value = try await park(waiterID, registered: true) else {
      throw CancellationError()
    }
    return value
  }

  /// Joins the flight and waits for its answer in one step, without the actor: registering and
  /// parking happen under the flight's lock together. `nil` when the flight is dying (its last
  /// waiter left and its upstream work was cancelled): the caller must start a fresh one.
  @inline(__always)
  func join(_ waiterID: UInt64) async throws -> Value? {
    try await park(waiterID, registered: false)
  }

  /// Parks the caller until the answer lands; leaves at once with `CancellationError` when the
  /// caller's task is cancelled, even while the upstream is still working for the others.
  private func park(_ waiterID: UInt64, registered: Bool) async throws -> Value? {
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { continuation in
        let ready = state.withLock { state -> Result<Value?, any Error>? in
          if let result = state.result { return result.map(Optional.some) }
          if registered {
            // Gone: the task was cancelled between registering and parking here.
            guard let slot = state.slots[waiterID] else { return .failure(CancellationError()) }
            state.waiters[slot] = .parked(continuation)
          } else {
            guard !state.isAbandoned else { return .success(nil) }
            // Checked under the lock that `leave` takes: a cancellation either is seen here,
            // or finds this waiter parked and resumes it.
            guard !Task.isCancelled else { return .failure(CancellationError()) }
            counters.coalescedWaits.add(1, ordering: .relaxed)
            state.add(.parked(continuation), as: waiterID)
          }
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      leave(waiterID)
    }
  }

  /// Answers every waiter. Called by the actor after it has updated its table and cache.
  func complete(with result: Result<Value, any Error>) {
    let parked = state.withLock { state -> [UnsafeContinuation<Value?, any Error>] in
      state.result = result
      defer {
        state.waiters = []
        state.slots = [:]
      }
      return state.waiters.compactMap { waiter in
        if case .parked(let continuation) = waiter { return continuation }
        return nil
      }
    }
    let answer = result.map(Optional.some)
    for continuation in parked { continuation.resume(with: answer) }
  }

  private func leave(_ waiterID: UInt64) {
    let (continuation, abandonedTask) = state.withLock {
      state -> (UnsafeContinuation<Value?, any Error>?, Task<Void, Never>?) in
      guard state.result == nil, let slot = state.slots.removeValue(forKey: waiterID) else {
        return (nil, nil)
      }
      counters.cancelledWaits.add(1, ordering: .relaxed)
      var continuation: UnsafeContinuation<Value?, any Error>?
      if case .parked(let parked) = state.waiters[slot] { continuation = parked }
      state.waiters[slot] = .left
      guard state.slots.isEmpty else { return (continuation, nil) }
      state.isAbandoned = true
      return (continuation, state.task)
    }
    continuation?.resume(throwing: CancellationError())
    abandonedTask?.cancel()
  }
}
