/// Why an SQLite file could not be used, in the cases a person can act on. Its sentences name
/// the file and the remedy SQLite's side allows, never the app around it: the module that opened
/// the file (a ledger, a sandbox) says where the app keeps it.
package enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder for the database cannot be created or written.
  case folderNotWritable(path: String)
  /// The file exists but is not an SQLite database (or is encrypted); it was left untouched.
  case notADatabase(path: String)
  /// The file is an SQLite database whose content is damaged; it was left untouched.
  case corrupt(path: String)
  /// Another process held the database longer than the busy timeout.
  case locked(path: String)
  /// The disk (or quota) is full.
  case diskFull(path: String)
  /// The file was written by a newer version of the code, with a schema this one does not know;
  /// it was neither read nor changed.
  case newerSchema(path: String, version: Int, supported: Int)
  /// A row the statement returned could not be read as its reader asked (a column missing, NULL
  /// or of another type): the file holds what this code does not expect, or the code is wrong.
  /// `reason` is the row's own sentence, which names the column. (Text, not the row's error
  /// type: a type of another module here would drop this enum from the documentation, whose
  /// symbol graphs leave out what names a type of a `package import`.)
  case unreadableRow(reason: String)
  /// Any other SQLite failure, with SQLite's own message.
  case failed(code: Int32, message: String)

  package var description: String {
    switch self {
    case .folderNotWritable(let path):
      "cannot create or write the folder \(path); check its permissions"
    case .notADatabase(let path):
      "\(path) is not an SQLite database (the file was left untouched); move it away"
    case .corrupt(let path):
      "\(path) is damaged (the file was left untouched); restore it from a backup or move it away"
    case .locked(let path):
      "\(path) is locked by another process; try again when it has finished"
    case .diskFull(let path):
      "the disk holding \(path) is full"
    case .newerSchema(let path, let version, let supported):
      "\(path) was written by newer code (schema \(version); this code knows up to \(supported)); it was left untouched: upgrade, or move it away"
    case .unreadableRow(let reason):
      "the database holds a row that cannot be read: \(reason)"
    case .failed(let code, let message):
      "the database failed (SQLite error \(code): \(message))"
    }
  }
}
