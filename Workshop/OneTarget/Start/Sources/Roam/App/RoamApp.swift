import Foundation
import TrackKit

/// The `roam` command: reads the launch flags into the settings, starts analytics, and hands
/// each command to the screen that shows it.
public enum RoamApp {
  static let usage = """
    Usage: roam [--language en|de|fr] [--currency EUR|USD|GBP|CHF] [--home DIR] COMMAND
      search DESTINATION [--places N] [--sort date|price|rating] [--limit N] [--max-price N]
             [--by-month | --prices]
      show TRIP
      compare TRIP TRIP ...
      checkout TRIP --traveller NAME --card NUMBER [--places N]
      tickets
      cancel TICKET
      favourite TRIP
      favourites
      recent
      destinations
      settings [NAME=VALUE ...]
    """

  /// Runs the command in `arguments` (the program's name first) and returns its exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    var words = Array(arguments.dropFirst())
    do {
      try applyLaunchFlags(&words)
    } catch {
      return usageError("\(error)")
    }
    TrackKit.shared.configure(apiKey: "roam-demo-key", folder: AppSettings.shared.home)
    guard let command = words.first else { return usageError("no command") }
    let rest = Array(words.dropFirst())
    switch command {
    case "search": return search(rest)
    case "show": return single(rest) { SearchScreen().showTrip($0) }
    case "favourite": return single(rest) { SearchScreen().toggleFavourite($0) }
    case "compare":
      guard rest.count >= 2 else { return usageError("compare takes two trips or more") }
      return SearchScreen().compare(rest)
    case "favourites": return SearchScreen().renderFavourites()
    case "recent": return SearchScreen().renderRecentSearches()
    case "checkout": return checkout(rest)
    case "tickets": return TicketsScreen(viewModel: TicketsViewModel(api: APIClient())).show()
    case "cancel":
      return single(rest) {
        TicketsScreen(viewModel: TicketsViewModel(api: APIClient())).cancel($0)
      }
    case "destinations":
      return DestinationsScreen(viewModel: DestinationsViewModel(api: APIClient())).show()
    case "settings": return settings(rest)
    case "help", "--help", "-h":
      Console.current.line(usage)
      return 0
    default: return usageError("unknown command '\(command)'")
    }
  }

  /// Takes the flags that configure the whole run out of `words`, into the settings.
  static func applyLaunchFlags(_ words: inout [String]) throws {
    var kept: [String] = []
    var index = 0
    func value(_ flag: String) throws -> String {
      index += 1
      guard index < words.count else { throw LaunchError("\(flag) needs a value") }
      return words[index]
    }
    while index < words.count {
      let word = words[index]
      switch word {
      case "--language":
        let language = try value(word)
        guard AppSettings.languages.contains(language) else {
          throw LaunchError("--language takes \(AppSettings.languages.joined(separator: ", "))")
        }
        AppSettings.shared.language = language
      case "--currency":
        let currency = try value(word).uppercased()
        guard AppSettings.currencies.contains(currency) else {
          throw LaunchError("--currency takes \(AppSettings.currencies.joined(separator: ", "))")
        }
        AppSettings.shared.currency = currency
      case "--home": AppSettings.shared.homeFolder = try value(word)
      case "--mock": AppSettings.shared.useMocks = true
      default: kept.append(word)
      }
      index += 1
    }
    words = kept
  }

  static func search(_ words: [String]) -> Int32 {
    let screen = SearchScreen()
    var destination: [String] = []
    var view = "table"
    var index = 0
    while index < words.count {
      let word = words[index]
      let next = index + 1 < words.count ? words[index + 1] : nil
      switch word {
      case "--places":
        guard let next, let places = Int(next) else { return usageError("--places takes a number") }
        screen.places = places
        index += 1
      case "--sort":
        guard let next, let order = SearchScreen.Order(rawValue: next) else {
          return usageError("--sort takes date, price or rating")
        }
        screen.order = order
        index += 1
      case "--limit":
        guard let next, let limit = Int(next), limit > 0 else {
          return usageError("--limit takes a number above 0")
        }
        screen.limit = limit
        index += 1
      case "--max-price":
        guard let next, let price = Int(next), price > 0 else {
          return usageError("--max-price takes a whole amount above 0")
        }
        screen.maxPrice = price
        index += 1
      case "--by-month": view = "month"
      case "--prices": view = "prices"
      default:
        if word.hasPrefix("--") { return usageError("unknown option '\(word)'") }
        destination.append(word)
      }
      index += 1
    }
    guard !destination.isEmpty else { return usageError("search needs a destination") }
    screen.destination = destination.joined(separator: " ")
    switch view {
    case "month": return screen.renderByMonth()
    case "prices": return screen.renderPriceBands()
    default: return screen.show()
    }
  }

  static func checkout(_ words: [String]) -> Int32 {
    var trip: String?
    var traveller: String?
    var card: String?
    var places: Int?
    var index = 0
    while index < words.count {
      let word = words[index]
      let next = index + 1 < words.count ? words[index + 1] : nil
      switch word {
      case "--traveller": traveller = next
      case "--card": card = next
      case "--places":
        guard let next, let number = Int(next) else { return usageError("--places takes a number") }
        places = number
      default:
        if word.hasPrefix("--") { return usageError("unknown option '\(word)'") }
        guard trip == nil else { return usageError("checkout takes one trip") }
        trip = word
        index += 1
        continue
      }
      index += 2
    }
    guard let trip else { return usageError("checkout needs a trip") }
    guard let traveller, let card else {
      return usageError("checkout needs --traveller and --card")
    }
    return SearchScreen().book(tripID: trip, traveller: traveller, card: card, places: places)
  }

  static func settings(_ words: [String]) -> Int32 {
    let screen = SettingsScreen(viewModel: SettingsViewModel())
    for word in words {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return usageError("settings takes NAME=VALUE") }
      screen.changes.append((parts[0], parts[1]))
    }
    return screen.show()
  }

  static func single(_ words: [String], _ run: (String) -> Int32) -> Int32 {
    guard words.count == 1 else { return usageError("give one identifier") }
    return run(words[0])
  }

  static func usageError(_ message: String) -> Int32 {
    Console.current.error("roam: \(message)")
    Console.current.error(usage)
    return 64
  }
}

/// A launch flag the app cannot use.
struct LaunchError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
