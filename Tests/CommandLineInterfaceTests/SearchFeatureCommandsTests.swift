// Exercises: SearchFeature
import Foundation
import Testing

/// `search` and `show` through the real binary: their input checks, the parser's conventions
/// shown on them, their completions and their screens.
extension VoyageCommandLineTests {
  @Test(arguments: [
    (["search"], "missing <destination>"),
    (["search", "Lisbon", "--places", "0"], "--places must be 1 to 9, not 0"),
    (["search", "Lisbon", "--places", "10"], "--places must be 1 to 9, not 10"),
    (["search", "Lisbon", "--from", "2027-02-30"], "must be a real date"),
    (["search", "Lisbon", "--from", "tomorrow"], "must be a real date"),
    (["search", "Lisbon", "--from", "2027-06-10", "--to", "2027-06-01"], "is after the end date"),
    (["search", "Lisbon", "--max-price", "-5"], "is not an amount"),
    (["search", "Lisbon", "--max-price", "cheap"], "is not an amount"),
    (
      ["search", "Lisbon", "--max-price", "12.5", "--currency", "JPY"],
      "--max-price: '12.5' has more than 0 decimal digits, the most JPY allows"
    ),
    (["search", "Lisbon", "--limit", "1000000"], "--limit must be 1 to 100, not 1000000"),
    (["search", "Lisbon", "--sort", "ratng"], "--sort must be price, rating or date, not 'ratng'"),
    (["search", "Lisbon", "--currency", "XYZ"], "--currency must be AUD, BRL, CHF, EUR"),
    (
      ["search", "Lisbon", "--sort", "price", "--sort", "date"], "'--sort' is given more than once"
    ),
    (["search", "Lisbon", "--colour"], "unknown option '--colour'"),
    (["search", String(repeating: "a", count: 10_000)], "longer than 100 characters"),
    (["show"], "missing <trip>"),
    (["show", "../etc/passwd"], "is not a trip identifier"),
  ])
  func badSearchInputExitsSixtyFourWithOneErrorLineAndTheUsage(
    arguments: [String], message: String
  ) async throws {
    try await expectUsageError(arguments, message)
  }

  @Test(arguments: [
    (["serch", "Lisbon"], "unknown command 'serch'; did you mean 'search'?"),
    (["search", "Lisbon", "--plces", "2"], "unknown option '--plces'; did you mean '--places'?"),
    (["search", "Lisbon", "--json=yes"], "'--json' takes no value"),
    (["search", "Lisbon", "--limit"], "'--limit' needs a value"),
    (["help", "serch"], "unknown command 'serch'; did you mean 'search'?"),
    (
      ["search", "Lisbon", "--currency", "usd"],
      "--currency must be AUD, BRL, CHF, EUR, GBP, JPY, KRW, KWD, PLN, TRY or USD, not 'usd'; did you mean 'USD'?"
    ),
  ])
  func aMistakeIsNamedWithWhatWasProbablyMeant(arguments: [String], message: String) async throws {
    try await expectMistake(arguments, message)
  }

  /// The option was `--guests` before 0.2.0: a script that still says so is refused, not run on
  /// a guess, and told the new name.
  @Test(arguments: [["search", "Lisbon", "--guests", "2"], ["search", "Lisbon", "--guests=2"]])
  func searchRefusesTheOldNameOfThePlacesOptionWithItsNewOne(arguments: [String]) async throws {
    try await expectUsageError(
      arguments, "unknown option '--guests'; it is '--places' since voyage 0.2.0")
  }

  @Test func optionsTakeTheirValueAfterAnEqualsSignOrAsTheNextWord() async throws {
    let spaced = try await voyage("search", "Lisbon", "--limit", "3", "--json")
    let joined = try await voyage("search", "Lisbon", "--limit=3", "--json")
    #expect(spaced.status == 0 && joined.status == 0)
    #expect(spaced.output == joined.output)
    #expect((try json(joined.output)["results"] as? [Any])?.count == 3)
  }

  @Test func afterADoubleDashDashHIsATripNotAHelpRequest() async throws {
    let asValue = try await run(["show", "--", "-h"])
    // A trip's identifier is read in capitals, as search folds case.
    #expect(asValue.status == 1 && asValue.error.contains("No trip has the identifier -H"))
  }

  @Test func aUsageErrorUnderJSONIsAlsoOneJSONDocument() async throws {
    let outcome = try await run(["search", "--json"])
    #expect(outcome.status == 64)
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == "usage")
    #expect(error["message"] as? String == "missing <destination>")
    #expect((error["usage"] as? String)?.hasPrefix("voyage search <destination>") == true)
  }

  @Test func bashCompletesSearchAndItsOptionsFromTheDeclarations() async throws {
    #expect(try await bashCompletes("voyage se") == ["search"])
    #expect(try await bashCompletes("voyage search Lisbon --pl") == ["--places"])
    #expect(try await bashCompletes("voyage search Lisbon --sort ") == ["price", "rating", "date"])
  }

  /// What a person on a small window over a plain ssh session sees.
  @Test func searchFitsFortyColumnsInASCIIAndNeverCutsAPrice() async throws {
    let outcome = try await run(
      ["search", "Sao Paulo", "--limit", "3"], environment: ["COLUMNS": "40", "LANG": "C"])
    #expect(outcome.status == 0)
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.allSatisfy { $0.count <= 40 && $0.unicodeScalars.allSatisfy { $0.isASCII } },
      "\(outcome.output)")
    #expect(outcome.output.contains("BRL 1,980.00"))
    try expectSnapshot(outcome.output, "search-40-columns-ascii")
  }

  @Test func anUnknownTripExitsOne() async throws {
    let outcome = try await voyage("show", "XYZ-999")
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("No trip has the identifier XYZ-999"))
  }

  /// A trip's link opens exactly what `show` shows: the same screen, the same JSON, the same
  /// exit status and message for a trip that does not exist.
  @Test(arguments: [[], ["--json"]])
  func openingATripsLinkShowsExactlyWhatShowShows(flags: [String]) async throws {
    for trip in ["LIS-001", "XYZ-999"] {
      let shown = try await run(["show", trip] + flags)
      let opened = try await run(["open", "voyage://trips/\(trip)"] + flags)
      #expect(opened.status == shown.status)
      #expect(opened.output == shown.output)
      #expect(opened.error == shown.error)
    }
    #expect(try await run(["show", "LIS-001"] + flags).status == 0)
  }

  @Test func bashCompletesOpenAndItsOptions() async throws {
    #expect(try await bashCompletes("voyage op") == ["open"])
    #expect(try await bashCompletes("voyage open voyage://trips/LIS-001 --j") == ["--json"])
  }
}

extension VoyageCommandLineTests {
  /// The report that found the trap: a search written to a full disk or a closed stdout.
  @Test(arguments: UnwritableOutput.allCases)
  func aSearchWhoseOutputCannotBeWrittenIsOneLineOnStderrAndStatus74(_ output: UnwritableOutput)
    async throws
  {
    expectOneLineAndStatus74(try await run(["search", "Lisbon"], writingTo: output))
    expectOneLineAndStatus74(try await run(["search", "Lisbon", "--json"], writingTo: output))
  }

  /// A trip's identifier folds case and spaces as search does: `lis-004` and ` LIS-004 ` show
  /// LIS-004, the same screen.
  @Test func aTripIdentifierIsReadWhateverItsCaseAndTheSpacesAroundIt() async throws {
    let shown = try await voyage("show", "LIS-004")
    #expect(shown.status == 0)
    for typed in ["lis-004", " LIS-004 ", "Lis-004\t"] {
      let outcome = try await voyage("show", typed)
      #expect(outcome.status == 0, "\(typed): \(printed(outcome))")
      #expect(outcome.output == shown.output)
    }
  }

  /// `show` shows trips; given a ticket's identifier, it says how tickets open.
  @Test func aTicketGivenToShowHintsAtItsLink() async throws {
    let outcome = try await voyage("show", "TKT-15EAE45CC5EA")
    #expect(outcome.status == 1)
    #expect(
      outcome.error.contains("voyage open voyage://tickets/TKT-15EAE45CC5EA"), "\(outcome.error)")
  }
}
