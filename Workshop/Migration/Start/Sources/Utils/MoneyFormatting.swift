/// Turns amounts in minor units into what people read.
public enum MoneyFormatting {
  /// 42000 in EUR becomes "EUR 420.00".
  public static func format(minor: Int, currency: String) -> String {
    let cents = abs(minor % 100)
    return "\(currency) \(minor / 100).\(cents < 10 ? "0" : "")\(cents)"
  }
}
