import BookingInterface
import BookingInterfaceTestSupport
import Testing

/// The in-memory ledger that feature tests run against, held to the same contract as every real
/// ledger: what proves the double is faithful, so a feature test that passes on it means something.
@Suite("Order ledger contract, in memory")
struct InMemoryOrderLedgerContractTests {
  @Test(arguments: OrderLedgerContract.allCases)
  func theInMemoryLedgerKeepsTheContract(_ rule: OrderLedgerContract) async throws {
    let ledger = InMemoryOrderLedger()
    try await rule.check { ledger }
  }
}
