import BookingInterface
import Foundation
import Networking
import SharedKernel

/// The supplier's trips over HTTP: builds the API's requests, decodes its JSON and maps its
/// failures to `TripError`. The transport decides whether a real server or the sandbox answers.
struct SupplierTripRepository: TripRepository {
  let client: RetryingHTTPClient

  func search(_ query: SearchQuery) async throws -> [TripSummary] {
    var items = [
      URLQueryItem(name: "destination", value: query.destination),
      URLQueryItem(name: "places", value: String(query.places)),
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
      try await client.decode(
        TripListDTO.self, from: TransportRequest(path: "/v1/trips", query: items))
    }
    return try list.trips.map { trip throws(TripError) in try trip.domainValue().summary }
  }

  func trip(id: TripID) async throws -> Trip {
    let trip = try await mapFailures(notFound: id) {
      try await client.decode(
        TripDTO.self, from: TransportRequest(path: "/v1/trips/\(id.rawValue)"))
    }
    return try trip.domainValue()
  }

  /// Runs `exchange`, turning transport and protocol failures into the interface's errors.
  /// Cancellation passes through unchanged.
  private func mapFailures<Body>(
    notFound id: TripID?, _ exchange: () async throws -> Body
  ) async throws -> Body {
    do {
      return try await exchange()
    } catch let error as HTTPError {
      switch (error, id) {
      case (.unacceptableStatus(404, _), let id?):
        throw TripError.notFound(id)
      case (.decodingFailed(let reason), _):
        throw TripError.invalidResponse(reason: reason)
      case (.unacceptableStatus(let status, let body), _):
        // The embedded sandbox answers a failure of its own file with 507 `storage_failed`:
        // that is local storage, not an outage, and its message names the file.
        let detail = (try? RetryingHTTPClient.decode(SupplierErrorDTO.self, from: body))?.error
        if status == 507 || detail?.code == "storage_failed" {
          throw TripError.storageFailed(
            reason: detail?.message ?? "the supplier's storage failed")
        }
        throw TripError.upstreamUnavailable(reason: error.description)
      case (.notSent, _), (.transportFailed, _), (.timedOut, _):
        throw TripError.upstreamUnavailable(reason: error.description)
      }
    }
  }
}
