public import SharedKernel

/// Takes money for an order. Checkout depends on this protocol; a provider's sandbox or live API
/// implements it in the infrastructure layer.
public protocol PaymentGateway: Sendable {
  /// Charges `amount` to `card` once per `idempotencyKey`: a second call with the same key and the
  /// same request returns the original receipt instead of charging again.
  func charge(
    _ amount: Money, to card: PaymentCard, idempotencyKey: OrderID
  ) async throws(PaymentError) -> PaymentReceipt
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
  /// The provider failed to process the charge; `isRetryable` says whether trying again may work.
  case processingFailed(isRetryable: Bool)

  /// Whether the same request, with the same idempotency key, may succeed if tried again.
  public var isRetryable: Bool {
    if case .processingFailed(let isRetryable) = self { return isRetryable }
    return false
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
    case .processingFailed(let isRetryable):
      isRetryable
        ? "the payment provider could not process the payment; try again"
        : "the payment provider could not process the payment"
    }
  }
}
