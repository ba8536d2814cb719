import DesignSystem
import Foundation
import Testing

@Suite("JSON documents")
struct JSONDocumentTests {
  @Test func aDocumentHasSortedKeysAndEndsInOneNewline() {
    let text = JSONDocument.text(["b": 1, "a": ["d": true, "c": "x"]])
    #expect(text == "{\n  \"a\" : {\n    \"c\" : \"x\",\n    \"d\" : true\n  },\n  \"b\" : 1\n}\n")
  }

  /// A link reads in a document as on screen: `voyage://trips/GRU-023`, not `voyage:\/\/…`.
  @Test func slashesAreNotEscaped() {
    #expect(
      JSONDocument.text(["link": "voyage://trips/GRU-023"]).contains(#""voyage://trips/GRU-023""#))
  }

  @Test func aCardOnScreenFollowsTheTheme() {
    #expect(
      TerminalTheme(usesColor: false, usesUnicode: true).maskedCard(brand: "Visa", lastFour: "4242")
        == "Visa •••• 4242")
    #expect(TerminalTheme.plain.maskedCard(brand: "Visa", lastFour: "4242") == "Visa **** 4242")
  }
}
