import BookingInterface
import Foundation
import TemporaryFolders
import Testing

@testable import AppComposition

/// `VOYAGE_DATABASE_URL`: it chooses the ledger, and its password is never printed.
@Suite("Database URL")
@MainActor
struct DatabaseURLTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("graph")
  var home: URL { temporary.url }
  static let url = "postgresql://ada:Pa55-w0rd-secret@db.example/voyage"

  @Test func unsetItLeavesTheLedgerInTheHomeFolder() async throws {
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: ["VOYAGE_HOME": home.path]))
    #expect(graph.configuration.databaseURL == nil)
    _ = try await graph.ledger()
    #expect(
      FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }

  @Test func itsTextReachesNoDescriptionDumpOrInterpolation() throws {
    let configuration = try AppConfiguration(environment: ["VOYAGE_DATABASE_URL": Self.url])
    let databaseURL = try #require(configuration.databaseURL)
    #expect(databaseURL.connectionString == Self.url)
    var dumped = ""
    dump(configuration, to: &dumped)
    for shown in [
      "\(configuration)", String(describing: databaseURL), String(reflecting: configuration),
      dumped,
    ] {
      #expect(!shown.contains("Pa55-w0rd-secret") && !shown.contains("db.example"), "\(shown)")
    }
  }

  /// No server answers at this socket: the error names the database, never the password, and
  /// no SQLite file is made in its place.
  @Test func aServerThatIsNotThereIsAStorageErrorWithoutThePassword() async throws {
    let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-server-\(UUID().uuidString)"
    ).path
    let graph = AppGraph(
      configuration: try AppConfiguration(environment: [
        "VOYAGE_HOME": home.path,
        "VOYAGE_DATABASE_URL": "postgresql://ada:Pa55-w0rd-secret@/voyage?host=\(nowhere)",
      ]))
    await #expect {
      try await graph.ledger()
    } throws: { error in
      guard case .storageFailed(let reason) = error as? TicketingError else { return false }
      return reason.contains("cannot reach") && !reason.contains("Pa55-w0rd-secret")
    }
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }
}
