public import Foundation

/// Proof that a payment provider took the money for an order.
///
/// Its initializer is `package`: only modules of the Voyage package can mint a receipt, and the
/// architecture linter narrows that to `PaymentData`, so a receipt always comes from a real charge.
/// It holds only what a customer may see of the card: its brand and last four digits. It is
/// `Encodable` but not `Decodable`, which would be a way around the `package` initializer.
public struct PaymentReceipt: Hashable, Sendable, Encodable {
  /// The provider's identifier for the charge.
  public let chargeID: String
  /// The order that was paid for; also the idempotency key of the charge.
  public let orderID: OrderID
  /// What was charged.
  public let amount: Money
  /// The card's brand, such as "Visa".
  public let cardBrand: String
  /// The card number's last four digits.
  public let cardLastFour: String
  /// When the provider took the money.
  public let chargedAt: Date

  package init(
    chargeID: String, orderID: OrderID, amount: Money, cardBrand: String, cardLastFour: String,
    chargedAt: Date
  ) {
    self.chargeID = chargeID
    self.orderID = orderID
    self.amount = amount
    self.cardBrand = cardBrand
    self.cardLastFour = cardLastFour
    self.chargedAt = chargedAt
  }
}
