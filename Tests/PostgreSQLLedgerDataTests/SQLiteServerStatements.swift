import Foundation
import PostgreSQL
import SQLValues
import SQLite

/// The statements of ``SQLiteServerDatabase``: the server ledger's PostgreSQL, said again in
/// SQLite's words by a few rewrites, each for one construct the ledger uses, and SQLite's
/// errors told as the server database's.
struct SQLiteServerStatements: ServerStatements {
  let database: SQLiteDatabase

  func execute(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError) -> Int {
    let translated = Self.sqlite(sql)
    do throws(SQLiteError) {
      return try await database.read { connection throws(SQLiteError) in
        try connection.execute(translated, parameters)
      }
    } catch {
      throw Self.serverError(error)
    }
  }

  func query(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError) -> [SQLRow] {
    let translated = Self.sqlite(sql)
    do throws(SQLiteError) {
      return try await database.read { connection throws(SQLiteError) in
        try connection.query(translated, parameters)
      }
    } catch {
      throw Self.serverError(error)
    }
  }

  /// `sql` in SQLite's words: the server's clock as seconds since 1970 (read here, as SQLite's
  /// own clock counts only milliseconds, and a failure noted in the millisecond of the step
  /// that clears it would outlive the step), numbered parameters (`$3` is `?3`, whatever order
  /// they appear in), and no row locks (one call runs at a time).
  static func sqlite(_ sql: String) -> String {
    sql.replacingOccurrences(
      of: "extract(epoch FROM clock_timestamp())::float8",
      with: "\(Date().timeIntervalSince1970)"
    )
    .replacingOccurrences(of: #"\$([0-9]+)"#, with: "?$1", options: .regularExpression)
    .replacingOccurrences(of: " FOR UPDATE OF orders", with: "")
    .replacingOccurrences(of: " FOR UPDATE", with: "")
  }

  /// SQLite's error as the server database's.
  static func serverError(_ error: SQLiteError) -> PostgreSQLError {
    switch error {
    case .unreadableRow(let reason): .unreadableRow(reason: reason)
    case .diskFull: .diskFull(server: "memory")
    default: .failed(sqlState: "", message: error.description)
    }
  }
}
