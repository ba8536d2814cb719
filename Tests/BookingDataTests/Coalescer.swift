import BookingInterface
import CoalescingBaselines
import Testing

@testable import BookingData

/// The coalescers `CoalescerContractTests` holds to the same rules: the cache the app uses, and
/// the textbook actor it is measured against.
enum Coalescer: CaseIterable, Sendable, CustomTestStringConvertible {
  case coalescingCache
  case textbookActor

  var testDescription: String {
    switch self {
    case .coalescingCache: "CoalescingTripRepository"
    case .textbookActor: "TextbookCoalescer"
    }
  }

  /// A coalescer in front of `upstream` that reads the time from `clock`; the textbook actor
  /// has no time-to-live or capacity to give it.
  func make(
    upstream: any TripRepository, clock: ManualClock, timeToLive: Duration, capacity: Int
  ) -> any TripCache {
    switch self {
    case .coalescingCache:
      CoalescingTripRepository(
        upstream: upstream, timeToLive: timeToLive, capacity: capacity, now: { clock.now })
    case .textbookActor:
      TextbookCoalescer(upstream: upstream)
    }
  }

  /// The rules this coalescer is known to break.
  var shortcomings: Set<Shortcoming> {
    switch self {
    case .coalescingCache: []
    case .textbookActor: Set(Shortcoming.allCases)
    }
  }
}

/// A rule of the contract that a coalescer may be known to break, with the reason: a test that
/// holds the rule records its failures for such a coalescer as a known issue, and fails if none
/// is recorded, so a shortcoming that is fixed must be struck from the list.
enum Shortcoming: CaseIterable, Sendable {
  case cancelledCallersWait
  case upstreamNeverCancelled
  case nothingExpires
  case nothingIsEvicted
  case invalidationIsUndone
  case upstreamRunsOnTheActor

  var reason: Comment {
    switch self {
    case .cancelledCallersWait:
      "awaiting a Task's value ignores the awaiting task's cancellation: a cancelled caller waits for the answer and returns it"
    case .upstreamNeverCancelled:
      "nothing cancels the upstream Task, not even when every caller has gone"
    case .nothingExpires:
      "answers are kept without a time-to-live"
    case .nothingIsEvicted:
      "answers are kept without a capacity"
    case .invalidationIsUndone:
      "a flight that ends after an invalidation stores its stale answer and removes the newer flight's entry"
    case .upstreamRunsOnTheActor:
      "the Task made in an actor method captures self and calls the upstream from the actor's own code, so the upstream runs on the actor"
    }
  }
}

/// Runs `body`, the test of a rule that `shortcoming` breaks: plainly for a coalescer that keeps
/// the rule, inside `withKnownIssue` with the reason for one known to break it.
func expectRule(
  on coalescer: Coalescer, brokenBy shortcoming: Shortcoming, _ body: () async throws -> Void
) async throws {
  guard coalescer.shortcomings.contains(shortcoming) else { return try await body() }
  await withKnownIssue(shortcoming.reason) { try await body() }
}
