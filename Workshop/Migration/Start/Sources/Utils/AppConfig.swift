/// Settings the whole app reads.
public struct AppConfig {
  /// Where the trips API lives.
  public var apiBaseURL: String
  /// The name printed under a confirmation.
  public var agencyName: String

  /// The settings in force. Anyone may change them, at any time.
  public static var current: AppConfig {
    get { sharedConfig }
    set { sharedConfig = newValue }
  }
}

var sharedConfig = AppConfig(apiBaseURL: "https://api.trips.example", agencyName: "Trips")
