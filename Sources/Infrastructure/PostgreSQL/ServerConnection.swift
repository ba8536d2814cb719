package import SQLValues

/// The connection a closure of ``PostgreSQLDatabase/transaction(until:_:)`` or
/// ``PostgreSQLDatabase/autocommit(until:followingNoAnswer:_:)`` runs its statements on: each an
/// `async` call, the shape of a driver whose connection calls are asynchronous (PostgresNIO's), so
/// one could stand in for libpq behind these same calls.
///
/// Each statement runs on the `PooledConnection` that holds the libpq connection, an actor on a
/// thread of its own: the closure itself runs wherever its task does, and may await other work
/// between statements, while libpq's blocking calls never reach Swift's cooperative pool. It is
/// good for the call it was handed to only: one used after that call ended stops the process.
package struct ServerConnection: Sendable {
  private let pooled: PooledConnection
  private let call: Int

  init(_ pooled: PooledConnection, call: Int) {
    self.pooled = pooled
    self.call = call
  }

  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  package func execute(_ sql: String, _ parameters: [SQLValue] = []) async throws(PostgreSQLError)
    -> Int
  {
    try await pooled.execute(sql, parameters, call: call)
  }

  /// Runs one statement with bound `parameters` and returns its rows, each knowing the names the
  /// statement gave its columns.
  package func query(_ sql: String, _ parameters: [SQLValue] = []) async throws(PostgreSQLError)
    -> [SQLRow]
  {
    try await pooled.query(sql, parameters, call: call)
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

  /// Runs a script of several statements without parameters: for migrations, which are code.
  func executeScript(_ sql: String) async throws(PostgreSQLError) {
    try await pooled.executeScript(sql, call: call)
  }

  /// Whether the connection broke, or was abandoned mid-statement: a transaction that failed
  /// on it is not rolled back, since the server ends it with the connection.
  var isBroken: Bool {
    get async { await pooled.isBroken(call: call) }
  }
}
