import Foundation
import Testing

/// `voyage open <link>`, whichever features a fork keeps: a link no feature opens is a usage
/// error (64, one line on stderr, the usage and where to read more), never a guess.
extension VoyageCommandLineTests {
  @Test(arguments: [
    (["open"], "missing <link>"),
    (["open", "voyage://planets/MARS-1"], "'voyage://planets/MARS-1' is not a link voyage opens"),
    (["open", "https://example.com/trips/LIS-001"], "is not a link voyage opens"),
    (["open", "voyage://trips/LIS-001?places=2"], "is not a link voyage opens"),
    (["open", "voyage://tickets/"], "is not a link voyage opens"),
    (["open", "LIS-001"], "is not a link voyage opens"),
    (["open", String(repeating: "x", count: 10_000)], "is not a link voyage opens"),
    (["open", "voyage://trips/LIS-001", "voyage://trips/LIS-002"], "unexpected argument"),
    (["open", "voyage://trips/LIS-001", "--places", "2"], "unknown option '--places'"),
  ])
  func aBadLinkExitsSixtyFourWithOneErrorLineAndTheUsage(arguments: [String], message: String)
    async throws
  {
    try await expectUsageError(arguments, message)
    let outcome = try await run(arguments)
    #expect(
      outcome.error.split(separator: "\n").map { $0.prefix(5) }
        == ["Error", "Usage", "See '"])
    #expect(outcome.error.contains("Usage: voyage open <link> [--json]"))
  }

  @Test func aBadLinkNamesTheLinksThatDoOpen() async throws {
    let outcome = try await run(["open", "voyage://planets/MARS-1"])
    let first = try #require(outcome.error.split(separator: "\n").first)
    #expect(first.hasSuffix(")") && first.contains("(like voyage://"), "\(first)")
  }
}
