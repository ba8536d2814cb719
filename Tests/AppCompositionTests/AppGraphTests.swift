import BookingInterface
import Foundation
import SharedKernel
import TemporaryFolders
import Testing

@testable import AppComposition

/// The composition root without any feature: the configuration it reads and the graph it builds
/// on first use. (Each feature's wiring is tested beside it and goes when the feature goes.)
@Suite("App graph")
@MainActor
struct AppGraphTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("graph")
  var home: URL { temporary.url }

  @Test func theHomeIsVoyageHomeThenTheUsersDotVoyageThenNoneAndNoneIsAClearError() throws {
    #expect(
      try AppConfiguration(environment: ["VOYAGE_HOME": "/data/v", "HOME": "/home/ada"]).home?.path
        == "/data/v")
    #expect(
      try AppConfiguration(environment: ["HOME": "/home/ada"]).home?.path == "/home/ada/.voyage")
    let homeless = try AppConfiguration(environment: [:])
    #expect(homeless.home == nil)
    #expect(throws: TicketingError.noHome) { try homeless.requireHome() }
  }

  @Test(arguments: [
    ("0.1", Duration.milliseconds(100)), ("2.5", .milliseconds(2_500)), ("300", .seconds(300)),
  ])
  func theDeadlineIsReadInSeconds(text: String, deadline: Duration) throws {
    #expect(
      try AppConfiguration(environment: ["VOYAGE_DEADLINE_SECONDS": text]).deadline == deadline)
  }

  /// A deadline outside a tenth of a second to five minutes is refused, never made into one
  /// inside: 0 or less, not finite, or absurdly long.
  @Test(arguments: ["0", "0.05", "-1", "nan", "inf", "-inf", "1e300", "300.5", "100000"])
  func aDeadlineOutsideATenthOfASecondToFiveMinutesIsRefused(text: String) {
    #expect(throws: ConfigurationError.self) {
      try AppConfiguration(environment: ["VOYAGE_DEADLINE_SECONDS": text])
    }
  }

  /// A variable that is set must mean something: set but empty is never the default in
  /// disguise (an empty `VOYAGE_DATABASE_URL` silently meant SQLite), and a value that means
  /// nothing is never replaced by one; the error names the variable.
  @Test(arguments: [
    "VOYAGE_HOME", "VOYAGE_SUPPLIER_URL", "VOYAGE_PAYMENTS_URL",
    "VOYAGE_SANDBOX_TRIPS_PER_DESTINATION", "VOYAGE_DEADLINE_SECONDS", "VOYAGE_DATABASE_URL",
  ])
  func aSettingSetButEmptyIsAnErrorNamingIt(variable: String) {
    for empty in ["", "  "] {
      #expect(throws: ConfigurationError.self) {
        try AppConfiguration(environment: [variable: empty])
      }
      do {
        _ = try AppConfiguration(environment: [variable: empty])
      } catch {
        #expect(error.message.hasPrefix("\(variable) is set but empty"))
      }
    }
  }

  @Test(arguments: [
    ("VOYAGE_DEADLINE_SECONDS", "soon"), ("VOYAGE_SANDBOX_TRIPS_PER_DESTINATION", "many"),
    ("VOYAGE_SUPPLIER_URL", "not a url"), ("VOYAGE_PAYMENTS_URL", "ftp://payments.example"),
    ("VOYAGE_DATABASE_URL", "postgresql://ada:sec/ret@db.example:5432/voyage"),
    ("VOYAGE_DATABASE_URL", "voyage"),
  ])
  func aValueThatMeansNothingIsAnErrorNamingTheVariableNotTheValue(
    variable: String, value: String
  ) {
    do {
      _ = try AppConfiguration(environment: [variable: value])
      Issue.record("\(variable)=\(value) was accepted")
    } catch {
      #expect(error.variable == variable && error.message.hasPrefix(variable))
      #expect(!error.message.contains(value) && !error.message.contains("ret@"), "\(error.message)")
    }
  }

  @Test func aSearchBuildsOnlyWhatItNeedsAndNeverOpensTheLedger() async throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path, "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    let found = try await graph.trips.search(SearchQuery.make(destination: "Lisbon"))
    #expect(!found.isEmpty)
    let created = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
    #expect(!created.contains { $0.hasPrefix("ledger") }, "\(created)")
  }

  @Test func settlingWithNothingEmittedReturnsAtOnce() async throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path, "VOYAGE_DEADLINE_SECONDS": "300",
      ]))
    await graph.settled()
  }
}
