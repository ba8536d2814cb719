import Foundation
import SQLValues
import SQLite
import Synchronization
import TemporaryFolders
import Testing

@Suite("SQLite database")
struct SQLiteDatabaseTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("db")
  var folder: URL { temporary.url }
  var file: URL { folder.appendingPathComponent("test.sqlite") }

  static let first = "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);"
  static let second = "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;"

  @Test func migrationsRunOnceEachAndOnlyForwardKeepingTheData() async throws {
    let database = try SQLiteDatabase(file: file, migrations: [Self.first])
    try await database.transaction { connection throws(SQLiteError) in
      try connection.execute("INSERT INTO notes (text) VALUES (?)", [.text("kept")])
    }
    let upgraded = try SQLiteDatabase(file: file, migrations: [Self.first, Self.second])
    let rows = try await upgraded.read { connection throws(SQLiteError) in
      try connection.query("SELECT text, pinned FROM notes")
    }
    #expect(rows == [SQLRow(columns: ["text", "pinned"], values: [.text("kept"), .integer(0)])])
    let version = try await upgraded.read { connection throws(SQLiteError) in
      try connection.query("PRAGMA user_version")
    }
    #expect(version == [SQLRow(columns: ["user_version"], values: [.integer(2)])])
    // Opening again with the same list applies nothing twice (ALTER would fail if it did).
    _ = try SQLiteDatabase(file: file, migrations: [Self.first, Self.second])
  }

  @Test func theDatabaseIsInWALModeWithForeignKeysEnforced() async throws {
    let database = try SQLiteDatabase(
      file: file,
      migrations: [
        "CREATE TABLE parents (id TEXT PRIMARY KEY); CREATE TABLE children (parent TEXT NOT NULL REFERENCES parents (id));"
      ])
    let mode = try await database.read { connection throws(SQLiteError) in
      try connection.query("PRAGMA journal_mode")
    }
    #expect(mode == [SQLRow(columns: ["journal_mode"], values: [.text("wal")])])
    await #expect(throws: SQLiteError.self) {
      try await database.transaction { connection throws(SQLiteError) in
        try connection.execute("INSERT INTO children (parent) VALUES (?)", [.text("nobody")])
      }
    }
  }

  @Test func aFailedTransactionLeavesNothingBehind() async throws {
    let database = try SQLiteDatabase(file: file, migrations: [Self.first])
    await #expect(throws: SQLiteError.self) {
      try await database.transaction { connection throws(SQLiteError) in
        try connection.execute("INSERT INTO notes (text) VALUES (?)", [.text("half")])
        try connection.execute("INSERT INTO notes (text) VALUES (?)", [.null])  // NOT NULL
      }
    }
    let count = try await database.read { connection throws(SQLiteError) in
      try connection.query("SELECT COUNT(*) AS notes FROM notes")
    }
    #expect(count == [SQLRow(columns: ["notes"], values: [.integer(0)])])
  }

  @Test func parametersAreBoundNotInterpolated() async throws {
    let database = try SQLiteDatabase(file: file, migrations: [Self.first])
    let hostile = "x'); DROP TABLE notes; --"
    try await database.transaction { connection throws(SQLiteError) in
      try connection.execute("INSERT INTO notes (text) VALUES (?)", [.text(hostile)])
    }
    let rows = try await database.read { connection throws(SQLiteError) in
      try connection.query("SELECT text FROM notes")
    }
    #expect(rows == [SQLRow(columns: ["text"], values: [.text(hostile)])])
  }

  @Test func aFileThatIsNotADatabaseIsReportedAndLeftUntouched() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let garbage = Data(repeating: 0x5A, count: 8_192)
    try garbage.write(to: file)
    #expect(throws: SQLiteError.notADatabase(path: file.path)) {
      try SQLiteDatabase(file: file, migrations: [Self.first])
    }
    #expect(try Data(contentsOf: file) == garbage)
  }

  @Test func aFolderThatCannotBeCreatedIsReported() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("a-file")
    try Data("not a folder".utf8).write(to: blocker)
    let inside = blocker.appendingPathComponent("home/test.sqlite")
    #expect(throws: SQLiteError.folderNotWritable(path: inside.deletingLastPathComponent().path)) {
      try SQLiteDatabase(file: inside, migrations: [Self.first])
    }
  }

  @Test func aDatabaseHeldByAnotherConnectionBeyondTheTimeoutIsReportedAsLocked() async throws {
    let holder = try SQLiteDatabase(file: file, migrations: [Self.first])
    try await holder.read { connection throws(SQLiteError) in
      try connection.execute("BEGIN IMMEDIATE")
    }
    let waiter = try SQLiteDatabase(
      file: file, migrations: [Self.first], busyTimeout: .milliseconds(50))
    await #expect(throws: SQLiteError.locked(path: file.path)) {
      try await waiter.transaction { connection throws(SQLiteError) in
        try connection.execute("INSERT INTO notes (text) VALUES (?)", [.text("blocked")])
      }
    }
    try await holder.read { connection throws(SQLiteError) in try connection.execute("COMMIT") }
  }
}

extension SQLiteDatabaseTests {
  @Test func aFileWrittenByANewerSchemaIsRefusedAndLeftUntouched() async throws {
    _ = try SQLiteDatabase(file: file, migrations: [Self.first, Self.second])
    let bytes = try Data(contentsOf: file)
    #expect(throws: SQLiteError.newerSchema(path: file.path, version: 2, supported: 1)) {
      try SQLiteDatabase(file: file, migrations: [Self.first])
    }
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test func anInMemoryDatabaseRunsTheSameMigrationsAndKeepsNothingOnDisk() async throws {
    let database = try SQLiteDatabase(inMemoryWith: [Self.first, Self.second])
    try await database.transaction { connection throws(SQLiteError) in
      try connection.execute("INSERT INTO notes (text, pinned) VALUES (?, 1)", [.text("kept")])
    }
    let rows = try await database.read { connection throws(SQLiteError) in
      try connection.query("SELECT text, pinned FROM notes")
    }
    #expect(rows == [SQLRow(columns: ["text", "pinned"], values: [.text("kept"), .integer(1)])])
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}

extension SQLiteDatabaseTests {
  /// Each opening runs on a thread of its own, as another process would, so the openings race
  /// through the checks on the folder instead of taking turns on the test's pool threads.
  @Test func aNewFolderOpenedByManyConnectionsAtOnceIsNeverTakenForAReadOnlyOne() {
    let failures = Mutex<[String]>([])
    for round in 0..<100 {
      let file = folder.appendingPathComponent("\(round)/test.sqlite")
      let start = DispatchGroup()
      let finished = DispatchGroup()
      start.enter()
      for _ in 0..<8 {
        finished.enter()
        Thread.detachNewThread {
          defer { finished.leave() }
          start.wait()
          do {
            _ = try SQLiteDatabase(file: file, migrations: [Self.first, Self.second])
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      start.leave()
      finished.wait()
    }
    #expect(failures.withLock { $0 } == [])
  }
}

extension SQLiteDatabaseTests {
  /// The module serves any app: what it says names the file and SQLite's remedy, and leaves the
  /// app's own words (its name, its variables) to the module that opened the file.
  @Test(arguments: [
    SQLiteError.folderNotWritable(path: "/data"), .notADatabase(path: "/data/x.sqlite"),
    .corrupt(path: "/data/x.sqlite"), .locked(path: "/data/x.sqlite"),
    .diskFull(path: "/data/x.sqlite"),
    .newerSchema(path: "/data/x.sqlite", version: 9, supported: 8),
    .unreadableRow(reason: "column 'id' is missing"), .failed(code: 1, message: "no such table"),
  ])
  func aMessageNamesTheFileAndNeverTheAppAroundIt(_ error: SQLiteError) {
    #expect(!error.description.localizedCaseInsensitiveContains("voyage"), "\(error)")
  }
}
