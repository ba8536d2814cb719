import Foundation
import Networking
import PaymentData
import PaymentInterface
import PaymentSandbox
import SharedKernel
import Testing

@Suite("Payment gateway against the sandbox")
struct PaymentGatewayTests {
  let home = FileManager.default.temporaryDirectory.appendingPathComponent(
    "voyage-payments-\(UUID().uuidString)")

  func gateway(_ sandbox: PaymentSandbox, attempts: Int = 3) -> any PaymentGateway {
    PaymentDataAssembly.gateway(
      transport: sandbox.transport,
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
    let booking = Booking(
      id: try #require(BookingID("LIS-001")), title: "Trip",
      destination: Destination(city: "Lisbon", country: "Portugal"),
      startDate: CalendarDate(daysSinceEpoch: 21_000),
      endDate: CalendarDate(daysSinceEpoch: 21_004),
      price: Money(minorUnits: 45_000, currency: .eur), rating: try #require(Rating(tenths: 45)),
      seatsLeft: 3,
      details: "")
    let order = try DraftOrder(
      id: key(), booking: booking, guests: 2, traveller: Traveller(name: "Ada"))
    let dollars = try await gateway(sandbox).charge(
      Money(minorUnits: 90_000, currency: .usd), to: card("4242424242424242"), idempotencyKey: key()
    )
    #expect(throws: CheckoutError.currencyMismatch(expected: .eur, received: .usd)) {
      try order.confirm(with: dollars)
    }
  }
}
