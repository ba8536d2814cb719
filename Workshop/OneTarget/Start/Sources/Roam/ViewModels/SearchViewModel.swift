import Foundation
import TrackKit

/// The search screen's state: what was asked, what was found, what went wrong.
public final class SearchViewModel {
  public let api: RoamAPI
  public private(set) var query: SearchQuery?
  public private(set) var results: [Trip] = []
  public private(set) var suggestions: [Destination] = []
  public private(set) var error: RoamError?

  public init(api: RoamAPI) {
    self.api = api
  }

  /// Searches trips to `destination` for the number of places the settings hold, remembers the
  /// search in the home folder, and marks the favourites among the results.
  public func search(destination: String, places: Int? = nil) {
    let query = SearchQuery(
      destination: destination, places: places ?? AppSettings.shared.places)
    self.query = query
    error = nil
    guard (1...9).contains(query.places) else {
      error = .invalidPlaces
      return
    }
    do {
      results = try api.searchTrips(
        destination: query.trimmedDestination, places: query.places)
      let favourites = Set(loadFavourites())
      for index in results.indices where favourites.contains(results[index].id) {
        results[index].isFavourite = true
      }
      suggestions = results.isEmpty ? try api.destinations() : []
      try remember(query)
      TrackKit.shared.track(
        "search",
        properties: ["destination": query.trimmedDestination, "results": String(results.count)])
    } catch let failure as RoamError {
      error = failure
    } catch {
      self.error = .server(status: 0)
    }
  }

  /// The searches made before, newest first, at most five.
  public func recentSearches() -> [SearchQuery] {
    let file = JSONFile<[SearchQuery]>(HomeFolder.recentSearches)
    return Array(((try? file.read()) ?? []).reversed().prefix(5))
  }

  /// Appends the search to the recent searches file, keeping the last twenty.
  func remember(_ query: SearchQuery) throws {
    let file = JSONFile<[SearchQuery]>(HomeFolder.recentSearches)
    var searches = try file.read() ?? []
    searches.removeAll { $0.trimmedDestination.folded == query.trimmedDestination.folded }
    searches.append(query)
    try file.write(Array(searches.suffix(20)))
  }

  func loadFavourites() -> [String] {
    (try? JSONFile<[String]>(HomeFolder.favourites).read()) ?? []
  }

  /// The cheapest of the results, for the summary line.
  public var cheapest: Trip? {
    results.filter { !$0.isSoldOut }.min { $0.price < $1.price }
  }
}
