import Foundation

/// The trips API played in memory, so the app runs without a network: it answers
/// `GET /trips?destination=…`, `GET /trips/<id>` and `POST /orders` from a fixed catalog.
public actor InMemoryTripsServer: HTTPTransport {
  private var trips: [TripDTO] = [
    TripDTO(
      tripId: "T-LIS-0612", destinationCode: "LIS", title: "Lisbon city break",
      departureDate: "2026-06-12", nights: 3, priceMinor: 42_000, currencyCode: "EUR",
      placesLeft: 5),
    TripDTO(
      tripId: "T-LIS-0704", destinationCode: "LIS", title: "Lisbon and Sintra",
      departureDate: "2026-07-04", nights: 5, priceMinor: 69_000, currencyCode: "EUR",
      placesLeft: 0),
    TripDTO(
      tripId: "T-OPO-0520", destinationCode: "OPO", title: "Porto and the Douro",
      departureDate: "2026-05-20", nights: 4, priceMinor: 51_050, currencyCode: "EUR",
      placesLeft: 8),
    TripDTO(
      tripId: "T-EDI-0815", destinationCode: "EDI", title: "Edinburgh in festival time",
      departureDate: "2026-08-15", nights: 2, priceMinor: 38_900, currencyCode: "GBP",
      placesLeft: 2),
  ]
  private var nextOrderNumber = 1001

  public init() {}

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let components = URLComponents(string: request.url) else {
      return answer(400, ErrorDTO(error: "bad_url"))
    }
    let path = components.path.split(separator: "/").map(String.init)
    switch (request.method, path) {
    case ("GET", ["trips"]):
      let destination = components.queryItems?.first { $0.name == "destination" }?.value ?? ""
      return answer(200, trips.filter { $0.destinationCode == destination })
    case ("GET", let path) where path.count == 2 && path[0] == "trips":
      guard let trip = trips.first(where: { $0.tripId == path[1] }) else {
        return answer(404, ErrorDTO(error: "unknown_trip"))
      }
      return answer(200, trip)
    case ("POST", ["orders"]):
      return placeOrder(request.body ?? Data())
    default:
      return answer(404, ErrorDTO(error: "no_such_endpoint"))
    }
  }

  private struct OrderRequestBody: Decodable {
    var tripId: String
    var travellerName: String
    var places: Int
  }

  private func placeOrder(_ body: Data) -> HTTPResponse {
    guard let order = try? JSONDecoder.api.decode(OrderRequestBody.self, from: body),
      order.places > 0
    else { return answer(400, ErrorDTO(error: "bad_order")) }
    guard let index = trips.firstIndex(where: { $0.tripId == order.tripId }) else {
      return answer(404, ErrorDTO(error: "unknown_trip"))
    }
    let placesLeft = trips[index].placesLeft
    guard placesLeft > 0 else { return answer(409, ErrorDTO(error: "sold_out", placesLeft: 0)) }
    guard order.places <= placesLeft else {
      return answer(409, ErrorDTO(error: "not_enough_places", placesLeft: placesLeft))
    }
    trips[index].placesLeft -= order.places
    defer { nextOrderNumber += 1 }
    return answer(
      201,
      OrderDTO(
        orderId: "ORD-\(nextOrderNumber)", tripId: order.tripId,
        travellerName: order.travellerName, places: order.places,
        totalMinor: trips[index].priceMinor * order.places,
        currencyCode: trips[index].currencyCode))
  }

  private func answer(_ status: Int, _ body: some Encodable) -> HTTPResponse {
    HTTPResponse(status: status, body: (try? JSONEncoder.api.encode(body)) ?? Data())
  }
}
