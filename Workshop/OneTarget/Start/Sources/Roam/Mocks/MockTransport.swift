import Foundation

/// Answers every request from `MockData`, instantly: every hold succeeds, every card is
/// accepted. Switched on by `--mock`.
public final class MockTransport: HTTPTransport {
  public private(set) var requests: [HTTPRequest] = []

  public init() {}

  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    requests.append(request)
    let parts = request.path.split(separator: "/").map(String.init)
    let encoder = JSONEncoder.api
    switch (request.method, parts.first, parts.count) {
    case ("GET", "trips", 1):
      let wanted = request.query["destination"] ?? ""
      let found = MockData.trips.filter {
        Destination(code: $0.destinationCode, city: $0.city, country: $0.country).matches(wanted)
      }
      return HTTPResponse(status: 200, body: try encoder.encode(found))
    case ("GET", "trips", 2), ("GET", "trips", 3):
      guard let trip = MockData.trips.first(where: { $0.id == parts[1] }) else {
        return HTTPResponse(
          status: 404, body: try encoder.encode(ErrorDTO(code: "no_such_trip", detail: parts[1])))
      }
      if parts.count == 3 && parts[2] == "reviews" {
        return HTTPResponse(status: 200, body: try encoder.encode(trip.reviews))
      }
      if parts.count == 3 {
        return HTTPResponse(status: 200, body: try encoder.encode(["places_left": trip.placesLeft]))
      }
      return HTTPResponse(status: 200, body: try encoder.encode(trip))
    case ("GET", "destinations", _):
      let destinations = MockData.trips.map {
        Destination(code: $0.destinationCode, city: $0.city, country: $0.country)
      }
      return HTTPResponse(status: 200, body: try encoder.encode(destinations))
    case ("GET", "rates", _):
      return HTTPResponse(status: 200, body: try encoder.encode(ExchangeRates.perEuro))
    case ("POST", "holds", _):
      let fields = try JSONDecoder().decode([String: String].self, from: request.body ?? Data())
      let hold = HoldDTO(
        holdId: "HLD-MOCK", tripId: fields["trip_id"] ?? "",
        places: Int(fields["places"] ?? "") ?? 1)
      return HTTPResponse(status: 201, body: try encoder.encode(hold))
    case ("POST", "orders", 1):
      let fields = try JSONDecoder().decode([String: String].self, from: request.body ?? Data())
      let hold = HoldDTO(holdId: "HLD-MOCK", tripId: "MCK-001", places: 1)
      return HTTPResponse(
        status: 201,
        body: try encoder.encode(MockData.order(for: hold, traveller: fields["traveller"] ?? "")))
    case ("POST", "orders", 3):
      let receipt = ReceiptDTO(
        orderId: parts[1], amountMinorUnits: MockData.lisbon.priceMinorUnits, currency: "EUR",
        cardEnding: "4242")
      return HTTPResponse(status: 200, body: try encoder.encode(receipt))
    default:
      return HTTPResponse(status: 204, body: Data())
    }
  }
}
