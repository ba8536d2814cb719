public import BookingInterface
public import EventLog
public import Foundation
package import Networking

/// The only door into BookingData: it builds the supplier repository and the cache in front of
/// it, and returns them as interface types, so nothing outside depends on how they work.
public enum BookingDataAssembly {
  /// The live travel supplier at `baseURL`, over HTTP; `log` hears of every call.
  /// `deadline` bounds each call, retries included.
  public static func supplier(
    baseURL: URL, deadline: Duration = .seconds(10), log: EventLogger = .disabled
  ) -> any TripRepository {
    supplier(transport: liveTransport(to: baseURL), deadline: deadline, log: log)
  }

  /// The travel supplier reached through `transport`: the embedded sandbox's in-process
  /// transport in the demo and the tests. `package`, because transports are not public API.
  package static func supplier(
    transport: any HTTPTransport, deadline: Duration = .seconds(10),
    retryPolicy: RetryPolicy = .standard, log: EventLogger = .disabled
  ) -> any TripRepository {
    SupplierTripRepository(
      client: RetryingHTTPClient(
        transport: transport, deadline: deadline, retryPolicy: retryPolicy, log: log))
  }

  /// Places at the live travel supplier at `baseURL`: holds, confirmations, cancellations.
  /// `deadline` bounds each call, retries included.
  public static func reservations(
    baseURL: URL, deadline: Duration = .seconds(10), log: EventLogger = .disabled
  ) -> any PlaceReservations {
    reservations(transport: liveTransport(to: baseURL), deadline: deadline, log: log)
  }

  /// Places at the travel supplier reached through `transport` (the embedded sandbox's).
  package static func reservations(
    transport: any HTTPTransport, deadline: Duration = .seconds(10),
    retryPolicy: RetryPolicy = .standard, log: EventLogger = .disabled
  ) -> any PlaceReservations {
    SupplierPlaceReservations(
      client: RetryingHTTPClient(
        transport: transport, deadline: deadline, retryPolicy: retryPolicy, log: log))
  }

  /// Puts a coalescing cache in front of `upstream`: one upstream call per distinct in-flight
  /// request, answers kept for `timeToLive`, at most `capacity` of them.
  /// `log` hears of misses, coalesced waits and invalidations, at debug level.
  public static func cache(
    inFrontOf upstream: any TripRepository, timeToLive: Duration = .seconds(60),
    capacity: Int = 512, log: EventLogger = .disabled
  ) -> any TripCache {
    CoalescingTripRepository(
      upstream: upstream, timeToLive: timeToLive, capacity: capacity, now: CoarseClock.now,
      log: log)
  }
}
