public import Foundation

/// The one way Voyage writes a JSON document for people's scripts: pretty-printed, keys sorted
/// (so equal documents are equal bytes and diffs stay small), one trailing newline.
public enum JSONDocument {
  /// `object` as a document; `{}` for an object that is not valid JSON (which would be a bug).
  public static func data(_ object: [String: Any]) -> Data {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return (data ?? Data("{}".utf8)) + Data("\n".utf8)
  }

  /// The same document as text.
  public static func text(_ object: [String: Any]) -> String {
    String(decoding: data(object), as: UTF8.self)
  }

  /// An amount, the one shape every document uses: integer minor units (no precision lost),
  /// the currency's code, and the amount as a person reads it.
  public static func amount(minorUnits: Int64, currency: String, formatted: String) -> [String: Any]
  {
    ["minor_units": minorUnits, "currency": currency, "formatted": formatted]
  }

  /// The card as the documents show it, the same in every locale: "Visa •••• 4242".
  public static func card(brand: String, lastFour: String) -> String {
    TerminalTheme(usesColor: false, usesUnicode: true).maskedCard(brand: brand, lastFour: lastFour)
  }
}

extension TerminalTheme {
  /// A card as a customer may see it: "Visa •••• 4242", or "Visa **** 4242" where Unicode
  /// cannot be drawn. Built from data (brand, last four digits), never stored as text.
  public func maskedCard(brand: String, lastFour: String) -> String {
    "\(brand) \(String(repeating: symbol(.bullet), count: 4)) \(lastFour)"
  }
}
