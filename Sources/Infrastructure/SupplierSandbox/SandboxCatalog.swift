import Locking
import SharedKernel

/// The sandbox's trips: generated from a seed, so the same seed and first day give the same
/// catalog on every machine, byte for byte.
///
/// Each destination's trips come from their own generator (the seed mixed with the destination's
/// code), so they are generated on first use, one destination at a time: a search for "Lisbon"
/// or a lookup of `LIS-004` never pays for the other 48 destinations.
struct SandboxCatalog: Sendable {
  /// A trip and what search matches it by.
  struct Entry: Sendable {
    let trip: Trip
    /// Folded city, country and aliases: what a destination query is matched against.
    let searchTerms: [String]
    /// The price in euros, by fixed reference rates, for sorting and price limits across currencies.
    let referencePrice: Double

    /// The same entry with `places` left.
    func withPlacesLeft(_ places: Int) -> Entry {
      Entry(
        trip: trip.withPlacesLeft(places), searchTerms: searchTerms,
        referencePrice: referencePrice)
    }
  }

  private let seed: UInt64
  private let firstDay: CalendarDate
  private let tripsPerDestination: Int
  /// Every destination with its folded search terms, in catalog order.
  private let destinations: [(destination: SandboxDestination, searchTerms: [String])]
  private let generated = LockedValue<[String: [Entry]]>([:])

  init(seed: UInt64, firstDay: CalendarDate, tripsPerDestination: Int = 50) {
    self.seed = seed
    self.firstDay = firstDay
    self.tripsPerDestination = max(tripsPerDestination, 1)
    destinations = SandboxDestination.all.map { destination in
      (
        destination,
        [SearchQuery.normalize(destination.city), SearchQuery.normalize(destination.country)]
          + destination.aliases
      )
    }
  }

  /// Every trip, in catalog order.
  var entries: [Entry] {
    destinations.flatMap { entries(of: $0.destination, searchTerms: $0.searchTerms) }
  }

  /// The trips of the destinations `query` names by their city, country or an alias.
  func entries(matching query: SearchQuery) -> [Entry] {
    destinations.filter { query.names(aPlaceKnownAs: $0.searchTerms) }
      .flatMap { entries(of: $0.destination, searchTerms: $0.searchTerms) }
  }

  /// The trip with this identifier, if any: only its destination (the identifier's prefix) is read.
  func trip(id: TripID) -> Trip? {
    let code = id.rawValue.split(separator: "-").first.map(String.init) ?? ""
    guard let match = destinations.first(where: { $0.destination.code == code }) else { return nil }
    return entries(of: match.destination, searchTerms: match.searchTerms).first {
      $0.trip.id == id
    }?.trip
  }

  private func entries(of destination: SandboxDestination, searchTerms: [String]) -> [Entry] {
    if let cached = generated.withLock({ $0[destination.code] }) { return cached }
    var random = SplitMix64(seed: seed ^ Self.stableHash(destination.code))
    let entries = (1...tripsPerDestination).map { number in
      let trip = Self.makeTrip(
        number: number, destination: destination, firstDay: firstDay, random: &random)
      return Entry(
        trip: trip, searchTerms: searchTerms, referencePrice: Self.euros(trip.price))
    }
    generated.withLock { $0[destination.code] = entries }
    return entries
  }

  /// Converts an amount to euros with the sandbox's fixed reference rates.
  static func euros(_ money: Money) -> Double {
    let major = Double(money.minorUnits) / Double(money.currency.minorUnitsPerMajorUnit)
    return major * (eurosPerMajorUnit[money.currency.code] ?? 1)
  }

  /// Fixed reference rates: what one major unit of each currency is worth in euros.
  static let eurosPerMajorUnit: [String: Double] = [
    "EUR": 1, "USD": 0.92, "GBP": 1.17, "JPY": 0.0062, "BRL": 0.18, "TRY": 0.027, "PLN": 0.23,
    "CHF": 1.04, "AUD": 0.60, "KRW": 0.00068, "KWD": 3.0,
  ]

  private static let themes = [
    "Old Town Walks", "Food and Markets", "Museums and Galleries", "Coast and Islands",
    "Architecture Tour", "Nightlife and Music", "Family Escape", "Slow Weekend", "Hiking and Views",
    "Wellness Retreat", "Photography Week", "Festival Season",
  ]

  private static let details = [
    "Small groups, a local guide and time of your own every afternoon.",
    "Central hotel, breakfast included, and one guided day out of town.",
    "A relaxed pace with hand-picked restaurants and a private transfer.",
    "Early starts for the best light, and evenings free to explore.",
  ]

  private static func makeTrip(
    number: Int, destination: SandboxDestination, firstDay: CalendarDate,
    random: inout SplitMix64
  ) -> Trip {
    let startOffset = Int(random.next(upTo: 350)) + 3
    let nights = Int(random.next(upTo: 9)) + 2
    let start = firstDay.adding(days: startOffset)
    let percent = Int64(random.next(upTo: 121)) + 60
    let rating = Int(random.next(upTo: 21)) + 30
    let soldOut = random.next(upTo: 100) < 8
    let places = soldOut ? 0 : Int(random.next(upTo: 24)) + 1
    let theme = themes[Int(random.next(upTo: UInt64(themes.count)))]
    let detail = details[Int(random.next(upTo: UInt64(details.count)))]
    let price = roundedPrice(
      major: destination.typicalPrice * percent / 100, currency: destination.currency)
    let digits = String(number)
    let id =
      destination.code + "-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    // The code and number are ASCII letters, digits and a dash, so the identifier is valid.
    guard let tripID = TripID(id), let stars = Rating(tenths: rating) else {
      preconditionFailure("generated identifier '\(id)' or rating \(rating) is invalid")
    }
    return Trip(
      id: tripID, title: "\(theme) in \(destination.city)",
      destination: Destination(city: destination.city, country: destination.country),
      startDate: start, endDate: start.adding(days: nights), price: price, rating: stars,
      placesLeft: places, details: "\(nights) nights. \(detail)")
  }

  /// Rounds to what a price list shows: whole units, or thousands of yen and tens of thousands of won.
  private static func roundedPrice(major: Int64, currency: Currency) -> Money {
    var step: Int64 = 1
    while step * 1_000 <= major { step *= 10 }
    let rounded = max(step, (major / step) * step)
    return Money(minorUnits: rounded * currency.minorUnitsPerMajorUnit, currency: currency)
  }

  /// FNV-1a: a hash that, unlike `Hasher`, is the same in every process.
  private static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}

extension Trip {
  /// The same trip with `places` left (never fewer than zero): the catalog holds each
  /// trip's capacity, the inventory says how much of it is taken.
  func withPlacesLeft(_ places: Int) -> Trip {
    Trip(
      id: id, title: title, destination: destination, startDate: startDate, endDate: endDate,
      price: price, rating: rating, placesLeft: max(0, places), details: details)
  }
}

/// SplitMix64: a tiny generator whose sequence is fixed by its seed on every platform and
/// Swift version (the standard library's `random(in:using:)` does not promise that).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`, by multiply-shift (Lemire), without modulo bias worth noticing.
  mutating func next(upTo bound: UInt64) -> UInt64 {
    next().multipliedFullWidth(by: bound).high
  }
}
