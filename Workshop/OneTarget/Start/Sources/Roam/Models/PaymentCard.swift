import Foundation

/// A card number as the traveller typed it, checked before it is sent anywhere.
public struct PaymentCard: Equatable {
  public let digits: String

  /// Accepts 12 to 19 digits (spaces and dashes ignored) that pass the Luhn check.
  public init(_ typed: String) throws {
    let digits = typed.filter { !$0.isWhitespace && $0 != "-" }
    guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else {
      throw RoamError.invalidCard
    }
    guard Self.passesLuhn(digits) else { throw RoamError.invalidCard }
    self.digits = digits
  }

  /// The last four digits, the only ones ever shown.
  public var ending: String { String(digits.suffix(4)) }

  static func passesLuhn(_ digits: String) -> Bool {
    var sum = 0
    for (index, character) in digits.reversed().enumerated() {
      guard var value = character.wholeNumberValue else { return false }
      if index % 2 == 1 {
        value *= 2
        if value > 9 { value -= 9 }
      }
      sum += value
    }
    return sum % 10 == 0
  }
}

extension Character {
  /// 0 to 9, and nothing else.
  var isASCIIDigit: Bool { isASCII && isNumber }
}
