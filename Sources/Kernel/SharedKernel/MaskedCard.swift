/// A payment card as Voyage may keep it: brand, last four digits and expiry, never the number.
/// It binds an order's key to the card that pays it, and is what a customer is shown.
public struct MaskedCard: Hashable, Sendable, Codable {
  /// The card's brand, such as "Visa".
  public let brand: String
  /// The card number's last four digits.
  public let lastFour: String
  /// The expiry month, 1–12.
  public let expiryMonth: Int
  /// The expiry year, four digits.
  public let expiryYear: Int

  /// Describes a card by what may be kept of it.
  public init(brand: String, lastFour: String, expiryMonth: Int, expiryYear: Int) {
    self.brand = brand
    self.lastFour = lastFour
    self.expiryMonth = expiryMonth
    self.expiryYear = expiryYear
  }
}
