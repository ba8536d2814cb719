import BookingInterface
import Synchronization

/// What the coalescing cache did, counted with atomics so joiners and a cancelled waiter can
/// count without entering the actor (cache hits are counted under the cache's own lock).
final class CoalescingCounters: Sendable {
  let upstreamCalls = Atomic(0)
  let coalescedWaits = Atomic(0)
  let failures = Atomic(0)
  let cancelledWaits = Atomic(0)

  /// The counters as the interface reports them; the gauges (in flight, waiting, cached) are
  /// filled in by the cache.
  var snapshot: TripCacheStatistics {
    var statistics = TripCacheStatistics()
    statistics.upstreamCalls = upstreamCalls.load(ordering: .relaxed)
    statistics.coalescedWaits = coalescedWaits.load(ordering: .relaxed)
    statistics.failures = failures.load(ordering: .relaxed)
    statistics.cancelledWaits = cancelledWaits.load(ordering: .relaxed)
    return statistics
  }
}
