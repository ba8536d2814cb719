// Exercises: SearchFeature

import SharedKernel
import Testing

@testable import CommandLineInterface

/// `search`'s price limit read as an amount of money in the currency `--currency` names, where
/// it is parsed: the currency decides how many decimal digits the amount may have.
@Suite("search: typed inputs")
struct SearchArgumentsTests {
  typealias Search = SearchFeatureCommands.Search

  func search(_ extra: [String]) throws(UsageError) -> ParsedArguments {
    try SearchFeatureCommands.declaration(of: .search).parse(["Lisbon"] + extra)
  }

  @Test func aPriceLimitIsReadAsMoneyInTheGivenCurrencyOrInEuros() throws {
    #expect(
      try search(["--max-price", "499.50"]).value(Search.maximumPrice)
        == Money(minorUnits: 49_950, currency: .eur))
    #expect(
      try search(["--max-price", "12000", "--currency", "JPY"]).value(Search.maximumPrice)
        == Money(minorUnits: 12_000, currency: .jpy))
    #expect(try search([]).value(Search.maximumPrice) == nil)
  }

  @Test(arguments: [
    (["--max-price", ""], "--max-price needs a value, not ''"),
    (
      ["--max-price", "cheap"],
      "--max-price: 'cheap' is not an amount; write digits with an optional decimal point, like 120.50"
    ),
    (
      ["--max-price", "12.5", "--currency", "JPY"],
      "--max-price: '12.5' has more than 0 decimal digits, the most JPY allows"
    ),
    (
      ["--max-price", "12", "--currency", "XYZ"],
      "--currency must be AUD, BRL, CHF, EUR, GBP, JPY, KRW, KWD, PLN, TRY or USD, not 'XYZ'"
    ),
  ])
  func aBadPriceLimitIsRefusedWithWhyItIsNotAnAmount(arguments: [String], message: String) throws {
    let parsed = try search(arguments)
    #expect(refusal { () throws(UsageError) in try parsed.value(Search.maximumPrice) } == message)
  }
}
