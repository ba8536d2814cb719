import Foundation

/// An exact amount in one currency, kept in integer minor units (cents, not floating-point euros).
///
/// Arithmetic never overflows silently and never mixes currencies: both throw a ``MoneyError``.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The amount in the currency's minor unit: 1050 is EUR 10.50 and JPY 1,050.
  public let minorUnits: Int64
  /// The currency the amount is in.
  public let currency: Currency

  /// Creates an amount from minor units, the form databases and payment providers use.
  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// Parses a decimal amount typed by a person (`"120"`, `"120.5"`, `"120.50"`), refusing more
  /// fraction digits than the currency has, signs, separators and anything that is not a number.
  public static func parse(_ text: String, currency: Currency) throws(MoneyError) -> Money {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCIIDigit),
      parts.dropFirst().allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
    else { throw .notANumber(text) }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard parts.count == 1 || !fraction.isEmpty else { throw .notANumber(text) }
    guard fraction.count <= currency.minorUnitDigits else {
      throw .tooManyFractionDigits(text, currency: currency)
    }
    let paddedFraction =
      fraction + String(repeating: "0", count: currency.minorUnitDigits - fraction.count)
    guard let major = Int64(whole), let minor = Int64(paddedFraction.isEmpty ? "0" : paddedFraction)
    else {
      throw .overflow
    }
    let (scaled, scaleOverflow) = major.multipliedReportingOverflow(
      by: currency.minorUnitsPerMajorUnit)
    let (total, addOverflow) = scaled.addingReportingOverflow(minor)
    guard !scaleOverflow, !addOverflow else { throw .overflow }
    return Money(minorUnits: total, currency: currency)
  }

  /// Whether the amount is zero.
  public var isZero: Bool { minorUnits == 0 }

  /// Whether the amount is below zero (a refund, or a mistake to reject).
  public var isNegative: Bool { minorUnits < 0 }

  /// Adds an amount in the same currency; throws on a currency mismatch or overflow.
  public func adding(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .overflow }
    return Money(minorUnits: sum, currency: currency)
  }

  /// Subtracts an amount in the same currency; throws on a currency mismatch or overflow.
  public func subtracting(_ other: Money) throws(MoneyError) -> Money {
    try requireSameCurrency(other)
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .overflow }
    return Money(minorUnits: difference, currency: currency)
  }

  /// Multiplies by a count (places, nights); throws on overflow.
  public func multiplied(by factor: Int) throws(MoneyError) -> Money {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(factor))
    guard !overflow else { throw .overflow }
    return Money(minorUnits: product, currency: currency)
  }

  /// Compares with an amount in the same currency; throws rather than compare apples with yen.
  public func isLess(than other: Money) throws(MoneyError) -> Bool {
    try requireSameCurrency(other)
    return minorUnits < other.minorUnits
  }

  /// The amount with its code and the currency's minor-unit digits: `EUR 1,234.50`, `JPY 12,000`.
  public var description: String { "\(currency.code) \(formattedAmount)" }

  /// The number alone, grouped by thousands with the currency's fraction digits: `1,234.50`.
  public var formattedAmount: String {
    let magnitude = minorUnits.magnitude
    let perMajor = UInt64(currency.minorUnitsPerMajorUnit)
    let major = String(magnitude / perMajor)
    var grouped = ""
    for (index, digit) in major.enumerated() {
      if index > 0, (major.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    var text = (minorUnits < 0 ? "-" : "") + grouped
    if currency.minorUnitDigits > 0 {
      let minor = String(magnitude % perMajor)
      text += "." + String(repeating: "0", count: currency.minorUnitDigits - minor.count) + minor
    }
    return text
  }

  private func requireSameCurrency(_ other: Money) throws(MoneyError) {
    guard other.currency == currency else {
      throw .currencyMismatch(currency, other.currency)
    }
  }
}

/// Why an amount could not be parsed or computed.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The two amounts are in different currencies; Voyage never converts implicitly.
  case currencyMismatch(Currency, Currency)
  /// The result does not fit in 64-bit minor units.
  case overflow
  /// The text is not a plain non-negative decimal number.
  case notANumber(String)
  /// The text has more fraction digits than the currency's minor unit (`10.505` euros).
  case tooManyFractionDigits(String, currency: Currency)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .currencyMismatch(let left, let right):
      "cannot combine amounts in \(left) and \(right)"
    case .overflow:
      "the amount is too large"
    case .notANumber(let text):
      "'\(text)' is not an amount; write digits with an optional decimal point, like 120.50"
    case .tooManyFractionDigits(let text, let currency):
      "'\(text)' has more than \(currency.minorUnitDigits) decimal digits, the most \(currency) allows"
    }
  }
}

extension Currency: Codable {
  /// Decodes a supported ISO 4217 code and rejects any other.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let code = try container.decode(String.self)
    guard let currency = Currency(code: code) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(code)' is not a supported currency")
    }
    self = currency
  }

  /// Encodes as the bare ISO 4217 code.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
