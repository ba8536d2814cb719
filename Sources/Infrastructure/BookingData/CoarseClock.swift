#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time since boot, read from the coarse monotonic clock where the system has one: every
/// cache hit reads the time to check expiry, and the coarse clock (a few milliseconds of
/// resolution, plenty for a time-to-live of seconds) costs a fraction of the precise one.
enum CoarseClock {
  @Sendable static func now() -> Duration {
    var time = timespec()
    #if os(Linux)
      clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
    #else
      clock_gettime(CLOCK_MONOTONIC, &time)
    #endif
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
