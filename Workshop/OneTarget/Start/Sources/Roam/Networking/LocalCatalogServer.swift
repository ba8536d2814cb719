import Foundation

/// The trips API played on local files: the catalog shipped in the app's resources, and the
/// places left on each trip in `places.json` in the home folder, so a booking in one run is
/// seen by the next. Holds and orders live as long as the process.
public final class LocalCatalogServer: HTTPTransport {
  private let home: URL
  private var trips: [TripDTO] = []
  private var holds: [String: HoldDTO] = [:]
  private var orders: [String: OrderDTO] = [:]
  private var nextNumber = 1

  public init(home: URL) {
    self.home = home
    if let url = Bundle.module.url(forResource: "catalog", withExtension: "json"),
      let data = try? Data(contentsOf: url),
      let catalog = try? JSONDecoder.api.decode([TripDTO].self, from: data)
    {
      trips = catalog
    }
    for (id, left) in loadPlaces() {
      if let index = trips.firstIndex(where: { $0.id == id }) { trips[index].placesLeft = left }
    }
  }

  // MARK: - Routing

  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    let parts = request.path.split(separator: "/").map(String.init)
    switch (request.method, parts.count, parts.first) {
    case ("GET", 1, "trips"): return search(request.query)
    case ("GET", 1, "destinations"): return destinations()
    case ("GET", 1, "rates"): return json(ExchangeRates.perEuro)
    case ("GET", 2, "trips"): return trip(parts[1])
    case ("GET", 3, "trips") where parts[2] == "reviews": return reviews(parts[1])
    case ("GET", 3, "trips") where parts[2] == "availability": return availability(parts[1])
    case ("POST", 1, "holds"): return hold(request.body)
    case ("DELETE", 2, "holds"): return release(parts[1])
    case ("POST", 1, "orders"): return order(request.body)
    case ("POST", 3, "orders") where parts[2] == "payment": return pay(parts[1], request.body)
    case ("POST", 1, "refunds"): return refund(request.body)
    default: return problem(404, "no_route", request.path)
    }
  }

  // MARK: - The catalog

  func search(_ query: [String: String]) -> HTTPResponse {
    let wanted = query["destination"] ?? ""
    let places = Int(query["places"] ?? "1") ?? 1
    let found = trips.filter { dto in
      let destination = Destination(code: dto.destinationCode, city: dto.city, country: dto.country)
      return destination.matches(wanted) && dto.placesLeft >= places
    }
    return json(found.sorted { ($0.startDate, $0.id) < ($1.startDate, $1.id) })
  }

  func destinations() -> HTTPResponse {
    var seen = Set<String>()
    var found: [Destination] = []
    for dto in trips where seen.insert(dto.destinationCode).inserted {
      found.append(Destination(code: dto.destinationCode, city: dto.city, country: dto.country))
    }
    return json(found.sorted { $0.city < $1.city })
  }

  func trip(_ id: String) -> HTTPResponse {
    guard let dto = trips.first(where: { $0.id == id }) else {
      return problem(404, "no_such_trip", id)
    }
    return json(dto)
  }

  func reviews(_ id: String) -> HTTPResponse {
    guard let dto = trips.first(where: { $0.id == id }) else {
      return problem(404, "no_such_trip", id)
    }
    return json(dto.reviews)
  }

  func availability(_ id: String) -> HTTPResponse {
    guard let dto = trips.first(where: { $0.id == id }) else {
      return problem(404, "no_such_trip", id)
    }
    return json(["places_left": dto.placesLeft - heldPlaces(on: id)])
  }

  // MARK: - Booking

  func hold(_ body: Data?) -> HTTPResponse {
    let fields = decodeFields(body)
    let id = fields["trip_id"] ?? ""
    let places = Int(fields["places"] ?? "") ?? 0
    guard let dto = trips.first(where: { $0.id == id }) else {
      return problem(404, "no_such_trip", id)
    }
    let left = dto.placesLeft - heldPlaces(on: id)
    guard left > 0 else { return problem(409, "sold_out", id) }
    guard places <= left else { return problem(409, "not_enough_places", String(left)) }
    let hold = HoldDTO(holdId: "HLD-\(id)-\(number())", tripId: id, places: places)
    holds[hold.holdId] = hold
    return json(hold, status: 201)
  }

  func release(_ id: String) -> HTTPResponse {
    holds[id] = nil
    return HTTPResponse(status: 204, body: Data())
  }

  func order(_ body: Data?) -> HTTPResponse {
    let fields = decodeFields(body)
    guard let hold = holds[fields["hold_id"] ?? ""],
      let dto = trips.first(where: { $0.id == hold.tripId })
    else { return problem(404, "no_such_hold", fields["hold_id"] ?? "") }
    let order = OrderDTO(
      id: "ORD-\(hold.tripId)-\(number())", tripId: hold.tripId,
      traveller: fields["traveller"] ?? "", places: hold.places,
      amountMinorUnits: dto.priceMinorUnits * hold.places, currency: dto.currency,
      status: "placed", holdId: hold.holdId)
    orders[order.id] = order
    return json(order, status: 201)
  }

  func pay(_ id: String, _ body: Data?) -> HTTPResponse {
    let card = decodeFields(body)["card"] ?? ""
    guard var order = orders[id], let hold = holds[order.holdId] else {
      return problem(404, "no_such_order", id)
    }
    // The test cards of the payment provider: this one is always declined.
    guard card != "4000000000000002" else { return problem(402, "card_declined", id) }
    order.status = "paid"
    orders[id] = order
    holds[order.holdId] = nil
    if let index = trips.firstIndex(where: { $0.id == hold.tripId }) {
      trips[index].placesLeft -= hold.places
      savePlaces()
    }
    return json(
      ReceiptDTO(
        orderId: id, amountMinorUnits: order.amountMinorUnits, currency: order.currency,
        cardEnding: String(card.suffix(4))))
  }

  func refund(_ body: Data?) -> HTTPResponse {
    let fields = decodeFields(body)
    let places = Int(fields["places"] ?? "") ?? 0
    guard let index = trips.firstIndex(where: { $0.id == fields["trip_id"] }) else {
      return problem(404, "no_such_trip", fields["trip_id"] ?? "")
    }
    trips[index].placesLeft += places
    savePlaces()
    return HTTPResponse(status: 204, body: Data())
  }

  // MARK: - Helpers

  func heldPlaces(on id: String) -> Int {
    holds.values.filter { $0.tripId == id }.reduce(0) { $0 + $1.places }
  }

  func number() -> String {
    defer { nextNumber += 1 }
    return String(format: "%03d", nextNumber)
  }

  func decodeFields(_ body: Data?) -> [String: String] {
    body.flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
  }

  func json<Value: Encodable>(_ value: Value, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, body: (try? JSONEncoder.api.encode(value)) ?? Data())
  }

  func problem(_ status: Int, _ code: String, _ detail: String) -> HTTPResponse {
    json(ErrorDTO(code: code, detail: detail), status: status)
  }

  var placesFile: URL { home.appendingPathComponent("places.json") }

  func loadPlaces() -> [String: Int] {
    guard let data = try? Data(contentsOf: placesFile) else { return [:] }
    return (try? JSONDecoder().decode([String: Int].self, from: data)) ?? [:]
  }

  func savePlaces() {
    let places = Dictionary(uniqueKeysWithValues: trips.map { ($0.id, $0.placesLeft) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    try? encoder.encode(places).write(to: placesFile)
  }
}
