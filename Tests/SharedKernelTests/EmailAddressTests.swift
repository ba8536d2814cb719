import Foundation
import SharedKernel
import Testing

@Suite("E-mail addresses")
struct EmailAddressTests {
  @Test(arguments: ["ada@example.com", "ada.lovelace+tickets@mail.example.co.uk"])
  func anAddressIsKeptAsItWasTyped(text: String) throws {
    let address = try #require(EmailAddress(text))
    #expect(address.rawValue == text && "\(address)" == text)
  }

  @Test(arguments: [
    "", "ada", "ada@", "@example.com", "ada@example", "ada@.example.com", "ada@example.com.",
    "ada lovelace@example.com", "a@b@example.com", "ada@exam\u{1B}[31mple.com",
    "ada\u{7}@example.com", "ada@example.com\u{0}",
    "ada@" + String(repeating: "e", count: 247) + ".com",
  ])
  func whatIsNotAnAddressIsRefused(text: String) {
    #expect(EmailAddress(text) == nil)
  }

  @Test func anAddressEncodesAsTheBareTextSoATravellersDocumentKeepsItsShape() throws {
    let address = try #require(EmailAddress("ada@example.com"))
    let traveller = try Traveller(name: "Ada", email: address)
    let encoded = String(decoding: try JSONEncoder().encode(traveller), as: UTF8.self)
    #expect(encoded.contains(#""email":"ada@example.com""#), "\(encoded)")
  }

  /// A traveller given the address as text refuses it as ``EmailAddress`` does.
  @Test func aTravellerGivenTextChecksItAsAnAddress() throws {
    #expect(
      try Traveller(name: "Ada", email: "ada@example.com").email?.rawValue == "ada@example.com")
    #expect(throws: TravellerError.malformedEmail("ada")) {
      try Traveller(name: "Ada", email: "ada")
    }
  }
}
