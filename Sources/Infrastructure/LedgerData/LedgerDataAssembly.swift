public import BookingInterface
import EmbeddedDatabase
public import EventLog
public import Foundation

/// The only door into LedgerData: opens the order ledger and returns it as the interface.
public enum LedgerDataAssembly {
  /// The ledger file's name inside the Voyage home folder.
  public static let fileName = "ledger.sqlite"

  /// Opens (creating on first use) the ledger in `home`. A file there that is not a ledger is
  /// reported as `TicketingError.unreadableLedger` and never overwritten. `log` hears of the
  /// migrations it applies.
  public static func ledger(home: URL, log: EventLogger = .disabled) async throws(TicketingError)
    -> any OrderLedger
  {
    do {
      let database = try SQLiteDatabase(
        file: home.appendingPathComponent(fileName), migrations: SQLiteOrderLedger.migrations,
        log: log)
      return SQLiteOrderLedger(database: database)
    } catch {
      throw SQLiteOrderLedger.ticketingError(error)
    }
  }

  /// `ledger` (this module's, or any other), each call it answers or fails told to `log`: the
  /// operation, the order, the duration, the error.
  public static func logging(_ ledger: any OrderLedger, to log: EventLogger) -> any OrderLedger {
    log.records(.warning) ? LoggingOrderLedger(ledger: ledger, log: log) : ledger
  }
}
