public import Foundation
public import SharedKernel

/// Places at the travel supplier: a ticket is a promise that a place exists, so checkout holds
/// places before it charges, confirms the hold after, and gives places back when it cannot
/// finish. Every call is safe to repeat: a hold is keyed by the order, the others by the hold or
/// booking they name, so "run it again" is always the recovery.
public protocol PlaceReservations: Sendable {
  /// Holds `places` on `trip` for the order `key` until the returned hold expires; the same
  /// key asked again answers with the same hold.
  func hold(_ places: Int, on trip: TripID, key: OrderID) async throws(ReservationError)
    -> PlaceHold

  /// Turns a live hold into a booking and returns the supplier's reference for it; confirming
  /// an already confirmed hold returns the same reference.
  func confirm(_ hold: HoldID) async throws(ReservationError) -> SupplierReference

  /// Gives a hold's places back; releasing a released or expired hold is not an error.
  func release(_ hold: HoldID) async throws(ReservationError)

  /// Cancels a confirmed booking, so its places return; cancelling twice is not an error.
  func cancel(_ reference: SupplierReference) async throws(ReservationError)
}

/// Places held at the supplier for one order, until `expiresAt`.
public struct PlaceHold: Hashable, Sendable, Codable {
  /// The supplier's identifier for the hold.
  public let id: HoldID
  /// The trip the places are on.
  public let tripID: TripID
  /// How many places are held.
  public let places: Int
  /// When the supplier gives the places back if the hold is not confirmed.
  public let expiresAt: Date

  /// Describes a hold, as the supplier reported it.
  public init(id: HoldID, tripID: TripID, places: Int, expiresAt: Date) {
    self.id = id
    self.tripID = tripID
    self.places = places
    self.expiresAt = expiresAt
  }
}

/// Identifies places held at the supplier.
public typealias HoldID = Identifier<PlaceHold>

/// The supplier's reference for a confirmed booking: what a cancellation names.
public typealias SupplierReference = Identifier<SupplierBooking>

/// The subject of a ``SupplierReference``: a booking the supplier confirmed. It carries nothing;
/// Voyage knows such a booking only by its reference.
public enum SupplierBooking {}

/// Why the supplier would not hold, confirm, release or cancel places.
public enum ReservationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The trip has no places left.
  case soldOut(TripID)
  /// Fewer places are left than were asked for.
  case notEnoughPlaces(requested: Int, available: Int)
  /// No trip has this identifier.
  case tripNotFound(TripID)
  /// The hold expired (or was released) before it was confirmed; its places are gone.
  case holdExpired(HoldID)
  /// The supplier knows no such hold or booking.
  case unknownReservation(String)
  /// The order's key was already used for a hold on another trip or number of places.
  case keyReused(OrderID)
  /// The supplier could not be reached or failed before it did anything.
  case unavailable(reason: String)
  /// The request was sent but no answer came back: it may or may not have been carried out.
  /// Repeating it (it is keyed) finds out without doing it twice.
  case outcomeUnknown(reason: String)
  /// The supplier's own storage failed (for the embedded sandbox, a file in the Voyage home).
  case storageFailed(reason: String)
  /// The supplier answered with something this client cannot read.
  case invalidResponse(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .soldOut(let id): "trip \(id) is sold out"
    case .notEnoughPlaces(let requested, let available):
      "only \(available) place\(available == 1 ? " is" : "s are") left; \(requested) were requested"
    case .tripNotFound(let id): "no trip has the identifier \(id)"
    case .holdExpired(let id): "the supplier's hold \(id) expired before it was confirmed"
    case .unknownReservation(let id): "the supplier knows no reservation \(id)"
    case .keyReused(let key): "the key \(key) was already used to hold other places"
    case .unavailable(let reason): "the travel supplier is unavailable: \(reason)"
    case .outcomeUnknown(let reason): "the travel supplier did not answer (\(reason))"
    case .storageFailed(let reason): reason
    case .invalidResponse(let reason): "the travel supplier sent an invalid answer: \(reason)"
    }
  }
}
