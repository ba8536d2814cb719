/// A variable of the environment that configures Voyage, declared once: the configuration and
/// the log read it by this name, and the command line's overview and man page list it with its
/// meaning, so none of them can name a variable the others do not know.
public enum EnvironmentVariable: String, CaseIterable, Sendable {
  case home = "VOYAGE_HOME"
  case deadlineSeconds = "VOYAGE_DEADLINE_SECONDS"
  case supplierURL = "VOYAGE_SUPPLIER_URL"
  case paymentsURL = "VOYAGE_PAYMENTS_URL"
  case databaseURL = "VOYAGE_DATABASE_URL"
  case log = "VOYAGE_LOG"
  case logFormat = "VOYAGE_LOG_FORMAT"
  case logFile = "VOYAGE_LOG_FILE"
  case sandboxTripsPerDestination = "VOYAGE_SANDBOX_TRIPS_PER_DESTINATION"

  /// What setting it does, in one line; `nil` for the variable benchmarks set, which help does
  /// not list.
  public var meaning: String? {
    switch self {
    case .home: "where tickets, payments and places are kept (default ~/.voyage)"
    case .deadlineSeconds: "how long one outside call may take, retries included (default 10)"
    case .supplierURL: "a live travel supplier instead of the embedded sandbox"
    case .paymentsURL: "a live payment provider instead of the embedded sandbox"
    case .databaseURL:
      "a PostgreSQL database for orders and tickets, shared by every instance that names it"
    case .log: "log from this level up: debug, info, warning or error"
    case .logFormat: "text (a readable line, the default) or json (an object a line)"
    case .logFile: "append the log to this file instead of stderr"
    case .sandboxTripsPerDestination: nil
    }
  }
}
