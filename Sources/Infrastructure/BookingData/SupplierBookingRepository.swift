import BookingInterface
import Foundation
import Networking
import SharedKernel

/// The supplier's trips over HTTP: builds the API's requests, decodes its JSON and maps its
/// failures to `BookingError`. The transport decides whether a real server or the sandbox answers.
struct SupplierBookingRepository: BookingRepository {
  let client: HTTPClient

  func search(_ query: SearchQuery) async throws -> [BookingSummary] {
    var items = [
      URLQueryItem(name: "destination", value: query.destination),
      URLQueryItem(name: "guests", value: String(query.guests)),
      URLQueryItem(name: "sort", value: query.sort.rawValue),
      URLQueryItem(name: "limit", value: String(query.limit)),
    ]
    if let from = query.from { items.append(URLQueryItem(name: "from", value: from.description)) }
    if let to = query.to { items.append(URLQueryItem(name: "to", value: to.description)) }
    if let price = query.maximumPrice {
      items.append(URLQueryItem(name: "max_price", value: String(price.minorUnits)))
      items.append(URLQueryItem(name: "currency", value: price.currency.code))
    }
    let list = try await mapFailures(notFound: nil) {
      try await client.decode(TripListDTO.self, from: HTTPRequest(path: "/v1/trips", query: items))
    }
    return try list.trips.map { trip throws(BookingError) in try trip.booking().summary }
  }

  func booking(id: BookingID) async throws -> Booking {
    let trip = try await mapFailures(notFound: id) {
      try await client.decode(TripDTO.self, from: HTTPRequest(path: "/v1/trips/\(id.rawValue)"))
    }
    return try trip.booking()
  }

  /// Runs `exchange`, turning transport and protocol failures into the interface's errors.
  /// Cancellation passes through unchanged.
  private func mapFailures<Body>(
    notFound id: BookingID?, _ exchange: () async throws -> Body
  ) async throws -> Body {
    do {
      return try await exchange()
    } catch let error as HTTPError {
      switch (error, id) {
      case (.unacceptableStatus(404, _), let id?):
        throw BookingError.notFound(id)
      case (.decodingFailed(let reason), _):
        throw BookingError.invalidResponse(reason: reason)
      case (.unacceptableStatus(let status, let body), _):
        // The embedded sandbox answers a failure of its own file with 507 `storage_failed`:
        // that is local storage, not an outage, and its message names the file.
        let detail = (try? HTTPClient.decode(SupplierErrorDTO.self, from: body))?.error
        if status == 507 || detail?.code == "storage_failed" {
          throw BookingError.storageFailed(
            reason: detail?.message ?? "the supplier's storage failed")
        }
        throw BookingError.upstreamUnavailable(reason: error.description)
      case (.notSent, _), (.transportFailed, _), (.timedOut, _):
        throw BookingError.upstreamUnavailable(reason: error.description)
      }
    }
  }
}
