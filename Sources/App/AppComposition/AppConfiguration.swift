public import BookingInterface
public import Foundation

#if os(Linux)
  import PostgreSQLLedgerData
#endif

/// Where Voyage keeps its data and which outside systems it talks to, read from the environment.
public struct AppConfiguration: Sendable {
  /// `$VOYAGE_HOME`, or `$HOME/.voyage`; `nil` when neither is set, which commands that keep
  /// data report instead of guessing a folder.
  public let home: URL?
  /// `$VOYAGE_SUPPLIER_URL`: the live travel supplier; the embedded sandbox when unset.
  public let supplierURL: URL?
  /// `$VOYAGE_PAYMENTS_URL`: the live payment provider; the embedded sandbox when unset.
  public let paymentsURL: URL?
  /// `$VOYAGE_SANDBOX_TRIPS_PER_DESTINATION`: the supplier sandbox's catalog size (default 50
  /// trips for each of its 49 destinations), for benchmarks of larger catalogs.
  public let sandboxTripsPerDestination: Int
  /// `$VOYAGE_DEADLINE_SECONDS`: how long one call to the supplier or the payment provider may
  /// take, retries included (default 10 seconds; 0.1 to 300, anything else is refused).
  public let deadline: Duration
  /// `$VOYAGE_DATABASE_URL`: a PostgreSQL database for the order ledger, shared by every
  /// instance that names it; the SQLite file in the home folder when unset.
  public let databaseURL: DatabaseURL?

  /// The deadline when `VOYAGE_DEADLINE_SECONDS` is not set.
  public static let defaultDeadline: Duration = .seconds(10)

  /// Reads the configuration from `environment`. Every variable is optional, but one that is
  /// set must mean something: set but empty, or a value it cannot use, is an error that names
  /// the variable and the problem (never a value that may hold a secret), so nothing falls back
  /// to a default the person did not choose (an empty `VOYAGE_DATABASE_URL` meaning SQLite).
  public init(environment: [String: String]) throws(ConfigurationError) {
    func value(_ variable: EnvironmentVariable) throws(ConfigurationError) -> String? {
      guard let value = environment[variable.rawValue] else { return nil }
      guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw ConfigurationError(
          variable: variable.rawValue, problem: "is set but empty; unset it, or give it a value")
      }
      return value
    }
    if let home = try value(.home) {
      try Self.checkFolder(home, named: EnvironmentVariable.home.rawValue)
      self.home = URL(fileURLWithPath: home)
    } else if let user = environment["HOME"], !user.isEmpty {
      try Self.checkFolder(user, named: "HOME")
      self.home = URL(fileURLWithPath: user).appendingPathComponent(".voyage")
    } else {
      self.home = nil
    }
    supplierURL = try Self.webURL(value(.supplierURL), .supplierURL)
    paymentsURL = try Self.webURL(value(.paymentsURL), .paymentsURL)
    let trips = try value(.sandboxTripsPerDestination)
    sandboxTripsPerDestination =
      try trips.map { text throws(ConfigurationError) in
        guard let count = Int(text) else {
          throw ConfigurationError(
            variable: EnvironmentVariable.sandboxTripsPerDestination.rawValue,
            problem: "must be a whole number")
        }
        return min(max(count, 1), 10_000)
      } ?? 50
    let seconds = try value(.deadlineSeconds)
    deadline =
      try seconds.map { text throws(ConfigurationError) in
        // Refused, never clamped: 0 or less would end every call at once, and a value past
        // 300 s (1e300, inf) is no deadline a person means.
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1, seconds <= 300 else {
          throw ConfigurationError(
            variable: EnvironmentVariable.deadlineSeconds.rawValue,
            problem: "must be a number of seconds from 0.1 to 300, like 10 or 2.5")
        }
        return .milliseconds(Int64(seconds * 1_000))
      } ?? Self.defaultDeadline
    databaseURL = try value(.databaseURL).map { text throws(ConfigurationError) in
      if let problem = DatabaseURL.problem(with: text) {
        throw ConfigurationError(
          variable: EnvironmentVariable.databaseURL.rawValue, problem: problem)
      }
      return DatabaseURL(connectionString: text)
    }
  }

  /// Refuses a folder no system call could open (a name longer than `NAME_MAX`, a path longer
  /// than `PATH_MAX`) as the setting it is, in a sentence that quotes none of it: otherwise
  /// every message that names a file in it would echo the whole path.
  private static func checkFolder(_ path: String, named variable: String)
    throws(ConfigurationError)
  {
    let longestName = path.split(separator: "/").map(\.utf8.count).max() ?? 0
    if path.utf8.count >= Int(PATH_MAX) {
      throw ConfigurationError(
        variable: variable,
        problem:
          "is a path of \(path.utf8.count) bytes; this system opens paths of at most \(Int(PATH_MAX) - 1)"
      )
    }
    if longestName > Int(NAME_MAX) {
      throw ConfigurationError(
        variable: variable,
        problem:
          "names a folder of \(longestName) bytes; this system's names have at most \(Int(NAME_MAX))"
      )
    }
  }

  /// `text` as the base URL of an outside HTTP service, or the error that says why not.
  private static func webURL(_ text: String?, _ variable: EnvironmentVariable)
    throws(ConfigurationError)
    -> URL?
  {
    guard let text else { return nil }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw ConfigurationError(
        variable: variable.rawValue, problem: "must be an http:// or https:// URL with a host")
    }
    return url
  }

  /// The home folder, or the error that says how to name one.
  public func requireHome() throws(TicketingError) -> URL {
    guard let home else { throw .noHome }
    return home
  }
}

/// A variable of the environment that is set to something Voyage cannot use: the command does
/// not run (a usage error), and the message names the variable and the problem, never a value
/// that may hold a secret.
public struct ConfigurationError: Error, Sendable, Equatable {
  /// The variable, like `VOYAGE_DATABASE_URL`.
  public let variable: String
  /// What is wrong with its value, as the end of a sentence that starts with the variable.
  public let problem: String

  /// One sentence for the error line.
  public var message: String { "\(variable) \(problem)" }
}

/// `$VOYAGE_DATABASE_URL`, kept out of every printout: it may hold a password, so its text goes
/// to the database client and nowhere else (not `print`, not `dump`, not string interpolation).
public struct DatabaseURL: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The libpq URI or `key=value` string, as the environment gave it.
  let connectionString: String

  /// Why `text` cannot name a server, in words that quote nothing of it; `nil` when it can.
  static func problem(with text: String) -> String? {
    #if os(Linux)
      PostgreSQLLedgerDataAssembly.problem(withConnectionString: text).map {
        "cannot be read: \($0)"
      }
    #else
      "is set, but this build of Voyage has no PostgreSQL ledger (Linux only); unset it"
    #endif
  }

  /// The variable's name, never its value.
  public var description: String { "VOYAGE_DATABASE_URL (not shown: it may hold a password)" }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// No children, so `dump` and reflection show nothing of the value.
  public var customMirror: Mirror { Mirror(self, children: []) }
}
