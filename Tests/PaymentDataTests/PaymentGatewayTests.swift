import Foundation
import LoopbackServers
import Networking
import PaymentData
import PaymentInterface
import SQLite
import SharedKernel
import TemporaryFolders
import Testing

@testable import PaymentSandbox

@Suite("Payment gateway against the sandbox")
struct PaymentGatewayTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("payments")
  var home: URL { temporary.url }

  /// A gateway to `sandbox` whose deadline never ends a test: these tests are about retries and
  /// keys, and a machine busy with other tests' builds can take longer than the real ten seconds.
  func gateway(_ sandbox: PaymentSandbox, attempts: Int = 3) -> any PaymentGateway {
    PaymentDataAssembly.gateway(
      transport: sandbox.transport, deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: attempts, initialBackoff: .zero))
  }

  func card(_ number: String, month: Int = 12, year: Int = 2099) throws -> PaymentCard {
    try PaymentCard(
      number: number, expiryMonth: month, expiryYear: year, holderName: "Ada Lovelace")
  }

  static let amount = Money(minorUnits: 90_000, currency: .eur)

  func key(_ text: String = "order-1") throws -> OrderID { try #require(OrderID(text)) }

  @Test func theSucceedingTestCardChargesAndYieldsAReceiptWithOnlyTheLastFourDigits() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let receipt = try await gateway(sandbox).charge(
      Self.amount, to: card("4242 4242 4242 4242"), idempotencyKey: key())
    #expect(receipt.amount == Self.amount)
    #expect(receipt.orderID == (try key()))
    #expect(receipt.cardBrand == "Visa" && receipt.cardLastFour == "4242")
    #expect(receipt.chargeID.hasPrefix("ch_"))
  }

  @Test(arguments: [
    ("4000 0000 0000 0002", PaymentError.declined),
    ("4000 0000 0000 9995", PaymentError.insufficientFunds),
    ("4000 0000 0000 0069", PaymentError.expiredCard),
    ("4000 0000 0000 0119", PaymentError.processingFailed(isRetryable: true)),
  ])
  func eachFailingTestCardFailsAsDocumented(number: String, expected: PaymentError) async throws {
    let sandbox = try PaymentSandbox(home: home)
    await #expect(throws: expected) {
      try await gateway(sandbox).charge(Self.amount, to: card(number), idempotencyKey: key())
    }
    #expect(try await sandbox.chargeCount() == 0)
  }

  @Test func anyOtherValidCardWithAFutureExpirySucceeds() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let receipt = try await gateway(sandbox).charge(
      Self.amount, to: card("5555 5555 5555 4444"), idempotencyKey: key())
    #expect(receipt.cardBrand == "Mastercard")
  }

  @Test func aCardPastItsExpiryIsRefusedByTheProvider() async throws {
    let sandbox = try PaymentSandbox(home: home)
    await #expect(throws: PaymentError.expiredCard) {
      try await gateway(sandbox).charge(
        Self.amount, to: card("4242424242424242", month: 1, year: 2020), idempotencyKey: key())
    }
  }

  @Test func aNonPositiveAmountIsRefusedBeforeAnyRequest() async throws {
    let sandbox = try PaymentSandbox(home: home)
    await #expect(throws: PaymentError.invalidAmount) {
      try await gateway(sandbox).charge(
        Money(minorUnits: 0, currency: .eur), to: card("4242424242424242"), idempotencyKey: key())
    }
  }

  @Test func theSameKeyAndRequestTwiceChargesOnceAndReturnsTheOriginalReceipt() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let first = try await gateway(sandbox).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    let second = try await gateway(sandbox).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    #expect(first == second)
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func theSameKeyWithADifferentAmountIsRejected() async throws {
    let sandbox = try PaymentSandbox(home: home)
    _ = try await gateway(sandbox).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    await #expect(throws: PaymentError.idempotencyKeyReused) {
      try await gateway(sandbox).charge(
        Money(minorUnits: 1, currency: .eur), to: card("4242424242424242"), idempotencyKey: key())
    }
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func aTransientFailureIsRetriedWithTheSameKeyAndChargesOnce() async throws {
    let sandbox = try PaymentSandbox(home: home)
    sandbox.failNextRequests(2)
    _ = try await gateway(sandbox, attempts: 3).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func aReceiptInAnotherCurrencyThanTheOrderIsCaughtByConfirm() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let trip = Trip(
      id: try #require(TripID("LIS-001")), title: "Trip",
      destination: Destination(city: "Lisbon", country: "Portugal"),
      startDate: CalendarDate(daysSinceEpoch: 21_000),
      endDate: CalendarDate(daysSinceEpoch: 21_004),
      price: Money(minorUnits: 45_000, currency: .eur), rating: try #require(Rating(tenths: 45)),
      placesLeft: 3,
      details: "")
    let order = try DraftOrder(
      id: key(), trip: trip, places: 2, traveller: Traveller(name: "Ada"))
    let dollars = try await gateway(sandbox).charge(
      Money(minorUnits: 90_000, currency: .usd), to: card("4242424242424242"), idempotencyKey: key()
    )
    #expect(throws: CheckoutError.currencyMismatch(expected: .eur, received: .usd)) {
      try order.confirm(with: dollars)
    }
  }
}

/// Refunds through the gateway, and what a silent provider or a broken store is reported as.
extension PaymentGatewayTests {
  @Test func aChargeIsRefundedInFullOnceWhateverTheNumberOfAttempts() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let receipt = try await gateway(sandbox).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    let refund = try await gateway(sandbox).refund(
      Self.amount, ofCharge: receipt.chargeID, idempotencyKey: key())
    #expect(refund.amount == Self.amount && refund.chargeID == receipt.chargeID)
    let again = try await gateway(sandbox).refund(
      Self.amount, ofCharge: receipt.chargeID, idempotencyKey: key())
    #expect(again == refund)
    #expect(try await sandbox.refundCount() == 1)
  }

  @Test func aRefundOfMoreThanWasChargedIsRefused() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let receipt = try await gateway(sandbox).charge(
      Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    await #expect {
      _ = try await gateway(sandbox).refund(
        Money(minorUnits: 90_001, currency: .eur), ofCharge: receipt.chargeID,
        idempotencyKey: key())
    } throws: { error in
      if case .refundRefused = error as? PaymentError { return true }
      return false
    }
    #expect(try await sandbox.refundCount() == 0)
  }

  @Test func aProviderThatNeverAnswersLeavesTheOutcomeUnknownNeverNothingCharged() async throws {
    let silent = InProcessTransport { _ in
      try await Task.sleep(for: .seconds(3_600))
      return TransportResponse(status: 200)
    }
    let gateway = PaymentDataAssembly.gateway(
      transport: silent, deadline: .milliseconds(200),
      retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: .zero))
    await #expect(throws: PaymentError.outcomeUnknown(reason: "no answer within the deadline")) {
      _ = try await gateway.charge(Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    }
  }

  @Test func aLockedSandboxStoreIsAStorageFailureNotARefusedPayment() async throws {
    let sandbox = try PaymentSandbox(home: home)
    // Another connection holds the write lock longer than the sandbox's busy timeout.
    let holder = try SQLiteDatabase(
      file: home.appendingPathComponent(PaymentSandbox.fileName),
      migrations: Array(repeating: "SELECT 1;", count: PaymentSandbox.migrations.count),
      busyTimeout: .milliseconds(10))
    try await holder.read { connection throws(SQLiteError) in
      try connection.execute("BEGIN IMMEDIATE")
    }
    await #expect {
      _ = try await gateway(sandbox, attempts: 1).charge(
        Self.amount, to: card("4242424242424242"), idempotencyKey: key())
    } throws: { error in
      guard case .storageFailed(let reason) = error as? PaymentError else { return false }
      return reason.contains("locked")
    }
    try await holder.read { connection throws(SQLiteError) in try connection.execute("ROLLBACK") }
  }
}

/// The live gateway against real sockets that misbehave: only a request that never left may be
/// reported as "nothing was charged"; every answer that cannot be read is an unknown outcome.
@Suite("Payment gateway against misbehaving servers")
struct PaymentGatewayFaultTests {
  func charge(through server: LoopbackServer) async throws {
    let card = try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    _ = try await PaymentDataAssembly.gateway(baseURL: server.baseURL, deadline: .seconds(3_600))
      .charge(
        Money(minorUnits: 90_000, currency: .eur), to: card,
        idempotencyKey: try #require(OrderID("order-1")))
  }

  @Test func aProviderThatRefusesConnectionsIsUnavailableAndNothingWasCharged() async throws {
    let server = try LoopbackServer.refusingConnections()
    await #expect {
      try await charge(through: server)
    } throws: { error in
      guard case .unavailable = error as? PaymentError else { return false }
      return true
    }
  }

  @Test(arguments: [
    LoopbackServer.Fault.body("this is not JSON"), .body("{}"), .status(500), .status(502), .reset,
    .close,
  ])
  func anAnswerThatCannotBeReadLeavesTheChargeUnknown(fault: LoopbackServer.Fault) async throws {
    let server = try await LoopbackServer.start(fault)
    await #expect {
      try await charge(through: server)
    } throws: { error in
      guard case .outcomeUnknown = error as? PaymentError else { return false }
      return true
    }
    await server.stop()
  }
}
