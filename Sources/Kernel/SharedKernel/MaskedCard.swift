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
  /// A one-way digest of the whole number and expiry (hexadecimal), telling two cards with the
  /// same last four digits apart; empty for orders recorded before Voyage kept one.
  public let fingerprint: String

  /// Describes a card by what may be kept of it.
  public init(
    brand: String, lastFour: String, expiryMonth: Int, expiryYear: Int, fingerprint: String = ""
  ) {
    self.brand = brand
    self.lastFour = lastFour
    self.expiryMonth = expiryMonth
    self.expiryYear = expiryYear
    self.fingerprint = fingerprint
  }

  /// Whether `other` is the same card: the same brand, last four digits and expiry, and the
  /// same fingerprint where both have one (an order recorded before fingerprints has none).
  public func isSameCard(as other: MaskedCard) -> Bool {
    brand == other.brand && lastFour == other.lastFour && expiryMonth == other.expiryMonth
      && expiryYear == other.expiryYear
      && (fingerprint.isEmpty || other.fingerprint.isEmpty || fingerprint == other.fingerprint)
  }
}
