#if FaultPoints
  import Foundation
#endif

/// Named points of the checkout saga (`supplier:held`, `payments:charged`, `ledger:ticketed`, …)
/// where a test stops the process dead, as a crash or a power cut would, to prove that running
/// the same command again finishes the work. They are built in only on purpose, with the
/// FaultPoints trait (`swift build --traits FaultPoints`); a default build has nothing to arm, and
/// every point is an empty call.
enum FaultPoints {
  #if FaultPoints
    /// The point that `VOYAGE_TEST_STOP_AT` names, read once.
    static let armed = ProcessInfo.processInfo.environment["VOYAGE_TEST_STOP_AT"]

    /// Ends the process at once when `point` is the armed one.
    static func reached(_ point: @autoclosure () -> String) {
      guard let armed, point() == armed else { return }
      kill(getpid(), SIGKILL)
    }
  #else
    /// Nothing: this build has no fault points.
    @inline(__always)
    static func reached(_ point: @autoclosure () -> String) {}
  #endif
}
