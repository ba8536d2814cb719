import Foundation
import Networking
import PaymentInterface
import SharedKernel

/// Charges cards through the payment provider's HTTP API (the embedded sandbox by default) and
/// mints the `PaymentReceipt`: this is the one module allowed to. Transient failures are retried
/// by the client with the same idempotency key, so a retry can never charge twice.
struct ProviderPaymentGateway: PaymentGateway {
  let client: RetryingHTTPClient

  private struct ChargeRequest: Encodable {
    let amountMinorUnits: Int64
    let currency: String
    let cardNumber: String
    let expiryMonth: Int
    let expiryYear: Int
    let holderName: String
  }

  private struct ChargeResponse: Decodable {
    let id: String
    let amountMinorUnits: Int64
    let currency: String
    let brand: String
    let lastFour: String
    let created: Double

    /// The receipt this charge is: minted here, the one module allowed to.
    func receipt(for order: OrderID, in currency: Currency) -> PaymentReceipt {
      PaymentReceipt(
        chargeID: id, orderID: order,
        amount: Money(minorUnits: amountMinorUnits, currency: currency),
        cardBrand: brand, cardLastFour: lastFour, chargedAt: Date(timeIntervalSince1970: created))
    }
  }

  private struct ErrorResponse: Decodable {
    struct Detail: Decodable {
      let code: String
      let message: String
    }
    let error: Detail
  }

  func charge(
    _ amount: Money, to card: PaymentCard, idempotencyKey: OrderID
  ) async throws(PaymentError) -> PaymentReceipt {
    guard amount.minorUnits > 0 else { throw .invalidAmount }
    let body: Data
    do {
      body = try RetryingHTTPClient.encode(
        ChargeRequest(
          amountMinorUnits: amount.minorUnits, currency: amount.currency.code,
          cardNumber: card.unredactedNumber, expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear, holderName: card.holderName))
    } catch {
      throw .invalidCard(reason: "the card details could not be encoded")
    }
    let request = TransportRequest(
      method: .post, path: "/v1/charges",
      headers: ["Idempotency-Key": idempotencyKey.rawValue, "Content-Type": "application/json"],
      body: body)
    let response = try await exchange(ChargeResponse.self, request)
    guard let currency = Currency(code: response.currency), currency == amount.currency,
      response.amountMinorUnits == amount.minorUnits
    else {
      // The provider says it charged, but not what was asked: a charge exists, so this is not
      // a refusal, and "nothing was charged" would be false.
      throw .outcomeUnknown(reason: "the provider's answer does not match the charge asked for")
    }
    return response.receipt(for: idempotencyKey, in: currency)
  }

  /// The provider's answer to closing a key: the charge taken under it, or none.
  private struct CloseResponse: Decodable {
    let charge: ChargeResponse?
  }

  func closeCharges(idempotencyKey: OrderID) async throws(PaymentError) -> PaymentReceipt? {
    let request = TransportRequest(
      method: .post, path: "/v1/charges/close",
      headers: ["Idempotency-Key": idempotencyKey.rawValue, "Content-Type": "application/json"],
      body: Data("{}".utf8))
    guard let charge = try await exchange(CloseResponse.self, request).charge else { return nil }
    guard let currency = Currency(code: charge.currency) else {
      throw .outcomeUnknown(reason: "the provider's answer names an unknown currency")
    }
    return charge.receipt(for: idempotencyKey, in: currency)
  }

  private struct RefundRequest: Encodable {
    let chargeId: String
    let amountMinorUnits: Int64
    let currency: String
  }

  private struct RefundResponse: Decodable {
    let id: String
    let chargeId: String
    let amountMinorUnits: Int64
    let currency: String
    let created: Double
  }

  func refund(
    _ amount: Money, ofCharge chargeID: String, idempotencyKey: OrderID
  ) async throws(PaymentError) -> PaymentRefund {
    let body: Data
    do {
      body = try RetryingHTTPClient.encode(
        RefundRequest(
          chargeId: chargeID, amountMinorUnits: amount.minorUnits, currency: amount.currency.code))
    } catch {
      throw .refundRefused(reason: "the refund could not be encoded")
    }
    let request = TransportRequest(
      method: .post, path: "/v1/refunds",
      headers: [
        "Idempotency-Key": "refund-\(idempotencyKey.rawValue)", "Content-Type": "application/json",
      ],
      body: body)
    let response = try await exchange(RefundResponse.self, request)
    guard response.chargeId == chargeID, response.amountMinorUnits == amount.minorUnits,
      response.currency == amount.currency.code
    else {
      throw .refundRefused(reason: "the provider refunded something else than was asked")
    }
    return PaymentRefund(
      id: response.id, chargeID: chargeID, amount: amount,
      refundedAt: Date(timeIntervalSince1970: response.created))
  }

  /// Sends `request` and decodes its answer, mapping every failure to a `PaymentError`. Only a
  /// request that never left, or a refusal the provider states in its own words, means nothing
  /// moved; a timeout, a broken connection, an answer that cannot be read or a server error
  /// without the provider's explanation leaves the outcome unknown: the request may have been
  /// carried out, and the same key finds out.
  private func exchange<Response: Decodable>(_ type: Response.Type, _ request: TransportRequest)
    async throws(PaymentError) -> Response
  {
    do {
      return try await client.decode(type, from: request)
    } catch let error as HTTPError {
      throw Self.paymentError(error)
    } catch is CancellationError {
      throw .outcomeUnknown(reason: "cancelled while waiting for the answer")
    } catch {
      throw .outcomeUnknown(reason: String(describing: error))
    }
  }

  private static func paymentError(_ error: HTTPError) -> PaymentError {
    let status: Int
    let body: Data
    switch error {
    case .notSent(let reason): return .unavailable(reason: reason)
    case .transportFailed(let reason):
      return .outcomeUnknown(reason: "the connection broke before the answer: \(reason)")
    case .timedOut: return .outcomeUnknown(reason: "no answer within the deadline")
    case .decodingFailed: return .outcomeUnknown(reason: "its answer could not be read")
    case .unacceptableStatus(let code, let errorBody): (status, body) = (code, errorBody)
    }
    let detail = (try? RetryingHTTPClient.decode(ErrorResponse.self, from: body))?.error
    let code = detail?.code ?? ""
    switch (status, code) {
    case (_, "storage_failed"), (507, _):
      return .storageFailed(reason: detail?.message ?? "the payment provider's storage failed")
    case (_, "charge_not_found"), (_, "invalid_refund"), (_, "already_refunded"):
      return .refundRefused(reason: detail?.message ?? code)
    case (_, "card_declined"): return .declined
    case (_, "insufficient_funds"): return .insufficientFunds
    case (_, "expired_card"): return .expiredCard
    case (_, "invalid_amount"): return .invalidAmount
    case (_, "idempotency_key_reused"): return .idempotencyKeyReused
    case (_, "charges_closed"): return .chargesClosed
    case (_, "invalid_number"): return .invalidCard(reason: "the provider rejected the number")
    case (_, "invalid_expiry"): return .invalidCard(reason: "the provider rejected the expiry date")
    case (_, "unsupported_currency"): return .processingFailed(isRetryable: false)
    // A server error the provider does not explain in its own format may come after the
    // charge was made (a proxy's 502, a crash while answering).
    case _ where detail == nil && status >= 500:
      return .outcomeUnknown(reason: "HTTP status \(status) without the provider's explanation")
    default: return .processingFailed(isRetryable: status >= 500 || status == 429)
    }
  }
}
