import SharedKernel
import Testing

@Suite("Money")
struct MoneyTests {
  @Test func addingAmountsInTheSameCurrencySumsTheirMinorUnits() throws {
    let sum = try Money(minorUnits: 1_050, currency: .eur).adding(
      Money(minorUnits: 250, currency: .eur))
    #expect(sum == Money(minorUnits: 1_300, currency: .eur))
  }

  @Test func addingAmountsInDifferentCurrenciesThrowsInsteadOfConverting() {
    #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) {
      try Money(minorUnits: 100, currency: .eur).adding(Money(minorUnits: 100, currency: .usd))
    }
  }

  @Test func arithmeticThatWouldOverflowThrows() {
    let huge = Money(minorUnits: .max - 1, currency: .eur)
    #expect(throws: MoneyError.overflow) { try huge.adding(Money(minorUnits: 2, currency: .eur)) }
    #expect(throws: MoneyError.overflow) { try huge.multiplied(by: 2) }
    #expect(throws: MoneyError.overflow) {
      try Money(minorUnits: .min, currency: .eur).subtracting(Money(minorUnits: 1, currency: .eur))
    }
  }

  @Test func comparingAcrossCurrenciesThrows() throws {
    #expect(
      try Money(minorUnits: 1, currency: .jpy).isLess(than: Money(minorUnits: 2, currency: .jpy)))
    #expect(throws: MoneyError.currencyMismatch(.jpy, .eur)) {
      try Money(minorUnits: 1, currency: .jpy).isLess(than: Money(minorUnits: 2, currency: .eur))
    }
  }

  @Test(
    "Formatting respects each currency's minor-unit digits",
    arguments: [
      (Money(minorUnits: 123_450, currency: .eur), "EUR 1,234.50"),
      (Money(minorUnits: 5, currency: .usd), "USD 0.05"),
      (Money(minorUnits: 12_000, currency: .jpy), "JPY 12,000"),
      (Money(minorUnits: 1_250, currency: .kwd), "KWD 1.250"),
      (Money(minorUnits: -99, currency: .gbp), "GBP -0.99"),
      (Money(minorUnits: 1_000_000_000, currency: .krw), "KRW 1,000,000,000"),
    ])
  func formattingRespectsMinorUnitDigits(amount: Money, expected: String) {
    #expect(amount.description == expected)
  }

  @Test(
    "Parsing scales by the currency's minor units",
    arguments: [
      ("120", Currency.eur, Int64(12_000)), ("120.5", .eur, 12_050), ("0.05", .usd, 5),
      ("12000", .jpy, 12_000), ("1.25", .kwd, 1_250), (" 7 ", .gbp, 700),
    ])
  func parsingScalesByMinorUnits(text: String, currency: Currency, minorUnits: Int64) throws {
    #expect(
      try Money.parse(text, currency: currency) == Money(minorUnits: minorUnits, currency: currency)
    )
  }

  @Test(arguments: ["", "-5", "abc", "1,000", "1.", ".5", "1.2.3", "١٢٣", "+4"])
  func parsingRejectsTextThatIsNotAPlainAmount(text: String) {
    #expect(throws: MoneyError.notANumber(text)) { try Money.parse(text, currency: .eur) }
  }

  @Test func parsingRejectsMoreFractionDigitsThanTheCurrencyHas() {
    #expect(throws: MoneyError.tooManyFractionDigits("10.505", currency: .eur)) {
      try Money.parse("10.505", currency: .eur)
    }
    #expect(throws: MoneyError.tooManyFractionDigits("100.5", currency: .jpy)) {
      try Money.parse("100.5", currency: .jpy)
    }
  }

  @Test func parsingAnAmountTooLargeForSixtyFourBitsThrowsOverflow() {
    #expect(throws: MoneyError.overflow) {
      try Money.parse("99999999999999999999", currency: .eur)
    }
  }

  @Test func onlySupportedCurrencyCodesAreRepresentable() {
    #expect(Currency(code: "eur") == .eur)
    #expect(Currency(code: "XYZ") == nil)
  }
}
