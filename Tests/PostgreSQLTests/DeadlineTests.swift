import Foundation
import PostgreSQLTestServer
import SQLValues
import Testing

@testable import PostgreSQL

/// The client holds every call's deadline, whatever the server does: a server frozen with
/// SIGSTOP in the middle of a statement (a cluster of the test's own), a lock another session
/// never releases; and a cancelled task ends its call at once. The time limits turn a deadline
/// that does not hold (the call would wait for ever) into a failure instead of a hang.
@Suite(
  "PostgreSQL database deadlines",
  .enabled(if: ThrowawayCluster.canStart, "needs PostgreSQL's server programs (initdb)"))
struct DeadlineTests {
  static let counters = ["CREATE TABLE counters (name text PRIMARY KEY, value integer NOT NULL)"]

  /// A cluster of the test's own with a `counters` row, a session that holds the row's lock in
  /// an open transaction, and the database under test (its deadline `deadline`).
  struct Scene {
    let cluster: ThrowawayCluster
    let holder: PostgreSQLDatabase
    let database: PostgreSQLDatabase

    static func start(deadline: Duration) async throws -> Scene {
      let cluster = try await ThrowawayCluster.start()
      do {
        let holder = try await PostgreSQLDatabase(
          connectionString: cluster.url, migrations: DeadlineTests.counters,
          versionTable: "schema_version", connections: 1)
        try await holder.autocommit { connection throws(PostgreSQLError) in
          try await connection.execute("INSERT INTO counters VALUES ('places', 0)")
          try await connection.execute("BEGIN")
          try await connection.execute("SELECT * FROM counters FOR UPDATE")
        }
        let database = try await PostgreSQLDatabase(
          connectionString: cluster.url, migrations: DeadlineTests.counters,
          versionTable: "schema_version", connections: 1, deadline: deadline)
        return Scene(cluster: cluster, holder: holder, database: database)
      } catch {
        try await cluster.stop()
        throw error
      }
    }

    /// Moves the row, which waits for the holder's lock.
    func update(until deadline: ContinuousClock.Instant? = nil) async throws(PostgreSQLError) {
      try await database.autocommit(until: deadline) { connection throws(PostgreSQLError) in
        try await connection.execute("UPDATE counters SET value = value + 1")
      }
    }

    /// Returns once a statement waits for a lock at the server (or, with `false`, once none
    /// does): the event the tests freeze the server or cancel the call on, so they act
    /// mid-statement. The server is asked again every 10 ms until it says so.
    func someoneWaits(_ waits: Bool = true) async throws {
      // A third connection: the holder's is the one that holds the lock.
      let observer = try await PostgreSQLDatabase(
        connectionString: cluster.url, migrations: [], versionTable: "unused", connections: 1)
      while true {
        let waiting = try await observer.autocommit { connection throws(PostgreSQLError) in
          try await connection.query(
            "SELECT count(*)::int8 AS waiting FROM pg_locks WHERE NOT granted")
        }
        if (try waiting.first?.integer("waiting") ?? 0 > 0) == waits { return }
        try await Task.sleep(for: .milliseconds(10))
      }
    }

    func value() async throws -> Int64? {
      try await holder.autocommit { connection throws(PostgreSQLError) in
        try await connection.query("SELECT value::int8 FROM counters")
      }.first?.integer("value")
    }

    func end() async throws {
      try? cluster.thaw()
      try await cluster.stop()
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func aCallToAServerFrozenMidStatementEndsAtItsDeadline() async throws {
    // The calls' own deadlines end them; the database's (an hour) keeps the server's lock
    // timeout (1 s less) far beyond them, so however late the freeze comes on a loaded
    // machine, the server never stops the statement itself.
    let scene = try await Scene.start(deadline: .seconds(3_600))
    do {
      let call = Task { try await scene.update(until: .now + .seconds(3)) }
      try await scene.someoneWaits()
      try scene.cluster.freeze()
      await #expect {
        try await call.value
      } throws: { error in
        guard case .timedOut = error as? PostgreSQLError else { return false }
        return true
      }
      // A new connection to the frozen server ends at its deadline too.
      await #expect {
        try await scene.update(until: .now + .seconds(1))
      } throws: { error in
        guard case .timedOut = error as? PostgreSQLError else { return false }
        return true
      }
    } catch {
      try await scene.end()
      throw error
    }
    try await scene.end()
  }

  @Test(.timeLimit(.minutes(1)))
  func aCancelledCallToAFrozenServerEndsAtOnce() async throws {
    // No deadline could end the call within the test's time limit: only the cancellation can.
    let scene = try await Scene.start(deadline: .seconds(3_600))
    do {
      let call = Task { try await scene.update() }
      try await scene.someoneWaits()
      try scene.cluster.freeze()
      call.cancel()
      await #expect {
        try await call.value
      } throws: { error in
        guard case .interrupted = error as? PostgreSQLError else { return false }
        return true
      }
    } catch {
      try await scene.end()
      throw error
    }
    try await scene.end()
  }

  /// The call gives up long before the server's own `statement_timeout` would: the statement it
  /// left waiting for the lock is cancelled at the server, so it neither waits on nor runs (and
  /// commits, being outside a transaction) once the holder lets go.
  @Test(.timeLimit(.minutes(1)))
  func aCallPastItsDeadlineIsCancelledAtTheServerAndNeverRunsLater() async throws {
    let scene = try await Scene.start(deadline: .seconds(3_600))
    do {
      await #expect {
        try await scene.update(until: .now + .milliseconds(300))
      } throws: { error in
        guard case .timedOut = error as? PostgreSQLError else { return false }
        return true
      }
      try await scene.someoneWaits(false)
      try await scene.holder.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("COMMIT")
      }
      #expect(try await scene.value() == 0)
    } catch {
      try await scene.end()
      throw error
    }
    try await scene.end()
  }

  @Test(.timeLimit(.minutes(1)))
  func aCancelledCallWaitingForALockIsCancelledAtTheServer() async throws {
    let scene = try await Scene.start(deadline: .seconds(3_600))
    do {
      let call = Task { try await scene.update() }
      try await scene.someoneWaits()
      call.cancel()
      await #expect {
        try await call.value
      } throws: { error in
        guard case .interrupted = error as? PostgreSQLError else { return false }
        return true
      }
      try await scene.someoneWaits(false)
      try await scene.holder.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("COMMIT")
      }
      #expect(try await scene.value() == 0)
    } catch {
      try await scene.end()
      throw error
    }
    try await scene.end()
  }
}
