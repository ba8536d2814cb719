public import BookingInterface
public import EventLog
public import Foundation
import SQLite

/// The only door into SQLiteLedgerData: opens the order ledger and returns it as the interface.
public enum SQLiteLedgerDataAssembly {
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
}
