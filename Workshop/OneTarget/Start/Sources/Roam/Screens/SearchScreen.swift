import Foundation
import TrackKit

/// The search screen: the results of a search as a table, the destinations when nothing was
/// found, the recent searches, and the way on to a trip's details and to checkout.
public final class SearchScreen: Screen {
  /// How the results are ordered.
  public enum Order: String, CaseIterable {
    case date, price, rating
  }

  public let name = "search"
  public let viewModel: SearchViewModel
  public var destination = ""
  public var places: Int?
  public var order = Order.date
  public var limit = 20
  public var maxPrice: Int?

  public init(viewModel: SearchViewModel) {
    self.viewModel = viewModel
  }

  /// A search screen with its own client of the API.
  public convenience init() {
    self.init(viewModel: SearchViewModel(api: APIClient()))
  }

  // MARK: - The search

  public func render() -> Int32 {
    viewModel.search(destination: destination, places: places)
    if let error = viewModel.error { return report(error) }
    let query = viewModel.query ?? SearchQuery(destination: destination, places: 1)
    let shown = ordered(filtered(viewModel.results))
    guard !shown.isEmpty else {
      renderNothingFound(query)
      return 0
    }
    renderHeader(query, count: shown.count)
    Console.current.line()
    Console.current.line(table(of: Array(shown.prefix(limit))).render())
    if shown.count > limit {
      Console.current.line(L10n.text("search.more", String(shown.count - limit)))
    }
    if let cheapest = viewModel.cheapest {
      Console.current.line()
      Console.current.line(L10n.text("search.cheapest", cheapest.id, cheapest.displayPrice))
    }
    Console.current.line()
    Console.current.line(L10n.text("search.hint"))
    return 0
  }

  func renderHeader(_ query: SearchQuery, count: Int) {
    let places =
      query.places == 1
      ? L10n.text("search.place") : L10n.text("search.places", String(query.places))
    Console.current.line(
      L10n.text("search.found", String(count), query.trimmedDestination, places))
  }

  func renderNothingFound(_ query: SearchQuery) {
    Console.current.line(
      L10n.text("search.none", query.trimmedDestination, String(query.places)))
    let suggestions = viewModel.suggestions
    if !suggestions.isEmpty {
      Console.current.line()
      Console.current.line(L10n.text("search.suggest"))
      for destination in suggestions.prefix(8) {
        Console.current.line("  \(destination.code)  \(destination.city), \(destination.country)")
      }
    }
    let recent = viewModel.recentSearches().filter {
      $0.trimmedDestination.folded != query.trimmedDestination.folded
    }
    if !recent.isEmpty {
      Console.current.line()
      Console.current.line(L10n.text("search.recent"))
      for search in recent {
        Console.current.line("  roam search \(quoted(search.trimmedDestination))")
      }
    }
  }

  /// The results table: one row per trip, sold-out trips marked, favourites with a heart.
  func table(of trips: [Trip]) -> TextTable {
    var table = TextTable(
      headers: [
        "#", L10n.text("column.trip"), L10n.text("column.title"), L10n.text("column.dates"),
        L10n.text("column.price"), L10n.text("column.rating"), L10n.text("column.places"),
      ],
      alignments: [.right, .left, .left, .left, .right, .left, .right])
    for (index, trip) in trips.enumerated() {
      let places = trip.isSoldOut ? L10n.text("search.soldOut") : String(trip.placesLeft)
      let title = (trip.isFavourite ? "♥ " : "") + trip.title.truncated(to: 40)
      table.add([
        String(index + 1), trip.id, title, trip.displayDates, trip.displayPrice,
        stars(trip.rating), places,
      ])
    }
    return table
  }

  func filtered(_ trips: [Trip]) -> [Trip] {
    guard let maxPrice else { return trips }
    let currency = AppSettings.shared.currency
    return trips.filter { $0.price.converted(to: currency).minorUnits <= maxPrice * 100 }
  }

  func ordered(_ trips: [Trip]) -> [Trip] {
    switch order {
    case .date: return trips
    case .price: return trips.sorted { ($0.price, $0.id) < ($1.price, $1.id) }
    case .rating: return trips.sorted { ($1.rating, $0.id) < ($0.rating, $1.id) }
    }
  }

  func quoted(_ text: String) -> String {
    text.contains(" ") ? "\"\(text)\"" : text
  }

  // MARK: - On to a trip

  /// Shows one trip: the screen builds the detail screen and its view model itself, with a
  /// client of its own.
  public func showTrip(_ id: String) -> Int32 {
    TrackKit.shared.track("trip_opened", properties: ["from": name, "trip": id])
    let detail = TripDetailScreen(viewModel: TripDetailViewModel(api: APIClient()))
    detail.tripID = id
    return detail.show()
  }

  /// Marks or unmarks a trip as a favourite, then shows it.
  public func toggleFavourite(_ id: String) -> Int32 {
    let viewModel = TripDetailViewModel(api: viewModel.api)
    viewModel.load(tripID: id)
    if let error = viewModel.error { return report(error) }
    viewModel.toggleFavourite()
    if let error = viewModel.error { return report(error) }
    let key = viewModel.trip?.isFavourite == true ? "favourite.added" : "favourite.removed"
    Console.current.line(L10n.text(key, viewModel.trip?.id ?? id))
    return 0
  }

  /// Books places on a trip: through the trip's detail screen, which opens checkout.
  public func book(tripID: String, traveller: String, card: String, places: Int?) -> Int32 {
    TrackKit.shared.track("checkout_opened", properties: ["from": name, "trip": tripID])
    let detail = TripDetailScreen(viewModel: TripDetailViewModel(api: viewModel.api))
    detail.tripID = tripID
    return detail.openCheckout(traveller: traveller, card: card, places: places)
  }

  // MARK: - Favourites and recent searches

  /// The trips marked as favourites, each looked up in the catalog.
  public func renderFavourites() -> Int32 {
    TrackKit.shared.screen("favourites")
    let ids = (try? JSONFile<[String]>(HomeFolder.favourites).read()) ?? []
    guard !ids.isEmpty else {
      Console.current.line(L10n.text("favourite.none"))
      return 0
    }
    var trips: [Trip] = []
    for id in ids {
      do {
        var trip = try viewModel.api.trip(id: id)
        trip.isFavourite = true
        trips.append(trip)
      } catch let error as RoamError {
        return report(error)
      } catch {
        return report(.server(status: 0))
      }
    }
    Console.current.line(L10n.text("favourite.count", String(trips.count)))
    Console.current.line()
    Console.current.line(table(of: trips).render())
    return 0
  }

  /// The recent searches, newest first.
  public func renderRecentSearches() -> Int32 {
    TrackKit.shared.screen("recent_searches")
    let recent = viewModel.recentSearches()
    guard !recent.isEmpty else {
      Console.current.line(L10n.text("search.noRecent"))
      return 0
    }
    Console.current.line(L10n.text("search.recent"))
    for search in recent {
      let places =
        search.places == 1
        ? L10n.text("search.place") : L10n.text("search.places", String(search.places))
      Console.current.line("  \(search.trimmedDestination) (\(places))")
    }
    return 0
  }

  // MARK: - Comparing trips

  /// Two or more trips side by side: each row a fact, each column a trip. The screen loads each
  /// trip through a detail view model of its own, as the detail screen would.
  public func compare(_ ids: [String]) -> Int32 {
    TrackKit.shared.screen("compare")
    var trips: [(trip: Trip, stars: Double, places: Int)] = []
    for id in ids {
      let detail = TripDetailViewModel(api: viewModel.api)
      detail.load(tripID: id)
      if let error = detail.error { return report(error) }
      guard let trip = detail.trip else { return report(.noSuchTrip(id)) }
      trips.append((trip, detail.stars, detail.placesLeft))
    }
    guard trips.count >= 2 else { return report(.noSuchTrip(ids.first ?? "")) }
    var table = TextTable(
      headers: [""] + trips.map(\.trip.id),
      alignments: [.left] + trips.map { _ in .right })
    table.add([L10n.text("detail.destination")] + trips.map { $0.trip.destination.city })
    table.add([L10n.text("column.dates")] + trips.map { DateFormatting.day($0.trip.startDate) })
    table.add(
      [L10n.text("compare.length")]
        + trips.map { L10n.text("detail.nights", String($0.trip.nights)) })
    table.add([L10n.text("column.price")] + trips.map { $0.trip.displayPrice })
    table.add([L10n.text("compare.perNight")] + trips.map { perNight($0.trip) })
    table.add([L10n.text("column.rating")] + trips.map { stars($0.stars) })
    table.add(
      [L10n.text("column.places")]
        + trips.map { $0.places > 0 ? String($0.places) : L10n.text("search.soldOut") })
    Console.current.line(L10n.text("compare.title", String(trips.count)))
    Console.current.line()
    Console.current.line(table.render())
    if let best = trips.filter({ $0.places > 0 }).min(by: {
      perNightUnits($0.trip) < perNightUnits($1.trip)
    }) {
      Console.current.line()
      Console.current.line(L10n.text("compare.best", best.trip.id, perNight(best.trip)))
    }
    return 0
  }

  /// The price of one night for one place, in the user's currency.
  func perNightUnits(_ trip: Trip) -> Int {
    let price = trip.price.converted(to: AppSettings.shared.currency)
    return price.minorUnits / max(1, trip.nights)
  }

  func perNight(_ trip: Trip) -> String {
    MoneyFormatting.string(
      Money(minorUnits: perNightUnits(trip), currency: AppSettings.shared.currency))
  }

  // MARK: - The results by month

  /// The results of the search grouped by the month they start in, each month with its
  /// cheapest trip and a bar for how many trips start then.
  public func renderByMonth() -> Int32 {
    viewModel.search(destination: destination, places: places)
    if let error = viewModel.error { return report(error) }
    let query = viewModel.query ?? SearchQuery(destination: destination, places: 1)
    let trips = filtered(viewModel.results)
    guard !trips.isEmpty else {
      renderNothingFound(query)
      return 0
    }
    TrackKit.shared.screen("search_by_month")
    renderHeader(query, count: trips.count)
    Console.current.line()
    let months = Dictionary(grouping: trips) { String(DateFormatting.day($0.startDate).prefix(7)) }
    let widest = months.values.map(\.count).max() ?? 1
    var table = TextTable(
      headers: [
        L10n.text("month.month"), L10n.text("month.trips"), "", L10n.text("month.cheapest"),
      ],
      alignments: [.left, .right, .left, .right])
    for month in months.keys.sorted() {
      let group = months[month] ?? []
      let bar = String(repeating: "█", count: max(1, group.count * 10 / widest))
      let cheapest = group.min { $0.price < $1.price }
      table.add([
        month, String(group.count), bar,
        cheapest.map { "\($0.id)  \($0.displayPrice)" } ?? "",
      ])
    }
    Console.current.line(table.render())
    return 0
  }

  // MARK: - Prices at a glance

  /// The results' prices as a strip of bands, cheapest first: how much a trip to this
  /// destination costs, before anyone opens one.
  public func renderPriceBands() -> Int32 {
    viewModel.search(destination: destination, places: places)
    if let error = viewModel.error { return report(error) }
    let currency = AppSettings.shared.currency
    let prices = filtered(viewModel.results).map { $0.price.converted(to: currency).minorUnits }
    guard let low = prices.min(), let high = prices.max() else {
      renderNothingFound(viewModel.query ?? SearchQuery(destination: destination, places: 1))
      return 0
    }
    TrackKit.shared.screen("price_bands")
    let bands = 4
    let width = max(1, (high - low + bands) / bands)
    Console.current.line(L10n.text("bands.title", destination, currency))
    Console.current.line()
    for band in 0..<bands {
      let from = low + band * width
      let to = band == bands - 1 ? high : from + width - 1
      let count = prices.filter { $0 >= from && $0 <= to }.count
      let label =
        MoneyFormatting.string(Money(minorUnits: from, currency: currency)) + " – "
        + MoneyFormatting.string(Money(minorUnits: to, currency: currency))
      Console.current.line(
        "  \(label.padding(toLength: 30, withPad: " ", startingAt: 0))  \(String(repeating: "■", count: count)) \(count)"
      )
    }
    return 0
  }
}
