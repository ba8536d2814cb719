public import Foundation
public import SharedKernel

/// Takes money for an order. Checkout depends on this protocol; a provider's sandbox or live API
/// implements it in the infrastructure layer.
public protocol PaymentGateway: Sendable {
  /// Charges `amount` to `card` once per `idempotencyKey`: a second call with the same key and the
  /// same request returns the original receipt instead of charging again.
  func charge(
    _ amount: Money, to card: PaymentCard, idempotencyKey: OrderID
  ) async throws(PaymentError) -> PaymentReceipt

  /// Closes `idempotencyKey` to charges, so none is ever taken under it from now on, and
  /// returns the receipt of the charge already taken under it, if one was (to be refunded).
  /// A later charge with the key is refused with `PaymentError.chargesClosed`. Giving up an
  /// order needs this to know, without charging, that it costs nothing, even while another
  /// process may be about to charge it. Safe to repeat.
  func closeCharges(idempotencyKey: OrderID) async throws(PaymentError) -> PaymentReceipt?

  /// Gives back all of `amount` taken by the charge `chargeID`, once per `idempotencyKey`: a
  /// second call answers with the original refund. Never refunds more than was charged.
  func refund(
    _ amount: Money, ofCharge chargeID: String, idempotencyKey: OrderID
  ) async throws(PaymentError) -> PaymentRefund
}

/// Proof that a charge was given back: what a cancelled or compensated order records.
public struct PaymentRefund: Hashable, Sendable, Codable {
  /// The provider's identifier for the refund.
  public let id: String
  /// The charge it gives back.
  public let chargeID: String
  /// What was given back.
  public let amount: Money
  /// When the provider gave it back.
  public let refundedAt: Date

  /// Describes a refund, as the provider reported it.
  public init(id: String, chargeID: String, amount: Money, refundedAt: Date) {
    self.id = id
    self.chargeID = chargeID
    self.amount = amount
    self.refundedAt = refundedAt
  }
}

/// Why a charge failed, as a payment provider reports it.
public enum PaymentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bank refused the charge.
  case declined
  /// The account cannot cover the amount.
  case insufficientFunds
  /// The card details are not valid; the reason says which part.
  case invalidCard(reason: String)
  /// The card is past its expiry date.
  case expiredCard
  /// The amount is zero or negative.
  case invalidAmount
  /// The provider does not take this currency.
  case unsupportedCurrency(Currency)
  /// The idempotency key was already used for a different charge.
  case idempotencyKeyReused
  /// The order behind this key was given up: no charge can be taken under it.
  case chargesClosed
  /// The provider failed to process the charge; `isRetryable` says whether trying again may work.
  case processingFailed(isRetryable: Bool)
  /// The request was sent but no answer came: the money may or may not have moved. Repeating
  /// the request with the same key finds out, and never moves it twice.
  case outcomeUnknown(reason: String)
  /// The provider could not be reached: the request never left, so nothing was charged.
  /// Repeating it with the same key later is safe.
  case unavailable(reason: String)
  /// The provider's own storage failed (for the embedded sandbox, a file in the Voyage home).
  case storageFailed(reason: String)
  /// A refund asked for more than the charge took, in another currency, or for no such charge.
  case refundRefused(reason: String)

  /// Whether the same request, with the same idempotency key, may succeed if tried again.
  public var isRetryable: Bool {
    switch self {
    case .processingFailed(let isRetryable): isRetryable
    case .outcomeUnknown, .unavailable: true
    default: false
    }
  }

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .declined: "the card was declined"
    case .insufficientFunds: "the card has insufficient funds"
    case .invalidCard(let reason): "the card is not valid: \(reason)"
    case .expiredCard: "the card has expired"
    case .invalidAmount: "the amount must be greater than zero"
    case .unsupportedCurrency(let currency): "payments in \(currency) are not supported"
    case .idempotencyKeyReused: "this idempotency key was already used for a different payment"
    case .chargesClosed: "the order was given up, so nothing can be charged under its key"
    case .processingFailed(let isRetryable):
      isRetryable
        ? "the payment provider could not process the payment; try again"
        : "the payment provider could not process the payment"
    case .outcomeUnknown(let reason): "the payment provider did not answer (\(reason))"
    case .unavailable(let reason): "the payment provider is unavailable: \(reason)"
    case .storageFailed(let reason): reason
    case .refundRefused(let reason): "the refund was refused: \(reason)"
    }
  }
}
