/// Why the server database could not be used, in the cases a person can act on. No case ever
/// holds the password of the connection string: servers are named by database, host and port.
package enum ServerDatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The connection string cannot be read.
  case invalidConnectionString(reason: String)
  /// No server answered (stopped, wrong host or port, no such socket, network down).
  case unreachable(server: String, reason: String)
  /// The server refused the user or its password.
  case authenticationRefused(server: String)
  /// The server has no database of that name.
  case databaseMissing(server: String)
  /// The connection broke during a statement; whether that statement's transaction committed
  /// is unknown unless it was a read.
  case connectionLost(server: String)
  /// The server did not answer by the call's deadline: the client gave up (the statement in
  /// flight cancelled, the connection dropped), or the server cancelled the statement itself
  /// (SQLSTATE 57014). Whether a write in flight committed is unknown unless it was a read.
  case timedOut(server: String, after: Duration)
  /// The calling task was cancelled (Ctrl-C, SIGTERM) while the call waited for the server; the
  /// statement in flight was cancelled and the connection dropped, as at a deadline.
  case interrupted(server: String)
  /// The server's disk is full (SQLSTATE 53100).
  case diskFull(server: String)
  /// The schema was written by newer code, with migrations this one does not know; it was
  /// neither read nor changed.
  case newerSchema(server: String, version: Int, supported: Int)
  /// Any other failure, with the server's SQLSTATE (empty when the client failed) and message.
  case failed(sqlState: String, message: String)

  /// The SQLSTATE the server reported, when the failure came from a statement.
  package var sqlState: String? {
    switch self {
    case .timedOut: "57014"
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
    case .authenticationRefused(let server):
      "\(server) refused the user or its password; check the connection string's credentials"
    case .databaseMissing(let server):
      "\(server) does not exist; create it (createdb) or fix the connection string"
    case .connectionLost(let server):
      "the connection to \(server) was lost during a statement"
    case .timedOut(let server, let after):
      "\(server) did not answer within \(Self.shown(after))"
    case .interrupted(let server):
      "the call to \(server) was interrupted before it answered"
    case .diskFull(let server):
      "the disk of \(server) is full"
    case .newerSchema(let server, let version, let supported):
      "\(server) was written by a newer Voyage (schema \(version); this one knows up to \(supported)); it was left untouched: upgrade Voyage"
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
