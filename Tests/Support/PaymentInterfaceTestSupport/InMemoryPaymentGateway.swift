import Foundation
public import PaymentInterface
public import SharedKernel

/// A payment provider: one charge per key, replayed on a repeat; one full refund per charge.
public actor InMemoryPaymentGateway: PaymentGateway {
  /// Thrown by every charge while set: a decline, a provider outage.
  public var failure: PaymentError?
  /// Thrown by every refund while set: a provider that will not give a charge back.
  public var refundFailure: PaymentError?
  /// Charges in another currency than asked, to prove `confirm(with:)` is on the path.
  public var chargesInDollars = false
  /// How many next calls time out without an answer.
  public var silentCalls = 0
  /// Every charge taken, by its idempotency key.
  public private(set) var charges: [OrderID: PaymentReceipt] = [:]
  /// Every refund given, by the charge it gives back.
  public private(set) var refunds: [String: PaymentRefund] = [:]
  /// Keys closed to charges: their orders were given up.
  public private(set) var closedKeys: Set<OrderID> = []

  /// A provider that fails every charge with `failure`, or charges in dollars whatever is asked.
  public init(failure: PaymentError? = nil, chargesInDollars: Bool = false) {
    self.failure = failure
    self.chargesInDollars = chargesInDollars
  }

  /// Fails every refund with `failure` from now on (`nil` stops it).
  public func failRefunds(with failure: PaymentError?) { refundFailure = failure }

  /// Lets the next `calls` calls end as a timeout: the outcome a caller cannot know.
  public func fallSilent(for calls: Int) { silentCalls = calls }

  /// Charges once per key; a repeat returns the first receipt.
  public func charge(_ amount: Money, to card: PaymentCard, idempotencyKey: OrderID)
    async throws(PaymentError) -> PaymentReceipt
  {
    if silentCalls > 0 {
      silentCalls -= 1
      throw .outcomeUnknown(reason: "no answer within the deadline")
    }
    if let earlier = charges[idempotencyKey] { return earlier }
    if closedKeys.contains(idempotencyKey) { throw .chargesClosed }
    if let failure { throw failure }
    let charged = chargesInDollars ? Money(minorUnits: amount.minorUnits, currency: .usd) : amount
    let receipt = PaymentReceipt(
      chargeID: "ch_\(charges.count + 1)", orderID: idempotencyKey, amount: charged,
      cardBrand: card.brand, cardLastFour: card.lastFour,
      chargedAt: Date(timeIntervalSince1970: 0))
    charges[idempotencyKey] = receipt
    return receipt
  }

  /// Closes the key to charges and returns the charge already taken under it, if any.
  public func closeCharges(idempotencyKey: OrderID) async throws(PaymentError) -> PaymentReceipt? {
    if silentCalls > 0 {
      silentCalls -= 1
      throw .outcomeUnknown(reason: "no answer within the deadline")
    }
    closedKeys.insert(idempotencyKey)
    return charges[idempotencyKey]
  }

  /// Refunds a known charge once; a repeat returns the first refund.
  public func refund(_ amount: Money, ofCharge chargeID: String, idempotencyKey: OrderID)
    async throws(PaymentError) -> PaymentRefund
  {
    if let earlier = refunds[chargeID] { return earlier }
    if let refundFailure { throw refundFailure }
    guard charges.values.contains(where: { $0.chargeID == chargeID }) else {
      throw .refundRefused(reason: "no such charge")
    }
    let refund = PaymentRefund(
      id: "re_\(refunds.count + 1)", chargeID: chargeID, amount: amount,
      refundedAt: Date(timeIntervalSince1970: 0))
    refunds[chargeID] = refund
    return refund
  }
}
