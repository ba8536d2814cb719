import Foundation
import TrackKit

/// The trips API, spoken JSON to over a transport.
public final class APIClient: RoamAPI {
  public let transport: HTTPTransport

  /// A client over `transport`, or over the one the settings choose: the mock data when
  /// `useMocks` is on, the catalog on local files otherwise. Every new client starts the
  /// process's response cache afresh, so no answer of another client's is served.
  public init(transport: HTTPTransport? = nil) {
    if let transport {
      self.transport = transport
    } else if AppSettings.shared.useMocks {
      self.transport = MockTransport()
    } else {
      self.transport = LocalCatalogServer(home: AppSettings.shared.home)
    }
    ResponseCache.shared.reset(capacity: 32)
  }

  // MARK: - Sending

  func send(_ request: HTTPRequest) throws -> HTTPResponse {
    var request = request
    request.headers["Accept-Language"] = AppSettings.shared.language
    let cacheable = request.method == "GET" && !request.path.hasSuffix("/availability")
    if cacheable, let cached = ResponseCache.shared.answer(for: request.cacheKey) {
      return cached
    }
    let response = try transport.send(request)
    if cacheable, response.status == 200 {
      ResponseCache.shared.keep(response, for: request.cacheKey)
    }
    return response
  }

  func get<Value: Decodable>(_ path: String, query: [String: String] = [:]) throws -> Value {
    let response = try send(HTTPRequest(method: "GET", path: path, query: query))
    try check(response)
    return try JSONDecoder.api.decode(Value.self, from: response.body)
  }

  func post<Body: Encodable, Value: Decodable>(_ path: String, _ body: Body) throws -> Value {
    let response = try send(
      HTTPRequest(method: "POST", path: path, body: try JSONEncoder.api.encode(body)))
    try check(response)
    return try JSONDecoder.api.decode(Value.self, from: response.body)
  }

  /// Turns an answer that is not a success into the error it means.
  func check(_ response: HTTPResponse) throws {
    guard response.status >= 300 else { return }
    let problem = try? JSONDecoder.api.decode(ErrorDTO.self, from: response.body)
    TrackKit.shared.error("api", code: problem?.code ?? String(response.status))
    switch (response.status, problem?.code) {
    case (404, "no_such_trip"): throw RoamError.noSuchTrip(problem?.detail ?? "")
    case (409, "sold_out"): throw RoamError.soldOut(problem?.detail ?? "")
    case (409, "not_enough_places"):
      throw RoamError.notEnoughPlaces(left: Int(problem?.detail ?? "") ?? 0)
    case (402, _): throw RoamError.cardDeclined
    default: throw RoamError.server(status: response.status)
    }
  }

  // MARK: - RoamAPI

  public func searchTrips(destination: String, places: Int) throws -> [Trip] {
    let found: [TripDTO] = try get(
      "/trips", query: ["destination": destination, "places": String(places)])
    return found.map(\.trip)
  }

  public func trip(id: String) throws -> Trip {
    let found: TripDTO = try get("/trips/\(id)")
    return found.trip
  }

  public func destinations() throws -> [Destination] {
    try get("/destinations")
  }

  public func reviews(tripID: String) throws -> [Review] {
    let found: [ReviewDTO] = try get("/trips/\(tripID)/reviews")
    return found.map { Review(author: $0.author, stars: $0.stars, text: $0.text) }
  }

  public func availability(tripID: String) throws -> Int {
    let found: [String: Int] = try get("/trips/\(tripID)/availability")
    return found["places_left"] ?? 0
  }

  public func holdPlaces(tripID: String, places: Int) throws -> String {
    let hold: HoldDTO = try post("/holds", ["trip_id": tripID, "places": String(places)])
    return hold.holdId
  }

  public func releaseHold(_ holdID: String) throws {
    try check(try send(HTTPRequest(method: "DELETE", path: "/holds/\(holdID)")))
  }

  public func placeOrder(holdID: String, traveller: String) throws -> Order {
    let order: OrderDTO = try post("/orders", ["hold_id": holdID, "traveller": traveller])
    return order.order
  }

  public func pay(orderID: String, card: PaymentCard) throws -> PaymentReceipt {
    let receipt: ReceiptDTO = try post("/orders/\(orderID)/payment", ["card": card.digits])
    // An order's identifier is ORD-<trip>-<number>.
    ResponseCache.shared.forget(tripID: String(orderID.dropFirst(4).dropLast(4)))
    return PaymentReceipt(
      orderID: receipt.orderId,
      amount: Money(minorUnits: receipt.amountMinorUnits, currency: receipt.currency),
      cardEnding: receipt.cardEnding)
  }

  public func refund(ticketID: String, tripID: String, places: Int) throws {
    let response = try send(
      HTTPRequest(
        method: "POST", path: "/refunds",
        body: try JSONEncoder.api.encode([
          "ticket_id": ticketID, "trip_id": tripID, "places": String(places),
        ])))
    try check(response)
    ResponseCache.shared.forget(tripID: tripID)
  }

  public func exchangeRates() throws -> [String: Double] {
    try get("/rates")
  }
}
