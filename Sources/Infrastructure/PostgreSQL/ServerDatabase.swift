/// A server database as the code that keeps records in it uses it: transactions and autocommit
/// calls whose closures run `async` statements, each call ended by a deadline. libpq's
/// ``PostgreSQLDatabase`` is one; a driver built on PostgresNIO, or a stand-in in tests, could be
/// another behind the same calls.
///
/// What callers rely on, whatever the implementation: a call's connection is its own until the
/// call returns; a call ends by its deadline (``PostgreSQLError/timedOut(server:after:)``) and at
/// once when its task is cancelled (``PostgreSQLError/interrupted(server:)``); a connection that
/// breaks during a call is reported (``PostgreSQLError/connectionLost(server:)``), never retried
/// behind the caller's back, since a lost `COMMIT` may or may not have happened.
package protocol ServerDatabase: Sendable {
  /// How long a call may take when it names no deadline of its own.
  var deadline: Duration { get }

  /// Runs `body` in one transaction: committed if it returns, rolled back if it throws. The
  /// whole transaction ends by `deadline` (``deadline`` from now when `nil`).
  func transaction<Result: Sendable>(
    until deadline: ContinuousClock.Instant?,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result

  /// Runs `body` in autocommit mode, each statement its own transaction, by `deadline`.
  /// `followingNoAnswer`: the call follows one the server did not answer, so it must not
  /// wait on a connection that may lead to the same silent server.
  func autocommit<Result: Sendable>(
    until deadline: ContinuousClock.Instant?, followingNoAnswer: Bool,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result
}

extension ServerDatabase {
  /// Runs `body` in one transaction, by the database's own deadline.
  @discardableResult
  package func transaction<Result: Sendable>(
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    try await transaction(until: nil, body)
  }

  /// Runs `body` in autocommit mode, by `deadline` (the database's own when `nil`).
  @discardableResult
  package func autocommit<Result: Sendable>(
    until deadline: ContinuousClock.Instant? = nil,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    try await autocommit(until: deadline, followingNoAnswer: false, body)
  }
}
