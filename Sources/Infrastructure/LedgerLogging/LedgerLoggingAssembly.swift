public import BookingInterface
public import EventLog

/// The only door into LedgerLogging: wraps any order ledger so that each call is told to a log.
public enum LedgerLoggingAssembly {
  /// `ledger`, each call it answers or fails told to `log`: the operation, the order, the
  /// duration, the error (answers at info, failures at warning). A log that records neither
  /// gets `ledger` itself back, so a process that logs nothing pays nothing.
  public static func logging(_ ledger: any OrderLedger, to log: EventLogger) -> any OrderLedger {
    log.records(.warning) ? LoggingOrderLedger(ledger: ledger, log: log) : ledger
  }
}
