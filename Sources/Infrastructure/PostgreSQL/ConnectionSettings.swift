import EventLog
import Foundation

/// How to connect, read once from a connection string (a `postgresql://` URL or `key=value`
/// pairs) by Voyage's own parser, with every secret kept out of every sentence shown to a person.
struct ConnectionSettings: Sendable {
  /// The settings libpq is given, decoded; libpq never sees the string itself.
  let settings: [ConnectionString.Setting]
  /// The server as messages name it, from Voyage's parsed view: database, host and port (or
  /// socket), never a password.
  let server: String
  /// How long one call (a transaction, an autocommit call) may take, held by the client; the server's
  /// `statement_timeout` is set to it too, and its `lock_timeout` a margin below
  /// (``lockTimeout``).
  let deadline: Duration
  /// The schema to work in (`search_path`), or the server's default.
  let schema: String?
  /// Where the server's notices and warnings go, at `debug`.
  let log: EventLogger
  /// What must never appear in a message: the passwords given, and libpq's `PGPASSWORD`.
  private let secrets: [String]
  /// Where the password libpq sends comes from, so a refused one is blamed on the right place.
  let passwordSource: PasswordSource
  /// The servers to try when a host name among them must be looked up before libpq starts;
  /// `nil` when libpq makes no lookup.
  let hosts: ConnectionHosts?

  init(connectionString: String, deadline: Duration, schema: String?, log: EventLogger = .disabled)
    throws(PostgreSQLError)
  {
    self.log = log
    let parsed: ConnectionString
    do {
      parsed = try ConnectionString(connectionString)
    } catch {
      throw .invalidConnectionString(reason: error.reason)
    }
    self.deadline = deadline
    self.schema = schema
    let environment = ProcessInfo.processInfo.environment
    settings = parsed.settings
    secrets = (parsed.secrets + [environment["PGPASSWORD"] ?? ""])
      .filter { $0.count >= Self.shortestScrubbedSecret }
      .sorted { $0.count > $1.count }
    server = Self.name(of: parsed, environment: environment)
    passwordSource = Self.passwordSource(of: parsed, environment: environment)
    hosts = ConnectionHosts(parsed.settings, environment: environment)
  }

  /// Where libpq takes the password from: the string's `password`, else `PGPASSWORD`, else the
  /// password file.
  static func passwordSource(of parsed: ConnectionString, environment: [String: String])
    -> PasswordSource
  {
    if parsed["password"]?.isEmpty == false { return .connectionString }
    if environment["PGPASSWORD"]?.isEmpty == false { return .environment }
    return .passwordFile
  }

  /// "the PostgreSQL database 'voyage' at db.example:5432", "… at [::1]:5432", "… at the
  /// socket /tmp/pg/.s.PGSQL.5432": libpq's defaults and environment filled in as it would.
  static func name(of parsed: ConnectionString, environment: [String: String]) -> String {
    let user = parsed["user"] ?? environment["PGUSER"]
    let database = parsed["dbname"] ?? environment["PGDATABASE"] ?? user ?? "postgres"
    let hosts = (parsed["host"] ?? parsed["hostaddr"] ?? environment["PGHOST"] ?? "")
      .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let ports = (parsed["port"] ?? environment["PGPORT"] ?? "")
      .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let places = hosts.enumerated().map { index, host in
      let given = index < ports.count ? ports[index] : (ports.count == 1 ? ports[0] : "")
      let port = given.isEmpty ? "5432" : given
      if host.isEmpty { return "the default socket (port \(port))" }
      if host.hasPrefix("/") || host.hasPrefix("@") { return "the socket \(host)/.s.PGSQL.\(port)" }
      return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
    return "the PostgreSQL database '\(database)' at \(places.joined(separator: " or "))"
  }

  /// The deadline as `statement_timeout` takes it.
  var deadlineMilliseconds: Int64 { Self.milliseconds(deadline) }

  /// How long a statement may wait for a lock another session holds (the server's
  /// `lock_timeout`): the deadline less a fifth of it, and less 1 s at most. The server then
  /// stops the statement and says why (SQLSTATE 55P03) while the call still listens, so a lock
  /// held elsewhere is told apart from a server that does not answer, and the margin leaves
  /// room for what the call did before it waited (connecting, the statements before).
  var lockTimeout: Duration { deadline - min(deadline / 5, .seconds(1)) }

  /// ``lockTimeout`` as `lock_timeout` takes it.
  var lockTimeoutMilliseconds: Int64 { Self.milliseconds(lockTimeout) }

  /// A duration in whole milliseconds, at least 1 (0 would turn the server's timeout off).
  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return max(1, seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
  }

  /// The shortest secret scrubbed from libpq's and the server's text. Voyage's own sentences
  /// never hold a secret: they are built from the parsed settings (``server``). What libpq or the
  /// server says holds one only where it quotes a value; a secret shorter than this cannot be
  /// told from the letters of their words, and replacing those would show it
  /// (`conn•••ction to s•••rv•••r` for a password `e`).
  static let shortestScrubbedSecret = 4

  /// `message` (libpq's or the server's text) with every whole secret replaced by dots: an
  /// occurrence with a letter or digit right before or after it is part of a word, and is left.
  func redacting(_ message: String) -> String {
    secrets.reduce(message) { Self.replacingWhole($1, in: $0) }
  }

  /// `text` with each occurrence of `secret` that stands alone (no letter or digit against
  /// either end) replaced by dots.
  static func replacingWhole(_ secret: String, in text: String) -> String {
    var result = ""
    var rest = text[...]
    while let found = rest.range(of: secret) {
      // The neighbours are read in `text`, whose indices `rest` shares: a match at the start
      // of `rest` may follow a letter already copied.
      let before =
        found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
      let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
      let standsAlone = [before, after].allSatisfy { neighbour in
        guard let neighbour else { return true }
        return !neighbour.isLetter && !neighbour.isNumber
      }
      result += rest[..<found.lowerBound]
      if standsAlone {
        result += "•••"
        rest = rest[found.upperBound...]
      } else {
        result += rest[found.lowerBound..<rest.index(after: found.lowerBound)]
        rest = rest[rest.index(after: found.lowerBound)...]
      }
    }
    return result + rest
  }
}
