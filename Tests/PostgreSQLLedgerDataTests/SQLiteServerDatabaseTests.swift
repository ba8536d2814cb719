import BookingInterface
import BookingInterfaceTestSupport
import Testing

@testable import PostgreSQLLedgerData

/// The server ledger on a second implementation of its database's seam (SQLite in memory): its
/// contract holds there too, so the ledger depends on the seam and nothing of libpq's. It needs
/// no PostgreSQL server, so it runs everywhere.
@Suite("Server order ledger on a second database")
struct SQLiteServerDatabaseTests {
  /// Every ledger the contract opens shares the one database, as instances share a server.
  @Test(arguments: OrderLedgerContract.allCases)
  func theServerLedgerKeepsTheContractOnASecondDatabase(_ rule: OrderLedgerContract)
    async throws
  {
    let database = try SQLiteServerDatabase()
    try await rule.check { PostgreSQLOrderLedger(database: database) }
  }
}
