import Foundation

/// Amounts as the screens print them: the currency's code, then the amount with two decimals
/// and a comma every three digits.
public enum MoneyFormatting {
  /// `EUR 1,980.00`.
  public static func string(_ money: Money) -> String {
    let sign = money.minorUnits < 0 ? "-" : ""
    let units = abs(money.minorUnits)
    let whole = String(units / 100)
    var grouped = ""
    for (index, character) in whole.enumerated() {
      if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(character)
    }
    let cents = units % 100
    return "\(money.currency) \(sign)\(grouped).\(cents < 10 ? "0" : "")\(cents)"
  }
}
