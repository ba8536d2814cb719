import DesignSystem
import Foundation
import Testing

@Suite("JSON documents")
struct JSONDocumentTests {
  @Test func aDocumentHasSortedKeysAndEndsInOneNewline() {
    let text = JSONDocument.text(["b": 1, "a": ["d": true, "c": "x"]])
    #expect(text == "{\n  \"a\" : {\n    \"c\" : \"x\",\n    \"d\" : true\n  },\n  \"b\" : 1\n}\n")
  }

  @Test func anAmountKeepsItsMinorUnitsExactly() throws {
    let amount = JSONDocument.amount(
      minorUnits: 9_007_199_254_740_993, currency: "KWD", formatted: "KWD 9,007,199,254,740.993")
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: JSONDocument.data(["price": amount]))
        as? [String: [String: Any]])
    #expect(parsed["price"]?["minor_units"] as? Int64 == 9_007_199_254_740_993)
    #expect(parsed["price"]?["currency"] as? String == "KWD")
  }

  @Test func theCardIsTheSameInEveryLocaleAndOnScreenFollowsTheTheme() {
    #expect(JSONDocument.card(brand: "Visa", lastFour: "4242") == "Visa •••• 4242")
    #expect(TerminalTheme.plain.maskedCard(brand: "Visa", lastFour: "4242") == "Visa **** 4242")
  }
}
