import CLibPQ
import Foundation

/// How to connect, read once from a libpq connection string (a `postgresql://` URI or
/// `key=value` pairs), with the password kept out of every sentence shown to a person.
struct ConnectionSettings: Sendable {
  /// The string as given, passed to libpq and nowhere else.
  let connectionString: String
  /// The server as errors name it: database, host and port, never a password.
  let server: String
  /// How long one call (a transaction, a read) may take, held by the client; the server's
  /// `statement_timeout` is set to it too.
  let deadline: Duration
  /// The schema to work in (`search_path`), or the server's default.
  let schema: String?
  /// What must never appear in a message: the password, as written and as libpq decoded it.
  private let secrets: [String]

  init(connectionString: String, deadline: Duration, schema: String?)
    throws(ServerDatabaseError)
  {
    self.connectionString = connectionString
    self.deadline = deadline
    self.schema = schema
    var secrets = Self.uriPassword(in: connectionString).map { [$0] } ?? []
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      let reason = error.map { String(cString: $0) } ?? "libpq could not parse it"
      PQfreemem(error)
      throw .invalidConnectionString(
        reason: Self.redacting(reason.trimmingCharacters(in: .whitespacesAndNewlines), secrets))
    }
    defer { PQconninfoFree(options) }
    var values: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        values[String(cString: keyword)] = String(cString: value)
      }
      option += 1
    }
    if let password = values["password"], !password.isEmpty { secrets.append(password) }
    self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    let environment = ProcessInfo.processInfo.environment
    let database = values["dbname"] ?? environment["PGDATABASE"] ?? values["user"] ?? "postgres"
    let host = values["host"] ?? environment["PGHOST"] ?? "the default socket"
    let port = values["port"] ?? environment["PGPORT"] ?? "5432"
    server = "the PostgreSQL database '\(database)' at \(host):\(port)"
  }

  /// The deadline as `statement_timeout` takes it.
  var deadlineMilliseconds: Int64 {
    let (seconds, attoseconds) = deadline.components
    return max(1, seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
  }

  /// `message` with every secret replaced by dots.
  func redacting(_ message: String) -> String { Self.redacting(message, secrets) }

  private static func redacting(_ message: String, _ secrets: [String]) -> String {
    secrets.reduce(message) { $0.replacingOccurrences(of: $1, with: "•••") }
  }

  /// The password of a `postgresql://user:password@host/…` URI, as written and percent-decoded,
  /// found without libpq: its own error messages may quote the part it could not parse.
  private static func uriPassword(in connectionString: String) -> String? {
    guard let scheme = connectionString.range(of: "://") else { return nil }
    let rest = connectionString[scheme.upperBound...]
    guard let at = rest.lastIndex(of: "@") else { return nil }
    let userInfo = rest[..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return nil }
    let written = String(userInfo[userInfo.index(after: colon)...])
    return written.isEmpty ? nil : written
  }
}
