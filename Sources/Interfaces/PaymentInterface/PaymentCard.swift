public import SharedKernel

/// A card to charge. Its full number is needed to charge it and must never be shown anywhere:
/// `description`, `debugDescription`, `dump` and its `Encodable` form all redact it.
public struct PaymentCard: Sendable, Hashable, Encodable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  private let number: String
  /// The expiry month, 1–12.
  public let expiryMonth: Int
  /// The expiry year, four digits.
  public let expiryYear: Int
  /// The name on the card.
  public let holderName: String

  /// Validates card details: 12–19 digits (spaces and dashes allowed) passing the Luhn check,
  /// and an expiry month of 1–12 with a two- or four-digit year. Whether the card has expired
  /// depends on today's date: whoever takes the card asks ``hasExpired(on:)`` before an order
  /// is made, and the provider decides again when it charges.
  public init(
    number: String, expiryMonth: Int, expiryYear: Int, holderName: String
  ) throws(PaymentCardError) {
    try self.init(
      number: CardNumber(number), expiryMonth: expiryMonth, expiryYear: expiryYear,
      holderName: holderName)
  }

  /// A card whose number was checked when it was typed (a ``CardNumber``), with an expiry month
  /// of 1–12 and a two- or four-digit year.
  public init(
    number: CardNumber, expiryMonth: Int, expiryYear: Int, holderName: String
  ) throws(PaymentCardError) {
    guard (1...12).contains(expiryMonth) else { throw .invalidExpiry }
    let year = expiryYear < 100 ? 2000 + expiryYear : expiryYear
    guard (2000...2099).contains(year) else { throw .invalidExpiry }
    self.number = number.digits
    self.expiryMonth = expiryMonth
    self.expiryYear = year
    self.holderName = holderName
  }

  /// Parses an expiry written as `MM/YY` or `MM/YYYY`; `nil` for anything else.
  public static func parseExpiry(_ text: String) -> (month: Int, year: Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, [2, 4].contains(parts[1].count),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }),
      let month = Int(parts[0]), let year = Int(parts[1]), (1...12).contains(month)
    else { return nil }
    return (month, year < 100 ? 2000 + year : year)
  }

  /// Whether the card expired before `today`: a card is good through the last day of its expiry
  /// month, so one that expires this month is not expired yet.
  public static func hasExpired(month: Int, year: Int, on today: CalendarDate) -> Bool {
    (year, month) < (today.year, today.month)
  }

  /// Whether this card expired before `today` (see ``hasExpired(month:year:on:)``).
  public func hasExpired(on today: CalendarDate) -> Bool {
    Self.hasExpired(month: expiryMonth, year: expiryYear, on: today)
  }

  /// The expiry as a person reads it: `01/2020`.
  public var shownExpiry: String {
    "\(expiryMonth < 10 ? "0" : "")\(expiryMonth)/\(expiryYear)"
  }

  /// The full number, for the one caller that must send it to the payment provider. The name is
  /// loud on purpose: anything else that reads it is a leak.
  public var unredactedNumber: String { number }

  /// The last four digits, which a customer may see.
  public var lastFour: String { String(number.suffix(4)) }

  /// The card network, guessed from the number's prefix.
  public var brand: String {
    if number.hasPrefix("4") { return "Visa" }
    if let two = Int(number.prefix(2)), (51...55).contains(two) { return "Mastercard" }
    if let four = Int(number.prefix(4)), (2221...2720).contains(four) { return "Mastercard" }
    if number.hasPrefix("34") || number.hasPrefix("37") { return "American Express" }
    return "Card"
  }

  /// What may be kept of the card once it has been charged: an order binds its key to it.
  public var masked: MaskedCard {
    MaskedCard(
      brand: brand, lastFour: lastFour, expiryMonth: expiryMonth, expiryYear: expiryYear,
      fingerprint: fingerprint)
  }

  /// A one-way digest of the whole number and the expiry, so an order's key is bound to this
  /// card and not to any card ending in the same four digits, while the number is never kept.
  /// It proves sameness; it is no vault: a digest of a card number can be searched by brute
  /// force, so it is kept where the last four digits are, never published.
  var fingerprint: String {
    SHA256.hexDigest(Array("voyage-card-v1:\(number):\(expiryMonth)/\(expiryYear)".utf8))
  }

  /// "Visa •••• 4242 (12/2030)": never the full number.
  public var description: String {
    "\(brand) •••• \(lastFour) (\(shownExpiry))"
  }

  /// The same redacted text as `description`, so debuggers and `String(reflecting:)` leak nothing.
  public var debugDescription: String { "PaymentCard(\(description))" }

  /// Mirrors only the redacted parts, so `dump(card)` leaks nothing.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "brand": brand, "lastFour": lastFour, "expiryMonth": expiryMonth,
        "expiryYear": expiryYear,
      ])
  }

  private enum CodingKeys: String, CodingKey {
    case brand, lastFour, expiryMonth, expiryYear, holderName
  }

  /// Encodes the redacted form: brand, last four digits, expiry and holder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(brand, forKey: .brand)
    try container.encode(lastFour, forKey: .lastFour)
    try container.encode(expiryMonth, forKey: .expiryMonth)
    try container.encode(expiryYear, forKey: .expiryYear)
    try container.encode(holderName, forKey: .holderName)
  }

  /// The Luhn (mod 10) checksum every card number carries, which catches most typos.
  public static func passesLuhnCheck(_ digits: String) -> Bool {
    var sum = 0
    for (index, character) in digits.reversed().enumerated() {
      guard let digit = character.wholeNumberValue else { return false }
      let weighted = index.isMultiple(of: 2) ? digit : digit * 2
      sum += weighted > 9 ? weighted - 9 : weighted
    }
    return sum.isMultiple(of: 10)
  }
}

/// Why card details were refused before any charge was attempted.
public enum PaymentCardError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The number has characters other than digits, spaces and dashes.
  case notANumber
  /// The number has too few or too many digits.
  case wrongLength(Int)
  /// The number fails the Luhn check: probably a typo.
  case failedChecksum
  /// The expiry month or year is impossible.
  case invalidExpiry

  /// A sentence a person can act on; it never repeats the number.
  public var description: String {
    switch self {
    case .notANumber: "the card number must contain only digits"
    case .wrongLength(let count): "the card number has \(count) digits; cards have 12 to 19"
    case .failedChecksum: "the card number is mistyped (it fails the Luhn check)"
    case .invalidExpiry: "the expiry date is not a valid month and year (MM/YY)"
    }
  }
}
