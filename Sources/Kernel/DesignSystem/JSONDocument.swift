public import Foundation

/// The one way Voyage writes a JSON document for people's scripts: pretty-printed, keys sorted
/// (so equal documents are equal bytes and diffs stay small), one trailing newline. A document
/// is an `Encodable` value (`TicketDocument`, `ErrorDocument`, a screen's own), never a
/// dictionary of anything, so its shape is a type the compiler checks.
public enum JSONDocument {
  /// `document` as JSON; `{}` for one that cannot be encoded (which would be a bug).
  public static func data(_ document: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try? encoder.encode(document)
    return (data ?? Data("{}".utf8)) + Data("\n".utf8)
  }

  /// The same document as text.
  public static func text(_ document: some Encodable) -> String {
    String(decoding: data(document), as: UTF8.self)
  }
}

extension TerminalTheme {
  /// A card as a customer may see it: "Visa •••• 4242", or "Visa **** 4242" where Unicode
  /// cannot be drawn. Built from data (brand, last four digits), never stored as text.
  public func maskedCard(brand: String, lastFour: String) -> String {
    "\(brand) \(String(repeating: symbol(.bullet), count: 4)) \(lastFour)"
  }
}
