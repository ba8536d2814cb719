/// An ISO 4217 currency with its minor-unit digits, so amounts are stored and printed exactly.
///
/// Only currencies whose minor units Voyage knows are representable: an amount in an unknown
/// currency could not be formatted or compared safely.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The three-letter ISO 4217 code, such as `EUR`.
  public let code: String
  /// How many decimal digits the minor unit has: 2 for EUR (cents), 0 for JPY, 3 for KWD.
  public let minorUnitDigits: Int

  private init(code: String, minorUnitDigits: Int) {
    self.code = code
    self.minorUnitDigits = minorUnitDigits
  }

  /// Looks a currency up by its code (case-insensitive); `nil` for a code Voyage does not support.
  public init?(code: String) {
    guard let known = Self.supported.first(where: { $0.code == code.uppercased() }) else {
      return nil
    }
    self = known
  }

  /// The code, as it appears in formatted amounts.
  public var description: String { code }

  /// Orders currencies by code, for stable listings.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.code < rhs.code }

  /// How many minor units make one major unit (100 for EUR, 1 for JPY).
  public var minorUnitsPerMajorUnit: Int64 {
    (0..<minorUnitDigits).reduce(1) { product, _ in product * 10 }
  }

  /// Euro.
  public static let eur = Currency(code: "EUR", minorUnitDigits: 2)
  /// US dollar.
  public static let usd = Currency(code: "USD", minorUnitDigits: 2)
  /// Pound sterling.
  public static let gbp = Currency(code: "GBP", minorUnitDigits: 2)
  /// Japanese yen: no minor unit.
  public static let jpy = Currency(code: "JPY", minorUnitDigits: 0)
  /// Brazilian real.
  public static let brl = Currency(code: "BRL", minorUnitDigits: 2)
  /// Turkish lira.
  public static let `try` = Currency(code: "TRY", minorUnitDigits: 2)
  /// Polish złoty.
  public static let pln = Currency(code: "PLN", minorUnitDigits: 2)
  /// Swiss franc.
  public static let chf = Currency(code: "CHF", minorUnitDigits: 2)
  /// Australian dollar.
  public static let aud = Currency(code: "AUD", minorUnitDigits: 2)
  /// South Korean won: no minor unit.
  public static let krw = Currency(code: "KRW", minorUnitDigits: 0)
  /// Kuwaiti dinar: three minor-unit digits.
  public static let kwd = Currency(code: "KWD", minorUnitDigits: 3)

  /// Every currency Voyage can represent.
  public static let supported: [Currency] = [
    .aud, .brl, .chf, .eur, .gbp, .jpy, .krw, .kwd, .pln, .try, .usd,
  ]
}
