import Foundation
import PostgreSQLTestServer
import Testing

@testable import PostgreSQL

/// A server that refuses a connection says why with a SQLSTATE, and each reason has a sentence
/// of its own: a limit on connections is not a wrong password, and a full server is not a
/// stopped one.
@Suite("Server refusals")
struct ServerRefusalTests {
  @Test(arguments: [
    (
      #"connection to server on socket "/tmp/pg/.s.PGSQL.5432" failed: FATAL:  53300: too many connections for role "limited""#,
      PostgreSQLError.connectionLimitReached(server: "S", of: .role)
    ),
    (
      #"connection to server at "10.0.0.1", port 5432 failed: FATAL:  53300: sorry, too many clients already"#,
      .connectionLimitReached(server: "S", of: .server)
    ),
    (
      #"…failed: FATAL:  53300: too many connections for database "voyage""#,
      .connectionLimitReached(server: "S", of: .database)
    ),
    (
      #"…failed: FATAL:  28P01: password authentication failed for user "voy""#,
      .passwordRefused(server: "S", source: .connectionString)
    ),
    (#"…failed: FATAL:  28000: role "nobody" does not exist"#, .authenticationRefused(server: "S")),
    (#"…failed: FATAL:  3D000: database "nowhere" does not exist"#, .databaseMissing(server: "S")),
    (#"…failed: FATAL:  57P03: the database system is starting up"#, .shuttingDown(server: "S")),
    (#"…failed: FATAL:  57P01: terminating connection"#, .shuttingDown(server: "S")),
    (
      #"…failed: FATAL:  57P02: terminating connection because of crash"#,
      .shuttingDown(server: "S")
    ),
    (#"…failed: FATAL:  53100: could not write init file"#, .diskFull(server: "S")),
    (
      "connection to server on socket \"/tmp/pg/.s.PGSQL.5432\" failed: No such file or directory\n\tIs the server running locally?",
      .unreachable(
        server: "S",
        reason:
          "connection to server on socket \"/tmp/pg/.s.PGSQL.5432\" failed: No such file or directory"
      )
    ),
  ])
  func aRefusedConnectionIsToldByItsSQLState(message: String, error: PostgreSQLError) {
    #expect(PostgreSQLError.connectionFailure(message, server: "S") == error)
  }

  /// A refused password is blamed on where it came from: the connection string's, else
  /// `PGPASSWORD`, else the password file, as libpq chooses it.
  @Test func aRefusedPasswordIsBlamedOnWhereItCameFrom() throws {
    let refusal = #"…failed: FATAL:  28P01: password authentication failed for user "voy""#
    func told(_ source: PasswordSource) -> String {
      PostgreSQLError.connectionFailure(refusal, server: "S", password: source).description
    }
    #expect(told(.connectionString).contains("check the connection string's password"))
    #expect(told(.environment).contains("check PGPASSWORD"))
    #expect(!told(.environment).contains("connection string's password"))
    #expect(told(.passwordFile).contains("~/.pgpass"))
    #expect(!told(.passwordFile).contains("connection string's password"))
    let environment = ["PGPASSWORD": "from-the-environment"]
    func source(_ string: String) throws -> PasswordSource {
      ConnectionSettings.passwordSource(
        of: try ConnectionString(string), environment: environment)
    }
    #expect(try source("host=/tmp dbname=voyage") == .environment)
    #expect(try source("host=/tmp dbname=voyage password=given") == .connectionString)
    #expect(try source("postgresql://ada:given@/voyage?host=/tmp") == .connectionString)
    #expect(
      ConnectionSettings.passwordSource(of: try ConnectionString("host=/tmp"), environment: [:])
        == .passwordFile)
  }

  @Test(arguments: [
    ("53100", PostgreSQLError.diskFull(server: "S")),
    ("57P01", .connectionLost(server: "S")), ("57014", .timedOut(server: "S", after: .seconds(3))),
    ("55P03", .lockNotAvailable(server: "S", after: .seconds(2))),
  ])
  func aFailedStatementIsToldByItsSQLState(sqlState: String, error: PostgreSQLError) {
    #expect(
      PostgreSQLError.statementFailure(
        sqlState: sqlState, message: "m", server: "S", timeout: .seconds(3),
        lockTimeout: .seconds(2)) == error)
  }

  /// A role whose connection limit is reached is not refused for its password.
  @Test(.enabled(if: TestServer.runs, TestServer.skipped))
  func aRoleAtItsConnectionLimitIsToldSo() async throws {
    let url = try TestServer.url()
    let role = "limited_" + UUID().uuidString.prefix(8).lowercased()
    let admin = try await PostgreSQLDatabase(
      connectionString: url, migrations: [], versionTable: "unused", connections: 1)
    try await admin.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("CREATE ROLE \(role) LOGIN CONNECTION LIMIT 0")
    }
    let host = try #require(url.split(separator: "host=").last.map(String.init))
    await #expect {
      try await PostgreSQLDatabase(
        connectionString: "host=\(host) dbname=voyage user=\(role)", migrations: [],
        versionTable: "unused")
    } throws: { error in
      guard case .connectionLimitReached(_, .role) = error as? PostgreSQLError else {
        return false
      }
      return "\(error)".contains("the role's connection limit is reached")
    }
    try await admin.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("DROP ROLE \(role)")
    }
  }

  /// A server whose every connection is in use (`max_connections` 3, none kept for superusers,
  /// three held), then one that wants a password and is given a wrong one: each says so.
  @Test(.enabled(if: ThrowawayCluster.canStart, "needs PostgreSQL's server programs (initdb)"))
  func aFullServerAndAWrongPasswordAreToldApart() async throws {
    let cluster = try await ThrowawayCluster.start()
    do {
      let admin = try await PostgreSQLDatabase(
        connectionString: cluster.url, migrations: [], versionTable: "unused", connections: 1)
      try await admin.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("ALTER SYSTEM SET max_connections = 3")
        try await connection.execute("ALTER SYSTEM SET superuser_reserved_connections = 0")
        try await connection.execute("ALTER ROLE postgres PASSWORD 'right-one'")
      }
      try await cluster.restart()
      var held: [PostgreSQLDatabase] = []
      for _ in 0..<3 {
        held.append(
          try await PostgreSQLDatabase(
            connectionString: cluster.url, migrations: [], versionTable: "unused",
            connections: 1))
      }
      await #expect {
        try await PostgreSQLDatabase(
          connectionString: cluster.url, migrations: [], versionTable: "unused")
      } throws: { error in
        guard case .connectionLimitReached(_, .server) = error as? PostgreSQLError else {
          return false
        }
        return "\(error)".contains("max_connections")
      }
      try cluster.requirePasswords()
      held.removeAll()
      // A closed connection's server process ends on its own time: until it has, the server
      // still counts it and refuses the next one as full. Each retry is a real attempt that the
      // server answers, never a sleep.
      var refusal: PostgreSQLError?
      for _ in 0..<1_000 {
        do {
          _ = try await PostgreSQLDatabase(
            connectionString: cluster.url + "&password=wrong-one", migrations: [],
            versionTable: "unused")
          refusal = nil
          break
        } catch .connectionLimitReached(_, .server) {
          continue
        } catch {
          refusal = error
          break
        }
      }
      let refused = try #require(refusal, "a wrong password was let in, or the server stayed full")
      guard case .passwordRefused = refused else {
        Issue.record("a wrong password was refused as \(refused)")
        return try await cluster.stop()
      }
      #expect(!"\(refused)".contains("wrong-one"))
      _ = try await PostgreSQLDatabase(
        connectionString: cluster.url + "&password=right-one", migrations: [],
        versionTable: "unused")
    } catch {
      try await cluster.stop()
      throw error
    }
    try await cluster.stop()
  }
}
