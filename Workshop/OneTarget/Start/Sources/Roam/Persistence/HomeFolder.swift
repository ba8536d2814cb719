import Foundation

/// Where each kind of file lives in the home folder.
public enum HomeFolder {
  /// One file per ticket: `tickets/TKT-0001.json`.
  public static var tickets: URL {
    AppSettings.shared.home.appendingPathComponent("tickets", isDirectory: true)
  }

  /// The searches made, newest last.
  public static var recentSearches: URL {
    AppSettings.shared.home.appendingPathComponent("recent-searches.json")
  }

  /// The trips marked as favourites.
  public static var favourites: URL {
    AppSettings.shared.home.appendingPathComponent("favourites.json")
  }

  /// The last ticket number given.
  public static var ticketCounter: URL {
    AppSettings.shared.home.appendingPathComponent("ticket-counter.json")
  }
}
