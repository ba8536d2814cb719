import BookingInterface
import Foundation
import Networking
import SharedKernel

/// Holds, confirms, releases and cancels places through the supplier's HTTP API. A hold carries
/// the order's key as its `Idempotency-Key`; the other calls are PUT and DELETE on the hold or
/// booking they name, idempotent by definition: so the client may retry every one of them.
struct SupplierPlaceReservations: PlaceReservations {
  let client: RetryingHTTPClient

  private struct HoldRequest: Encodable {
    let tripId: String
    let places: Int
  }

  func hold(_ places: Int, on trip: TripID, key: OrderID) async throws(ReservationError)
    -> PlaceHold
  {
    let body: Data
    do {
      body = try RetryingHTTPClient.encode(HoldRequest(tripId: trip.rawValue, places: places))
    } catch {
      throw .invalidResponse(reason: "the hold request could not be encoded")
    }
    let request = TransportRequest(
      method: .post, path: "/v1/holds",
      headers: ["Idempotency-Key": key.rawValue, "Content-Type": "application/json"], body: body)
    let hold = try await exchange(request, about: trip.rawValue) { code, error in
      switch code {
      case "sold_out": .soldOut(trip)
      case "not_enough_places":
        .notEnoughPlaces(requested: places, available: error.placesLeft ?? 0)
      case "trip_not_found": .tripNotFound(trip)
      case "idempotency_key_reused": .keyReused(key)
      default: nil
      }
    }
    guard let id = HoldID(hold.id), hold.tripId == trip.rawValue, hold.places == places else {
      throw .invalidResponse(reason: "the hold does not match the request")
    }
    return PlaceHold(
      id: id, tripID: trip, places: places,
      expiresAt: Date(timeIntervalSince1970: hold.expiresAt))
  }

  func confirm(_ hold: HoldID) async throws(ReservationError) -> SupplierReference {
    let request = TransportRequest(method: .put, path: "/v1/holds/\(hold.rawValue)/confirmation")
    let confirmed = try await exchange(request, about: hold.rawValue) { code, _ in
      code == "hold_expired" || code == "hold_released" ? .holdExpired(hold) : nil
    }
    guard let reference = confirmed.reference.flatMap(SupplierReference.init) else {
      throw .invalidResponse(reason: "a confirmed hold without a booking reference")
    }
    return reference
  }

  func release(_ hold: HoldID) async throws(ReservationError) {
    _ = try await exchange(
      TransportRequest(method: .delete, path: "/v1/holds/\(hold.rawValue)"), about: hold.rawValue
    ) { _, _ in nil }
  }

  func cancel(_ reference: SupplierReference) async throws(ReservationError) {
    _ = try await exchange(
      TransportRequest(method: .delete, path: "/v1/bookings/\(reference.rawValue)"),
      about: reference.rawValue
    ) { _, _ in nil }
  }

  /// Sends `request` and decodes the hold it answers with. A refusal's error code goes through
  /// `refusal` first; what it does not recognise, and every transport failure, maps here.
  private func exchange(
    _ request: TransportRequest, about subject: String,
    refusal: (String, SupplierErrorDTO.Detail) -> ReservationError?
  ) async throws(ReservationError) -> HoldDTO {
    do {
      return try await client.decode(HoldDTO.self, from: request)
    } catch let error as HTTPError {
      switch error {
      case .unacceptableStatus(let status, let body):
        let detail = (try? RetryingHTTPClient.decode(SupplierErrorDTO.self, from: body))?.error
        if let detail, let known = refusal(detail.code, detail) { throw known }
        switch (status, detail?.code) {
        case (404, _): throw .unknownReservation(subject)
        case (507, _), (_, "storage_failed"):
          throw .storageFailed(reason: detail?.message ?? "the supplier's storage failed")
        default: throw .unavailable(reason: detail?.message ?? error.description)
        }
      case .timedOut: throw .outcomeUnknown(reason: "no answer within the deadline")
      case .notSent(let reason): throw .unavailable(reason: reason)
      // Every call here changes places; one that may have arrived has an unknown outcome.
      case .transportFailed(let reason):
        throw .outcomeUnknown(reason: "the connection broke before the answer: \(reason)")
      case .decodingFailed(let reason): throw .invalidResponse(reason: reason)
      }
    } catch is CancellationError {
      throw .outcomeUnknown(reason: "cancelled while waiting for the answer")
    } catch {
      throw .unavailable(reason: String(describing: error))
    }
  }
}
