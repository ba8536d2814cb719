import Foundation

/// An amount in minor units (cents) of a currency.
public struct Money: Codable, Equatable, Comparable {
  public var minorUnits: Int
  public var currency: String

  public init(minorUnits: Int, currency: String) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// The amount times `count`.
  public func times(_ count: Int) -> Money {
    Money(minorUnits: minorUnits * count, currency: currency)
  }

  /// The amount in another currency, at the fixed rates the catalog publishes.
  public func converted(to other: String) -> Money {
    guard other != currency, let from = ExchangeRates.perEuro[currency],
      let to = ExchangeRates.perEuro[other]
    else { return self }
    let euros = Double(minorUnits) / from
    return Money(minorUnits: Int((euros * to).rounded()), currency: other)
  }

  public static func < (left: Money, right: Money) -> Bool {
    left.converted(to: "EUR").minorUnits < right.converted(to: "EUR").minorUnits
  }
}

/// The catalog's exchange rates: units of each currency per euro.
public enum ExchangeRates {
  public static var perEuro: [String: Double] = ["EUR": 1.0, "USD": 1.08, "GBP": 0.85, "CHF": 0.95]
}
