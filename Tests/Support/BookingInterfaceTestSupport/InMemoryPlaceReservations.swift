public import BookingInterface
import Foundation
public import SharedKernel

/// The supplier's places: keyed holds against a capacity per trip; it can be told to let holds
/// expire before they are confirmed, or to fall silent for the next calls.
public actor InMemoryPlaceReservations: PlaceReservations {
  /// Where a hold stands.
  public enum Status: Equatable, Sendable { case held, confirmed, released, cancelled }
  /// Every hold by its order's key, with where it stands.
  public private(set) var holds: [OrderID: (hold: PlaceHold, status: Status)] = [:]
  /// Places each trip has in all.
  public var capacity: [TripID: Int]
  /// Whether holds expire before they are confirmed.
  public var holdsExpire = false
  /// How many next calls time out without an answer.
  public var silentCalls = 0

  /// A supplier with `capacity` places per trip and no holds.
  public init(capacity: [TripID: Int]) { self.capacity = capacity }

  /// Lets every hold expire before it is confirmed.
  public func expireHolds() { holdsExpire = true }
  /// Lets the next `calls` calls end as a timeout: the outcome a caller cannot know.
  public func fallSilent(for calls: Int) { silentCalls = calls }

  /// Places held or confirmed on `trip`.
  public func taken(_ trip: TripID) -> Int {
    holds.values.filter { $0.hold.tripID == trip && [.held, .confirmed].contains($0.status) }
      .reduce(0) { $0 + $1.hold.places }
  }

  /// Where the hold of the order with `key` stands.
  public func status(of key: OrderID) -> Status? { holds[key]?.status }

  private func silence() throws(ReservationError) {
    if silentCalls > 0 {
      silentCalls -= 1
      throw .outcomeUnknown(reason: "no answer within the deadline")
    }
  }

  /// Holds places once per key, refusing more than are left.
  public func hold(_ places: Int, on trip: TripID, key: OrderID)
    async throws(ReservationError)
    -> PlaceHold
  {
    try silence()
    if let existing = holds[key] { return existing.hold }
    let left = (capacity[trip] ?? 0) - taken(trip)
    guard left > 0 else { throw .soldOut(trip) }
    guard places <= left else { throw .notEnoughPlaces(requested: places, available: left) }
    let hold = PlaceHold(
      id: HoldID.fixture("HLD-\(key)"),
      tripID: trip, places: places, expiresAt: Date(timeIntervalSince1970: 600))
    holds[key] = (hold, .held)
    return hold
  }

  /// Turns a hold into a booking, unless it expired.
  public func confirm(_ hold: HoldID) async throws(ReservationError) -> SupplierReference {
    try silence()
    guard let (key, entry) = holds.first(where: { $0.value.hold.id == hold }) else {
      throw .unknownReservation(hold.rawValue)
    }
    let reference = SupplierReference.fixture("SBR-\(key)")
    switch entry.status {
    case .confirmed: return reference
    case .held where !holdsExpire:
      holds[key] = (entry.hold, .confirmed)
      return reference
    default:
      holds[key] = (entry.hold, .released)
      throw .holdExpired(hold)
    }
  }

  /// Gives a hold's places back; a confirmed hold stays.
  public func release(_ hold: HoldID) async throws(ReservationError) {
    try silence()
    guard let (key, entry) = holds.first(where: { $0.value.hold.id == hold }) else { return }
    if entry.status == .held { holds[key] = (entry.hold, .released) }
  }

  /// Cancels a confirmed booking, giving its places back.
  public func cancel(_ reference: SupplierReference) async throws(ReservationError) {
    try silence()
    guard let (key, entry) = holds.first(where: { "SBR-\($0.key)" == reference.rawValue }) else {
      throw .unknownReservation(reference.rawValue)
    }
    if entry.status == .confirmed { holds[key] = (entry.hold, .cancelled) }
  }
}
