import CSQLite
package import EventLog
package import Foundation
package import SQLValues

/// One SQLite database file, opened in WAL mode with foreign keys on and a busy timeout, its
/// schema brought up to date by forward-only migrations.
///
/// An actor: one connection, used by one task at a time, so a transaction's statements never
/// interleave with another task's. Several processes may open the same file; SQLite's own
/// locking (`BEGIN IMMEDIATE` plus the busy timeout) orders them.
package actor SQLiteDatabase {
  private let connection: SQLiteConnection
  /// The database file.
  package nonisolated let path: String

  /// Opens (creating if needed) the database at `file`, creating its folder, and applies the
  /// `migrations` not yet applied: migration *n* (1-based) runs once, when `user_version` < *n*.
  /// A file that is not a database, is damaged, or was written by a newer version of the code
  /// (more migrations than `migrations` knows) is reported and never overwritten.
  ///
  /// In a folder that cannot be written (a read-only mount, a backup), an existing, up-to-date
  /// file is opened read-only, so reading still works; any write then fails as
  /// `folderNotWritable`.
  ///
  /// `checkingIntegrity` also runs SQLite's quick check on the whole file once it is open, so a
  /// file damaged past its header is reported now, as `corrupt`, rather than at the first
  /// statement that happens to touch the damage (for a small file, a millisecond or so).
  package init(
    file: URL, migrations: [String], busyTimeout: Duration = .seconds(5),
    checkingIntegrity: Bool = false, log: EventLogger = .disabled
  ) throws(SQLiteError) {
    let folder = file.deletingLastPathComponent()
    path = file.path
    let fileManager = FileManager.default
    // The folder is made to exist before it is judged: judged first, a folder that another
    // process creates between the judgement and a look for the file would be taken for a
    // read-only one holding a file not yet migrated.
    do {
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .folderNotWritable(path: folder.path)
    }
    if !fileManager.isWritableFile(atPath: folder.path) {
      guard fileManager.fileExists(atPath: file.path) else {
        throw .folderNotWritable(path: folder.path)
      }
      connection = try SQLiteConnection(readingOnly: file, busyTimeout: busyTimeout)
      let version = try connection.schemaVersion()
      guard version <= Int64(migrations.count) else {
        throw .newerSchema(path: path, version: Int(version), supported: migrations.count)
      }
      // An older file would need a migration, which is a write.
      guard version == Int64(migrations.count) else { throw .folderNotWritable(path: folder.path) }
      return
    }
    connection = try Self.retryingWhileLocked(for: busyTimeout) { () throws(SQLiteError) in
      let connection = try SQLiteConnection(path: file.path, busyTimeout: busyTimeout)
      if let (from, to) = try connection.migrate(migrations) {
        log.info(
          "migrated",
          [
            "database": .text(file.lastPathComponent), "from_version": .integer(from),
            "to_version": .integer(to),
          ])
      }
      return connection
    }
    if checkingIntegrity {
      let verdict = try connection.query("PRAGMA quick_check") { row throws(SQLRowError) in
        try row.text("quick_check")
      }
      guard verdict == ["ok"] else { throw .corrupt(path: file.path) }
    }
  }

  /// A private database that lives in memory and disappears with this value: for sandboxes
  /// that need no durable state (tests, benchmarks), with the same schema and the same code path.
  package init(inMemoryWith migrations: [String]) throws(SQLiteError) {
    path = ":memory:"
    connection = try SQLiteConnection(path: ":memory:", busyTimeout: .zero)
    _ = try connection.migrate(migrations)
  }

  /// SQLite's own verdict on the file at `file` ("ok" when sound), read without migrating or
  /// changing it: for tests that kill processes mid-write, and for a person who wonders.
  package static func integrityCheck(of file: URL) throws(SQLiteError) -> String {
    let connection = try SQLiteConnection(path: file.path, busyTimeout: .seconds(5))
    return try connection.query("PRAGMA integrity_check") { row throws(SQLRowError) in
      try row.text("integrity_check")
    }
    .joined(separator: "\n")
  }

  /// Opening can meet a lock that SQLite reports at once instead of waiting for the busy
  /// timeout (another process switching a new file to WAL, or migrating it): try again, pausing
  /// with SQLite's own sleep, until the timeout has passed.
  private static func retryingWhileLocked<Result>(
    for timeout: Duration, _ attempt: () throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    let deadline = ContinuousClock.now + timeout
    while true {
      do {
        return try attempt()
      } catch .locked(let path) {
        guard ContinuousClock.now < deadline else { throw .locked(path: path) }
        sqlite3_sleep(10)
      }
    }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction: committed if it returns, rolled back if it
  /// throws. Immediate, so two processes racing for the same row are ordered before either reads.
  @discardableResult
  package func transaction<Result: Sendable>(
    _ body: (SQLiteConnection) throws(SQLiteError) -> Result
  ) throws(SQLiteError) -> Result {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      let result = try body(connection)
      try connection.execute("COMMIT")
      return result
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// Runs one read outside an explicit transaction.
  @discardableResult
  package func read<Result: Sendable>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result)
    throws(SQLiteError) -> Result
  {
    try body(connection)
  }
}

/// The SQLite connection a ``SQLiteDatabase`` owns; only reachable inside its actor's methods.
package final class SQLiteConnection {
  private let handle: OpaquePointer
  private let path: String

  // SQLite copies bound text when given SQLITE_TRANSIENT, the destructor value -1. The C macro
  // does not import into Swift; this is its documented value, converted the way SQLite defines it.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Opens `path` (a file path, or a URI when `readOnly`); errors name `shownAs`, or `path`.
  fileprivate init(
    path: String, busyTimeout: Duration, readOnly: Bool = false, shownAs: String? = nil
  ) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags =
      readOnly
      ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
      : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw Self.error(status, message: "cannot open", path: shownAs ?? path)
    }
    self.handle = handle
    self.path = shownAs ?? path
    let (seconds, attoseconds) = busyTimeout.components
    sqlite3_busy_timeout(
      handle, Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
    // The first statements read the file: this is where a file that is not a database fails.
    if readOnly {
      _ = try schemaVersion()
    } else {
      try execute("PRAGMA journal_mode = WAL")
      try execute("PRAGMA synchronous = NORMAL")
    }
    try execute("PRAGMA foreign_keys = ON")
  }

  /// Opens an existing file without writing anything next to it. SQLite reads a WAL-mode file
  /// read-only only when it may create the `-shm` index; where it may not, the file is opened
  /// as immutable, which is exact as long as no write-ahead log holds unread pages. When one
  /// does, reading the main file alone would show an old state, so that is refused.
  fileprivate convenience init(readingOnly file: URL, busyTimeout: Duration) throws(SQLiteError) {
    let uri = file.absoluteString
    do {
      try self.init(
        path: uri + "?mode=ro", busyTimeout: busyTimeout, readOnly: true, shownAs: file.path)
    } catch {
      let log = file.path + "-wal"
      let logSize = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
      guard logSize == 0 else {
        throw .folderNotWritable(path: file.deletingLastPathComponent().path)
      }
      try self.init(
        path: uri + "?immutable=1", busyTimeout: busyTimeout, readOnly: true, shownAs: file.path)
    }
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Applies the migrations the file lacks; returns the versions it went from and to, or `nil`
  /// when it was up to date (or another process migrated it first).
  fileprivate func migrate(_ migrations: [String]) throws(SQLiteError) -> (Int, Int)? {
    // Up to date: no write lock needed, so opening never waits for another process's work.
    let version = try schemaVersion()
    guard version <= Int64(migrations.count) else {
      throw .newerSchema(path: path, version: Int(version), supported: migrations.count)
    }
    guard version < Int64(migrations.count) else { return nil }
    try execute("BEGIN IMMEDIATE")
    do {
      let current = try schemaVersion()
      for (index, migration) in migrations.enumerated() where Int64(index + 1) > current {
        try executeScript(migration)
        try execute("PRAGMA user_version = \(index + 1)")
      }
      try execute("COMMIT")
      return current < Int64(migrations.count) ? (Int(current), migrations.count) : nil
    } catch {
      _ = try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  package func execute(_ sql: String, _ parameters: [SQLValue] = []) throws(SQLiteError) -> Int {
    _ = try query(sql, parameters)
    return Int(sqlite3_changes(handle))
  }

  /// Runs one statement with bound `parameters` and returns its rows, each knowing the names the
  /// statement gave its columns.
  package func query(_ sql: String, _ parameters: [SQLValue] = []) throws(SQLiteError) -> [SQLRow] {
    try query(sql, parameters) { row throws(SQLRowError) in row }
  }

  /// Runs one statement with bound `parameters` and reads each of its rows with `read`: a row it
  /// cannot read (a column missing, NULL or of another type) fails the statement as
  /// ``SQLiteError/unreadableRow(reason:)``, so code inside a transaction reads its rows by name and
  /// throws the database's one error type.
  package func query<Row>(
    _ sql: String, _ parameters: [SQLValue] = [],
    reading read: (SQLRow) throws(SQLRowError) -> Row
  ) throws(SQLiteError) -> [Row] {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
    defer { sqlite3_finalize(statement) }
    for (index, parameter) in parameters.enumerated() {
      let position = Int32(index + 1)
      let bound =
        switch parameter {
        case .integer(let value): sqlite3_bind_int64(statement, position, value)
        case .real(let value): sqlite3_bind_double(statement, position, value)
        case .text(let value): sqlite3_bind_text(statement, position, value, -1, Self.transient)
        case .null: sqlite3_bind_null(statement, position)
        }
      guard bound == SQLITE_OK else { throw failure(bound) }
    }
    // The names the statement gives its columns: an `AS` alias, or the column's own name.
    let columns = (0..<sqlite3_column_count(statement)).map { column in
      sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
    }
    var rows: [Row] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return rows }
      guard step == SQLITE_ROW else { throw failure(step) }
      let values = (0..<Int32(columns.count)).map { column -> SQLValue in
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
        default: .null
        }
      }
      do {
        rows.append(try read(SQLRow(columns: columns, values: values)))
      } catch {
        throw .unreadableRow(reason: error.description)
      }
    }
  }

  /// The schema's version, SQLite's `user_version`: how many migrations the file has had.
  fileprivate func schemaVersion() throws(SQLiteError) -> Int64 {
    try query("PRAGMA user_version") { row throws(SQLRowError) in try row.integer("user_version") }
      .first ?? 0
  }

  private func executeScript(_ sql: String) throws(SQLiteError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw failure(status) }
  }

  private func failure(_ status: Int32) -> SQLiteError {
    // A nearly full disk often fails a write as SQLITE_IOERR rather than SQLITE_FULL; the
    // operating system's own error number tells which.
    if status & 0xFF == SQLITE_IOERR, sqlite3_system_errno(handle) == ENOSPC {
      return .diskFull(path: path)
    }
    return Self.error(status, message: String(cString: sqlite3_errmsg(handle)), path: path)
  }

  private static func error(_ status: Int32, message: String, path: String) -> SQLiteError {
    switch status & 0xFF {
    case SQLITE_NOTADB: .notADatabase(path: path)
    case SQLITE_CORRUPT: .corrupt(path: path)
    case SQLITE_BUSY, SQLITE_LOCKED: .locked(path: path)
    case SQLITE_FULL: .diskFull(path: path)
    case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
      .folderNotWritable(path: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    default: .failed(code: status, message: message)
    }
  }
}
