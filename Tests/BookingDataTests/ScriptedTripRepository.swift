import BookingInterface
import Locking
import SharedKernel
import Testing

/// A hand-written upstream whose every call waits until the test releases it (or answers it in
/// advance), so a test decides exactly when each upstream request finishes and with what.
final class ScriptedTripRepository: TripRepository {
  enum Call: Equatable {
    case search(SearchQuery)
    case trip(TripID)
  }

  /// What a call answers: the summaries, or the error it fails with.
  typealias Outcome = Result<[TripSummary], any Error>

  private struct Pending {
    let call: Call
    /// The actor the call ran on, if any: the requirements run on their caller's executor.
    let isolation: ObjectIdentifier?
    var continuation: CheckedContinuation<Outcome, Never>?
    var outcome: Outcome?
    var wasCancelled = false
  }

  private struct State {
    var pending: [Pending] = []
    /// Outcomes for calls not made yet, by call number: each answers its call the moment it comes.
    var inAdvance: [Int: Outcome] = [:]
  }

  private let state = LockedValue(State())

  /// Every call received so far, in order.
  var calls: [Call] { state.withLock { $0.pending.map(\.call) } }

  /// For each call so far, the actor it ran on (nil: none).
  var isolations: [ObjectIdentifier?] { state.withLock { $0.pending.map(\.isolation) } }

  /// How many calls saw their task cancelled while waiting.
  var cancelledCalls: Int { state.withLock { $0.pending.filter(\.wasCancelled).count } }

  /// Scripts call number `index` (0-based), not made yet, to finish with `outcome` as soon as it
  /// is made: for a call that a coalescer may or may not make, so the test never waits for it.
  func answer(call index: Int, inAdvanceWith outcome: Outcome) {
    state.withLock { state in
      if state.pending.indices.contains(index) {
        Issue.record("upstream call \(index) was already made; release it instead")
      }
      state.inAdvance[index] = outcome
    }
  }

  /// Finishes call number `index` (0-based) with `outcome`, whether it is waiting yet or not.
  func release(_ index: Int, with outcome: Outcome) {
    let continuation = state.withLock {
      state -> CheckedContinuation<Outcome, Never>? in
      guard state.pending.indices.contains(index) else {
        Issue.record("upstream call \(index) was never made; \(state.pending.count) were")
        return nil
      }
      state.pending[index].outcome = outcome
      defer { state.pending[index].continuation = nil }
      return state.pending[index].continuation
    }
    continuation?.resume(returning: outcome)
  }

  nonisolated(nonsending) func search(_ query: SearchQuery) async throws -> [TripSummary] {
    try await wait(for: .search(query), on: #isolation).get()
  }

  nonisolated(nonsending) func trip(id: TripID) async throws -> Trip {
    let summaries = try await wait(for: .trip(id), on: #isolation).get()
    guard let summary = summaries.first else { throw TripError.notFound(id) }
    return Fixtures.trip(from: summary)
  }

  private func wait(for call: Call, on isolation: (any Actor)?) async -> Outcome {
    let index = state.withLock { state in
      let index = state.pending.count
      state.pending.append(
        Pending(
          call: call, isolation: isolation.map { ObjectIdentifier($0) },
          outcome: state.inAdvance.removeValue(forKey: index)))
      return index
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Outcome? in
          if let outcome = state.pending[index].outcome { return outcome }
          state.pending[index].continuation = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.pending[index].wasCancelled = true
        defer { state.pending[index].continuation = nil }
        return state.pending[index].continuation
      }
      continuation?.resume(returning: .failure(CancellationError()))
    }
  }
}

/// A clock the test moves by hand, so time-to-live is tested without waiting.
final class ManualClock: Sendable {
  private let elapsed = LockedValue(Duration.zero)

  var now: Duration { elapsed.withLock { $0 } }

  func advance(by duration: Duration) {
    elapsed.withLock { $0 += duration }
  }
}

/// A failure the scripted upstream hands out.
struct SupplierDown: Error, Equatable {}

/// The values the coalescing tests search and read, from literals: one that is not valid fails
/// the test that wrote it, saying which.
enum Fixtures {
  static func query(_ destination: String = "Lisbon", places: Int = 1) throws -> SearchQuery {
    try SearchQuery.make(destination: destination, places: places)
  }

  static func id(_ text: String) throws -> TripID {
    try #require(TripID(text), "fixture id '\(text)' is invalid")
  }

  static func summary(_ id: String, price: Int64 = 45_000) throws -> TripSummary {
    try trip(id, price: price).summary
  }

  static func trip(_ id: String, price: Int64 = 45_000) throws -> Trip {
    Trip(
      id: try Self.id(id), title: "Trip \(id)",
      destination: Destination(city: "Lisbon", country: "Portugal"),
      startDate: CalendarDate(daysSinceEpoch: 20_000),
      endDate: CalendarDate(daysSinceEpoch: 20_004),
      price: Money(minorUnits: price, currency: .eur), rating: try rating(), placesLeft: 4,
      details: "")
  }

  static func rating() throws -> Rating {
    try #require(Rating(tenths: 45), "4.5 is a valid rating")
  }

  static func trip(from summary: TripSummary) -> Trip {
    Trip(
      id: summary.id, title: summary.title, destination: summary.destination,
      startDate: summary.startDate, endDate: summary.endDate, price: summary.price,
      rating: summary.rating, placesLeft: summary.placesLeft, details: "")
  }
}
