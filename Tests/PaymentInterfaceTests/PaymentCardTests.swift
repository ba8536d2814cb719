import Foundation
import SharedKernel
import Testing

@testable import PaymentInterface

@Suite("Payment cards")
struct PaymentCardTests {
  static let number = "4242 4242 4242 4242"

  static func card(holder: String = "Ada Lovelace") throws -> PaymentCard {
    try PaymentCard(number: number, expiryMonth: 12, expiryYear: 30, holderName: holder)
  }

  @Test func noPrintedFormOfACardContainsItsFullNumber() throws {
    let card = try Self.card()
    var dumped = ""
    dump(card, to: &dumped)
    let encoded = String(decoding: try JSONEncoder().encode(card), as: UTF8.self)
    for text in [
      card.description, card.debugDescription, String(describing: card),
      String(reflecting: card), "\(card)", dumped, encoded,
    ] {
      #expect(!text.contains("4242424242424242"), "leaked in: \(text)")
      #expect(!text.contains("4242 4242 4242 4242"), "leaked in: \(text)")
    }
    #expect(card.description == "Visa •••• 4242 (12/2030)")
    #expect(encoded.contains(#""lastFour":"4242""#))
  }

  @Test func theFullNumberIsAvailableOnlyThroughItsLoudName() throws {
    #expect(try Self.card().unredactedNumber == "4242424242424242")
  }

  @Test(arguments: [
    ("4242 4242 4242 4241", PaymentCardError.failedChecksum),
    ("4242-4242-4242-4243", PaymentCardError.failedChecksum),
    ("4242", PaymentCardError.wrongLength(4)),
    ("4242 4242 abcd 4242", PaymentCardError.notANumber),
    ("", PaymentCardError.notANumber),
  ])
  func malformedNumbersAreRejectedBeforeAnyCharge(number: String, error: PaymentCardError) {
    #expect(throws: error) {
      try PaymentCard(number: number, expiryMonth: 1, expiryYear: 2030, holderName: "A")
    }
  }

  /// A number checked where it was typed is refused as the card refuses it, and shows only its
  /// last four digits.
  @Test func aCardNumberIsCheckedOnceAndNeverShown() throws {
    let number = try CardNumber(Self.number)
    var dumped = ""
    dump(number, to: &dumped)
    for text in [number.description, String(reflecting: number), dumped] {
      #expect(!text.contains("42424242"), "leaked in: \(text)")
    }
    #expect("\(number)" == "•••• 4242")
    let card = try PaymentCard(number: number, expiryMonth: 12, expiryYear: 30, holderName: "A")
    #expect(card == (try Self.card(holder: "A")))
    #expect(throws: PaymentCardError.failedChecksum) { try CardNumber("4242 4242 4242 4241") }
  }

  @Test func anImpossibleExpiryIsRejected() {
    #expect(throws: PaymentCardError.invalidExpiry) {
      try PaymentCard(number: Self.number, expiryMonth: 13, expiryYear: 30, holderName: "A")
    }
  }

  @Test(arguments: [("12/30", 12, 2030), ("01/2031", 1, 2031)])
  func expiryParsesTwoAndFourDigitYears(text: String, month: Int, year: Int) throws {
    let expiry = try #require(PaymentCard.parseExpiry(text))
    #expect(expiry.month == month && expiry.year == year)
  }

  @Test(arguments: ["13/30", "1/30", "12-30", "12/3", "ab/cd", ""])
  func malformedExpiryTextIsRejected(text: String) {
    #expect(PaymentCard.parseExpiry(text) == nil)
  }

  @Test(arguments: [
    ("4000000000000002", "Visa"), ("5555555555554444", "Mastercard"),
    ("2223003122003222", "Mastercard"), ("378282246310005", "American Express"),
  ])
  func theBrandFollowsTheNumbersPrefix(number: String, brand: String) throws {
    let card = try PaymentCard(number: number, expiryMonth: 1, expiryYear: 30, holderName: "A")
    #expect(card.brand == brand)
  }

  @Test func onlyAProcessingFailureMarkedRetryableMayBeRetried() {
    let all: [PaymentError] = [
      .declined, .insufficientFunds, .invalidCard(reason: "x"), .expiredCard, .invalidAmount,
      .unsupportedCurrency(.eur), .idempotencyKeyReused, .processingFailed(isRetryable: false),
    ]
    #expect(all.allSatisfy { !$0.isRetryable })
    #expect(PaymentError.processingFailed(isRetryable: true).isRetryable)
  }
}

@Suite("Card fingerprint")
struct CardFingerprintTests {
  @Test func twoCardsEndingInTheSameDigitsAreNotTheSameCard() throws {
    let first = try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2030, holderName: "Ada")
    let second = try PaymentCard(
      number: "4111000000084242", expiryMonth: 12, expiryYear: 2030, holderName: "Ada")
    #expect(first.masked.lastFour == second.masked.lastFour)
    #expect(!first.masked.isSameCard(as: second.masked))
    #expect(first.masked.isSameCard(as: first.masked))
    #expect(!first.masked.fingerprint.contains("4242424242424242"))
  }
}
