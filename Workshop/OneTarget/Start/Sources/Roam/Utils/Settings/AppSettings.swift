import Foundation

/// The user's settings, read by every screen: one object for the whole process.
public final class AppSettings {
  public static let shared = AppSettings()

  /// The language of every screen: en, de or fr.
  @UserDefault("language", default: "en") public var language: String
  /// The currency prices are shown in.
  @UserDefault("currency", default: "EUR") public var currency: String
  /// The number of places a search and a checkout assume.
  @UserDefault("places", default: 1) public var places: Int
  /// Serve the app from the mock data instead of the catalog (developers and demos).
  @UserDefault("useMocks", default: false) public var useMocks: Bool
  /// Whether tables are drawn with colours.
  @UserDefault("colours", default: false) public var colours: Bool
  /// The folder tickets, searches and favourites are kept in.
  @UserDefault("homeFolder", default: "") public var homeFolder: String

  private init() {}

  /// The home folder as a URL, created if needed: `homeFolder`, else ROAM_HOME, else ~/.roam.
  public var home: URL {
    let path =
      !homeFolder.isEmpty
      ? homeFolder
      : ProcessInfo.processInfo.environment["ROAM_HOME"]
        ?? (NSHomeDirectory() as NSString).appendingPathComponent(".roam")
    let url = URL(fileURLWithPath: path, isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The languages the app is translated into.
  public static let languages = ["en", "de", "fr"]
  /// The currencies prices can be shown in.
  public static let currencies = ["EUR", "USD", "GBP", "CHF"]
}
