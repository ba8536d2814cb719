package import SQLValues

/// What the closure of a ``ServerDatabase``'s call runs its statements through, each an `async`
/// call: the seam a driver whose connection calls are asynchronous (PostgresNIO's) implements as
/// libpq's ``ServerConnection`` does.
///
/// Statements take bound parameters only (`$1`, `$2`, …) and fail with the database's one error
/// type; rows are read by column name.
package protocol ServerStatements: Sendable {
  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  func execute(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError) -> Int

  /// Runs one statement with bound `parameters` and returns its rows, each knowing the names the
  /// statement gave its columns.
  func query(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError) -> [SQLRow]
}

extension ServerStatements {
  /// Runs one statement without parameters; returns the number of rows it changed.
  @discardableResult
  package func execute(_ sql: String) async throws(PostgreSQLError) -> Int {
    try await execute(sql, [])
  }

  /// Runs one statement without parameters and returns its rows.
  package func query(_ sql: String) async throws(PostgreSQLError) -> [SQLRow] {
    try await query(sql, [])
  }

  /// Runs one statement with bound `parameters` and reads each of its rows with `read`: a row it
  /// cannot read (a column missing, NULL or of another type) fails the statement as
  /// ``PostgreSQLError/unreadableRow(reason:)``, so code inside a transaction reads its rows by
  /// name and throws the database's one error type.
  package func query<Row>(
    _ sql: String, _ parameters: [SQLValue] = [],
    reading read: (SQLRow) throws(SQLRowError) -> Row
  ) async throws(PostgreSQLError) -> [Row] {
    let rows = try await query(sql, parameters)
    do throws(SQLRowError) {
      return try rows.map(read)
    } catch {
      throw .unreadableRow(reason: error.description)
    }
  }
}
