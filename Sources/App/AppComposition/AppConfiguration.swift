public import BookingInterface
public import Foundation

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
  /// take, retries included (default 10 seconds, at most 300).
  public let deadline: Duration
  /// `$VOYAGE_DATABASE_URL`: a PostgreSQL database for the order ledger, shared by every
  /// instance that names it; the SQLite file in the home folder when unset.
  public let databaseURL: DatabaseURL?
  /// `$VOYAGE_TEST_STOP_AT`: stops the process dead (SIGKILL) at a named point of the checkout
  /// saga, such as `payments:charged` or `ledger:held`; tests use it to prove recovery.
  public let stopAt: String?

  /// The deadline when `VOYAGE_DEADLINE_SECONDS` is not set.
  public static let defaultDeadline: Duration = .seconds(10)

  /// Reads the configuration from `environment`; every variable is optional.
  public init(environment: [String: String]) {
    if let home = environment["VOYAGE_HOME"], !home.isEmpty {
      self.home = URL(fileURLWithPath: home)
    } else if let user = environment["HOME"], !user.isEmpty {
      self.home = URL(fileURLWithPath: user).appendingPathComponent(".voyage")
    } else {
      self.home = nil
    }
    supplierURL = environment["VOYAGE_SUPPLIER_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    paymentsURL = environment["VOYAGE_PAYMENTS_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    sandboxTripsPerDestination =
      environment["VOYAGE_SANDBOX_TRIPS_PER_DESTINATION"].flatMap { Int($0) }.map {
        min(max($0, 1), 10_000)
      } ?? 50
    deadline =
      environment["VOYAGE_DEADLINE_SECONDS"].flatMap { Double($0) }.map {
        .milliseconds(Int64(min(max($0, 0.1), 300) * 1_000))
      } ?? Self.defaultDeadline
    databaseURL = environment["VOYAGE_DATABASE_URL"].flatMap {
      $0.isEmpty ? nil : DatabaseURL(connectionString: $0)
    }
    stopAt = environment["VOYAGE_TEST_STOP_AT"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The home folder, or the error that says how to name one.
  public func requireHome() throws(TicketingError) -> URL {
    guard let home else { throw .noHome }
    return home
  }
}

/// `$VOYAGE_DATABASE_URL`, kept out of every printout: it may hold a password, so its text goes
/// to the database client and nowhere else (not `print`, not `dump`, not string interpolation).
public struct DatabaseURL: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The libpq URI or `key=value` string, as the environment gave it.
  let connectionString: String

  /// The variable's name, never its value.
  public var description: String { "VOYAGE_DATABASE_URL (not shown: it may hold a password)" }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// No children, so `dump` and reflection show nothing of the value.
  public var customMirror: Mirror { Mirror(self, children: []) }
}
