import Foundation

/// Why the server database could not be used, in the cases a person can act on. No case ever
/// holds the password of the connection string: servers are named by database, host and port.
package enum PostgreSQLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The connection string cannot be read.
  case invalidConnectionString(reason: String)
  /// No server answered (stopped, wrong host or port, no such socket, network down).
  case unreachable(server: String, reason: String)
  /// No name server answered for the server's host name by the call's deadline: nothing was
  /// sent to the server.
  case lookupUnanswered(server: String, host: String, after: Duration)
  /// The server refused the password (SQLSTATE 28P01) that `source` gave.
  case passwordRefused(server: String, source: PasswordSource)
  /// The server refused the user: no such role, or no `pg_hba.conf` entry lets it in (28000).
  case authenticationRefused(server: String)
  /// The server has no connection to spare (SQLSTATE 53300): all of its `max_connections`, the
  /// role's `CONNECTION LIMIT` or the database's are in use.
  case connectionLimitReached(server: String, of: ConnectionLimit)
  /// The server is shutting down, restarting or starting up (SQLSTATE 57P01 to 57P03).
  case shuttingDown(server: String)
  /// The server has no database of that name.
  case databaseMissing(server: String)
  /// The connection broke during a statement; whether that statement's transaction committed
  /// is unknown unless it was a read.
  case connectionLost(server: String)
  /// The server did not answer by the call's deadline: the client gave up (the statement in
  /// flight cancelled, the connection dropped), or the server cancelled the statement itself
  /// (SQLSTATE 57014). Whether a write in flight committed is unknown unless it was a read.
  case timedOut(server: String, after: Duration)
  /// A statement waited for a lock another session held (a row another call is moving, an
  /// operator's open transaction) until the server's `lock_timeout`, `after`, which a
  /// connection sets a margin below the call's deadline, and the server stopped it (SQLSTATE
  /// 55P03): the server answered, and rolled the statement back, so nothing of it was written
  /// (a transaction it was part of can only be rolled back too).
  case lockNotAvailable(server: String, after: Duration)
  /// The calling task was cancelled (Ctrl-C, SIGTERM) while the call waited for the server; the
  /// statement in flight was cancelled and the connection dropped, as at a deadline. (A call
  /// still queued for a connection was never sent.)
  case interrupted(server: String)
  /// Every connection of the pool stayed busy with other calls until the call's deadline: the
  /// call was never sent, so nothing of it reached the server.
  case noConnectionFree(server: String, after: Duration)
  /// The server's disk is full (SQLSTATE 53100).
  case diskFull(server: String)
  /// The schema was written by newer code, with migrations this one does not know; it was
  /// neither read nor changed.
  case newerSchema(server: String, version: Int, supported: Int)
  /// A row the statement returned could not be read as its reader asked (a column missing, NULL
  /// or of another type): the schema holds what this code does not expect, or the code is wrong.
  /// `reason` is the row's own sentence, which names the column (text, as in `SQLiteError`, so
  /// the documentation keeps this enum).
  case unreadableRow(reason: String)
  /// Any other failure, with the server's SQLSTATE (empty when the client failed) and message.
  case failed(sqlState: String, message: String)

  /// The SQLSTATE the server reported, when the failure came from a statement.
  package var sqlState: String? {
    switch self {
    case .timedOut: "57014"
    case .lockNotAvailable: "55P03"
    case .diskFull: "53100"
    case .failed(let sqlState, _): sqlState.isEmpty ? nil : sqlState
    default: nil
    }
  }

  package var description: String {
    switch self {
    case .invalidConnectionString(let reason):
      "the database connection string cannot be read (\(reason))"
    case .unreachable(let server, let reason):
      "cannot reach \(server) (\(reason)); is the server running?"
    case .lookupUnanswered(let server, let host, let after):
      "cannot reach \(server): the name servers gave no answer for the name '\(host)' within \(Self.shown(after)); check them (/etc/resolv.conf), or give the server's address as hostaddr"
    case .passwordRefused(let server, .connectionString):
      "\(server) refused the password; check the connection string's password"
    case .passwordRefused(let server, .environment):
      "\(server) refused the password; check PGPASSWORD (the connection string gives none)"
    case .passwordRefused(let server, .passwordFile):
      "\(server) refused the password; check the password file (PGPASSFILE, or ~/.pgpass): neither the connection string nor PGPASSWORD gives one"
    case .authenticationRefused(let server):
      "\(server) refused the user (no such role, or its pg_hba.conf does not let it in); check the connection string's user"
    case .connectionLimitReached(let server, .server):
      "\(server) has no connection to spare (its max_connections are all in use); try again in a moment, or raise max_connections"
    case .connectionLimitReached(let server, .role):
      "\(server) has no connection to spare for this user (the role's connection limit is reached); try again in a moment, or raise it (ALTER ROLE … CONNECTION LIMIT)"
    case .connectionLimitReached(let server, .database):
      "\(server) has no connection to spare for this database (its connection limit is reached); try again in a moment, or raise it (ALTER DATABASE … CONNECTION LIMIT)"
    case .shuttingDown(let server):
      "\(server) is shutting down, restarting or starting up; try again in a moment"
    case .databaseMissing(let server):
      "\(server) does not exist; create it (createdb) or fix the connection string"
    case .connectionLost(let server):
      "the connection to \(server) was lost during a statement"
    case .timedOut(let server, let after):
      "\(server) did not answer within \(Self.shown(after))"
    case .lockNotAvailable(let server, let after):
      "another session held a lock this statement needed at \(server) for \(Self.shown(after)), so the server stopped the statement and rolled it back"
    case .interrupted(let server):
      "the call to \(server) was interrupted before it answered"
    case .noConnectionFree(let server, let after):
      "every connection to \(server) was busy with other calls for \(Self.shown(after)); the call was never sent"
    case .diskFull(let server):
      "the disk of \(server) is full"
    case .newerSchema(let server, let version, let supported):
      "\(server) was written by newer code (schema \(version); this code knows up to \(supported)); it was left untouched: upgrade"
    case .unreadableRow(let reason):
      "the database returned a row that cannot be read: \(reason)"
    case .failed(let sqlState, let message):
      sqlState.isEmpty
        ? "the database failed (\(message))"
        : "the database failed (SQLSTATE \(sqlState): \(message))"
    }
  }

  /// "2 s" or "500 ms".
  private static func shown(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    return milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000) s" : "\(milliseconds) ms"
  }
}

/// Where the password a server refused came from, in libpq's order: the connection string's
/// `password`, else `PGPASSWORD`, else the password file.
package enum PasswordSource: Sendable, Equatable {
  /// The connection string's `password` (in a URL, its user information or its query).
  case connectionString
  /// The `PGPASSWORD` variable of the environment.
  case environment
  /// The password file: `PGPASSFILE`, or `~/.pgpass`.
  case passwordFile
}

/// Whose connection limit a server reached.
package enum ConnectionLimit: Sendable, Equatable {
  /// The server's `max_connections` (and the slots it keeps for superusers).
  case server
  /// The role's `CONNECTION LIMIT`.
  case role
  /// The database's `CONNECTION LIMIT`.
  case database
}

extension PostgreSQLError {
  /// What a failed statement means, from its SQLSTATE (`timeout` is the call's deadline, which
  /// the server's `statement_timeout` holds too; `lockTimeout` is how long a statement may wait
  /// for a lock, the server's `lock_timeout`).
  static func statementFailure(
    sqlState: String, message: String, server: String, timeout: Duration,
    lockTimeout: Duration, password: PasswordSource = .connectionString
  ) -> PostgreSQLError {
    switch sqlState {
    case "57014": .timedOut(server: server, after: timeout)
    case "55P03": .lockNotAvailable(server: server, after: lockTimeout)
    case "53100": .diskFull(server: server)
    case "3D000": .databaseMissing(server: server)
    case "28P01": .passwordRefused(server: server, source: password)
    case _ where sqlState.hasPrefix("28"): .authenticationRefused(server: server)
    // The session ended under the statement (an administrator, a crash, a shutdown): whether
    // a write committed is unknown, as for a cut connection.
    case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03":
      .connectionLost(server: server)
    default: .failed(sqlState: sqlState, message: message)
    }
  }

  /// What a failed connection means. libpq gives no result for it, only text, which Voyage asks
  /// for verbose (`PQERRORS_VERBOSE`): the server's refusal then reads `FATAL:  28P01: …`, and
  /// its SQLSTATE tells the cases apart whatever language the server speaks. Without one (no
  /// server answered), the first line says why.
  static func connectionFailure(
    _ message: String, server: String, password: PasswordSource = .connectionString
  ) -> PostgreSQLError {
    switch sqlState(in: message) {
    case "28P01": return .passwordRefused(server: server, source: password)
    case let state? where state.hasPrefix("28"): return .authenticationRefused(server: server)
    case "3D000": return .databaseMissing(server: server)
    case "53300":
      let limit: ConnectionLimit =
        message.contains("for role")
        ? .role : message.contains("for database") ? .database : .server
      return .connectionLimitReached(server: server, of: limit)
    case "57P01", "57P02", "57P03": return .shuttingDown(server: server)
    case "53100": return .diskFull(server: server)
    default:
      let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
      return .unreachable(server: server, reason: firstLine.trimmingCharacters(in: .whitespaces))
    }
  }

  /// The SQLSTATE of a verbose error message: the five characters after `FATAL:  ` (or
  /// `ERROR:  `, `PANIC:  `) and before `: `.
  static func sqlState(in message: String) -> String? {
    for severity in ["FATAL:  ", "ERROR:  ", "PANIC:  "] {
      guard let found = message.range(of: severity) else { continue }
      let code = message[found.upperBound...].prefix(6)
      guard code.count == 6, code.last == ":",
        code.dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) })
      else { continue }
      return String(code.dropLast())
    }
    return nil
  }
}
