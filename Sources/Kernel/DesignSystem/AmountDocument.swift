/// An amount as every `--json` document shows it: integer minor units (no precision lost), the
/// currency's code, and the amount as a person reads it. Locale-free data, written once here so
/// search, checkout and the tickets list cannot come to show an amount two ways.
public struct AmountDocument: Encodable, Sendable, Equatable {
  /// The amount in the currency's smallest unit.
  public let minorUnits: Int64
  /// The ISO 4217 code.
  public let currency: String
  /// The amount as a person reads it ("EUR 900.00").
  public let formatted: String

  /// An amount of `minorUnits` in `currency`, shown to a person as `formatted`.
  public init(minorUnits: Int64, currency: String, formatted: String) {
    self.minorUnits = minorUnits
    self.currency = currency
    self.formatted = formatted
  }

  private enum CodingKeys: String, CodingKey {
    case minorUnits = "minor_units"
    case currency, formatted
  }
}
