import EventLog
import Foundation
import SQLite
import TemporaryFolders
import Testing

@Suite("SQLite database's log")
struct MigrationLogTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("db-log")
  var folder: URL { temporary.url }

  @Test func theMigrationsAppliedAreLoggedOnceWithTheVersionsGoneFromAndTo() throws {
    let recorder = LogRecorder()
    let log = EventLogger(label: "ledger", level: .info, sink: recorder)
    let file = folder.appendingPathComponent("notes.sqlite")
    _ = try SQLiteDatabase(file: file, migrations: [SQLiteDatabaseTests.first], log: log)
    _ = try SQLiteDatabase(
      file: file, migrations: [SQLiteDatabaseTests.first, SQLiteDatabaseTests.second], log: log)
    _ = try SQLiteDatabase(
      file: file, migrations: [SQLiteDatabaseTests.first, SQLiteDatabaseTests.second], log: log)
    #expect(recorder.events.map(\.message) == ["migrated", "migrated"])
    #expect(recorder.events.map { $0.metadata["from_version"] } == [0, 1])
    #expect(recorder.events.map { $0.metadata["to_version"] } == [1, 2])
    #expect(recorder.events.allSatisfy { $0.metadata["database"] == "notes.sqlite" })
  }
}
