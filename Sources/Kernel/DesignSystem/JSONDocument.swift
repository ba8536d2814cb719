public import Foundation

/// The one way Voyage writes a JSON document for people's scripts: pretty-printed, keys sorted
/// (so equal documents are equal bytes and diffs stay small), one trailing newline.
public enum JSONDocument {
  /// `object` as a document; `{}` for an object that is not valid JSON (which would be a bug).
  public static func data(_ object: [String: Any]) -> Data {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return (data ?? Data("{}".utf8)) + Data("\n".utf8)
  }

  /// The same document as text.
  public static func text(_ object: [String: Any]) -> String {
    String(decoding: data(object), as: UTF8.self)
  }
}

extension TerminalTheme {
  /// A card as a customer may see it: "Visa •••• 4242", or "Visa **** 4242" where Unicode
  /// cannot be drawn. Built from data (brand, last four digits), never stored as text.
  public func maskedCard(brand: String, lastFour: String) -> String {
    "\(brand) \(String(repeating: symbol(.bullet), count: 4)) \(lastFour)"
  }
}
