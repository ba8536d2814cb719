import DesignSystem
import Foundation
import Testing

@Suite("JSON documents")
struct JSONDocumentTests {
  @Test func aDocumentHasSortedKeysAndEndsInOneNewline() {
    let text = JSONDocument.text(["b": 1, "a": ["d": true, "c": "x"]])
    #expect(text == "{\n  \"a\" : {\n    \"c\" : \"x\",\n    \"d\" : true\n  },\n  \"b\" : 1\n}\n")
  }

  @Test func aCardOnScreenFollowsTheTheme() {
    #expect(
      TerminalTheme(usesColor: false, usesUnicode: true).maskedCard(brand: "Visa", lastFour: "4242")
        == "Visa •••• 4242")
    #expect(TerminalTheme.plain.maskedCard(brand: "Visa", lastFour: "4242") == "Visa **** 4242")
  }
}
