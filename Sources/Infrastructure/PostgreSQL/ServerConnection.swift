package import SQLValues

/// libpq's ``ServerStatements``: what a closure of ``PostgreSQLDatabase/transaction(until:_:)`` or
/// ``PostgreSQLDatabase/autocommit(until:followingNoAnswer:_:)`` runs its statements on, each an
/// `async` call.
///
/// Each statement runs on the `PooledConnection` that holds the libpq connection, an actor on a
/// queue of its own, and so does the closure's own code (the task executor it prefers): it may
/// await other work between statements, while libpq's blocking calls never reach Swift's
/// cooperative pool, and it never waits for a thread of that pool while it holds locks. It is
/// good for the call it was handed to only: one used after that call ended stops the process.
package struct ServerConnection: ServerStatements {
  private let pooled: PooledConnection
  private let call: Int

  init(_ pooled: PooledConnection, call: Int) {
    self.pooled = pooled
    self.call = call
  }

  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  package func execute(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError)
    -> Int
  {
    try await pooled.execute(sql, parameters, call: call)
  }

  /// Runs one statement with bound `parameters` and returns its rows, each knowing the names the
  /// statement gave its columns.
  package func query(_ sql: String, _ parameters: [SQLValue]) async throws(PostgreSQLError)
    -> [SQLRow]
  {
    try await pooled.query(sql, parameters, call: call)
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
