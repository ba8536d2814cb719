import DesignSystem
import Foundation
import Testing

@Suite("JSON documents")
struct JSONDocumentTests {
  struct Sample: Encodable {
    struct Inner: Encodable {
      let d: Bool
      let c: String
    }
    let b: Int
    let a: Inner
  }

  @Test func aDocumentHasSortedKeysAndEndsInOneNewline() {
    let text = JSONDocument.text(Sample(b: 1, a: Sample.Inner(d: true, c: "x")))
    #expect(text == "{\n  \"a\" : {\n    \"c\" : \"x\",\n    \"d\" : true\n  },\n  \"b\" : 1\n}\n")
  }

  /// A link reads in a document as on screen: `voyage://trips/GRU-023`, not `voyage:\/\/…`.
  @Test func slashesAreNotEscaped() {
    #expect(
      JSONDocument.text(["link": "voyage://trips/GRU-023"]).contains(#""voyage://trips/GRU-023""#))
  }

  @Test func anErrorSaysItsOrderAndUsageOnlyWhenItHasThem() {
    #expect(
      JSONDocument.text(ErrorDocument(code: "not_found", message: "No trip."))
        == "{\n  \"error\" : {\n    \"code\" : \"not_found\",\n    \"message\" : \"No trip.\"\n  }\n}\n"
    )
    let text = JSONDocument.text(
      ErrorDocument(code: "usage", message: "m", orderID: "ORD-1", usage: "voyage search"))
    #expect(text.contains(#""order_id" : "ORD-1""#) && text.contains(#""usage" : "voyage search""#))
  }

  @Test func aCardOnScreenFollowsTheTheme() {
    #expect(
      TerminalTheme(usesColor: false, usesUnicode: true).maskedCard(brand: "Visa", lastFour: "4242")
        == "Visa •••• 4242")
    #expect(TerminalTheme.plain.maskedCard(brand: "Visa", lastFour: "4242") == "Visa **** 4242")
  }
}
