/// A card number that passes the card's checks, read once where it is typed, so a mistyped
/// number is refused before anything else is asked or done. It is the whole number, which must
/// never be shown: `description`, `debugDescription` and `dump` give its last four digits only.
public struct CardNumber: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The digits alone, for the card that is charged with them.
  let digits: String

  /// Checks `text`: 12–19 digits (spaces and dashes allowed between them) passing the Luhn
  /// check.
  public init(_ text: String) throws(PaymentCardError) {
    let digits = text.filter { $0 != " " && $0 != "-" }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
      throw .notANumber
    }
    guard (12...19).contains(digits.count) else { throw .wrongLength(digits.count) }
    guard PaymentCard.passesLuhnCheck(digits) else { throw .failedChecksum }
    self.digits = digits
  }

  /// The last four digits, which a customer may see.
  public var lastFour: String { String(digits.suffix(4)) }

  /// "•••• 4242": never the whole number.
  public var description: String { "•••• \(lastFour)" }

  /// The same redacted text as `description`, so debuggers and `String(reflecting:)` leak
  /// nothing.
  public var debugDescription: String { "CardNumber(\(description))" }

  /// Mirrors only the last four digits, so `dump(number)` leaks nothing.
  public var customMirror: Mirror { Mirror(self, children: ["lastFour": lastFour]) }
}
