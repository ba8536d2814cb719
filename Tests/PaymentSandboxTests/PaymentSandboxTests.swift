import Foundation
import Networking
import TemporaryFolders
import Testing

@testable import PaymentSandbox

@Suite("Payment sandbox")
struct PaymentSandboxTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("sandbox")
  var home: URL { temporary.url }

  func charge(
    _ sandbox: PaymentSandbox, key: String, number: String = "4242424242424242",
    amount: Int = 45_000
  )
    async -> TransportResponse
  {
    let body = """
      {"amount_minor_units": \(amount), "currency": "EUR", "card_number": "\(number)",
       "expiry_month": 12, "expiry_year": 2099, "holder_name": "Ada Lovelace"}
      """
    return await sandbox.handle(
      TransportRequest(
        method: .post, path: "/v1/charges", headers: ["Idempotency-Key": key], body: Data(body.utf8)
      ))
  }

  @Test func anIdempotencyKeySurvivesARestartOfTheSandbox() async throws {
    let first = try PaymentSandbox(home: home)
    let original = await charge(first, key: "order-1")
    #expect(original.status == 200)

    let restarted = try PaymentSandbox(home: home)
    let replayed = await charge(restarted, key: "order-1")
    #expect(replayed.body == original.body)
    #expect(replayed.headers["Idempotent-Replayed"] == "true")
    #expect(try await restarted.chargeCount() == 1)
  }

  @Test func aChargeWithoutAnIdempotencyKeyIsRefused() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let response = await sandbox.handle(
      TransportRequest(method: .post, path: "/v1/charges", body: Data("{}".utf8)))
    #expect(response.status == 400)
  }

  @Test func theFullCardNumberIsNeverStored() async throws {
    let sandbox = try PaymentSandbox(home: home)
    for (index, number) in ["4242424242424242", "4000000000000002", "5555555555554444"].enumerated()
    {
      _ = await charge(sandbox, key: "order-\(index)", number: number)
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: home.path) {
      let bytes = try Data(contentsOf: home.appendingPathComponent(file))
      for number in ["4242424242424242", "4000000000000002", "5555555555554444"] {
        #expect(bytes.range(of: Data(number.utf8)) == nil, "\(number) found in \(file)")
      }
    }
  }
}

/// Refunds: the whole charge, once, never more than was charged.
extension PaymentSandboxTests {
  func refund(
    _ sandbox: PaymentSandbox, key: String, charge: String, amount: Int = 45_000,
    currency: String = "EUR"
  ) async -> (status: Int, json: [String: Any]) {
    let body = """
      {"charge_id": "\(charge)", "amount_minor_units": \(amount), "currency": "\(currency)"}
      """
    let response = await sandbox.handle(
      TransportRequest(
        method: .post, path: "/v1/refunds", headers: ["Idempotency-Key": key],
        body: Data(body.utf8)))
    return (
      response.status,
      (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    )
  }

  func chargeID(_ response: TransportResponse) throws -> String {
    try #require(
      (try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["id"] as? String)
  }

  @Test func aChargeIsRefundedOnceWhateverTheNumberOfAttempts() async throws {
    let sandbox = try PaymentSandbox(home: home)
    let charged = try chargeID(await charge(sandbox, key: "order-1"))
    let first = await refund(sandbox, key: "refund-1", charge: charged)
    #expect(first.status == 200)
    let again = await refund(sandbox, key: "refund-1", charge: charged)
    #expect(again.json["id"] as? String == first.json["id"] as? String)
    let otherKey = await refund(sandbox, key: "refund-2", charge: charged)
    #expect(otherKey.status == 409)
    #expect((otherKey.json["error"] as? [String: Any])?["code"] as? String == "already_refunded")
    #expect(try await sandbox.refundCount() == 1)
  }

  @Test(arguments: [(90_000, "EUR"), (10_000, "EUR"), (45_000, "USD")])
  func aRefundOfAnotherAmountOrCurrencyIsRefused(amount: Int, currency: String) async throws {
    let sandbox = try PaymentSandbox(home: home)
    let charged = try chargeID(await charge(sandbox, key: "order-1"))
    let refused = await refund(
      sandbox, key: "refund-1", charge: charged, amount: amount, currency: currency)
    #expect(refused.status == 400)
    #expect(try await sandbox.refundCount() == 0)
  }

  @Test func aRefundOfAChargeThatNeverHappenedIsRefused() async throws {
    let sandbox = try PaymentSandbox(home: home)
    _ = await charge(sandbox, key: "declined", number: "4000000000000002")
    let refused = await refund(sandbox, key: "refund-1", charge: "ch_nothing")
    #expect(refused.status == 404)
  }
}
