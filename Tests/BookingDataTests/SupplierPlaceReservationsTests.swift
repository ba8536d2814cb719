import BookingData
import BookingInterface
import Foundation
import Networking
import SharedKernel
import SupplierSandbox
import TemporaryFolders
import Testing

/// Holding places through the supplier's HTTP API: each answer the sandbox can give maps to a
/// `ReservationError` the saga acts on, and a silent supplier is an unknown outcome.
@Suite("Place reservations against the sandbox")
struct SupplierPlaceReservationsTests {
  let sandbox = SupplierSandbox(firstDay: CalendarDate(daysSinceEpoch: 20_800))

  var reservations: any PlaceReservations {
    // A deadline that never ends a test: these tests are about holds and keys, not time.
    BookingDataAssembly.reservations(
      transport: sandbox.transport, deadline: .seconds(3_600),
      retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: .zero))
  }

  func trip(withAtLeast places: Int) throws -> Trip {
    try #require(sandbox.allTrips.first { $0.placesLeft >= places })
  }

  func key(_ text: String) throws -> OrderID { try #require(OrderID(text)) }

  @Test func holdConfirmAndCancelGiveABookingAndThenThePlacesBack() async throws {
    let trip = try trip(withAtLeast: 2)
    let hold = try await reservations.hold(2, on: trip.id, key: key("order-1"))
    #expect(hold.tripID == trip.id && hold.places == 2)
    #expect(try await sandbox.placesTaken()[trip.id.rawValue] == 2)
    let reference = try await reservations.confirm(hold.id)
    #expect(try await reservations.confirm(hold.id) == reference)
    try await reservations.cancel(reference)
    #expect(try await sandbox.placesTaken()[trip.id.rawValue] == nil)
  }

  @Test func aSoldOutTripAndTooManyPlacesAreTypedRefusals() async throws {
    let trip = try #require(sandbox.allTrips.first { (2...8).contains($0.placesLeft) })
    let tooMany = trip.placesLeft + 1
    await #expect(
      throws: ReservationError.notEnoughPlaces(requested: tooMany, available: trip.placesLeft)
    ) {
      _ = try await reservations.hold(tooMany, on: trip.id, key: key("too-many"))
    }
    _ = try await reservations.hold(trip.placesLeft, on: trip.id, key: key("all"))
    await #expect(throws: ReservationError.soldOut(trip.id)) {
      _ = try await reservations.hold(1, on: trip.id, key: key("late"))
    }
  }

  @Test func aReleasedHoldCannotBeConfirmed() async throws {
    let trip = try trip(withAtLeast: 1)
    let hold = try await reservations.hold(1, on: trip.id, key: key("order-1"))
    try await reservations.release(hold.id)
    try await reservations.release(hold.id)
    await #expect(throws: ReservationError.holdExpired(hold.id)) {
      _ = try await reservations.confirm(hold.id)
    }
  }

  @Test func aKeyReusedForOtherPlacesIsRefused() async throws {
    let trip = try trip(withAtLeast: 3)
    _ = try await reservations.hold(1, on: trip.id, key: key("order-1"))
    await #expect(throws: ReservationError.keyReused(try key("order-1"))) {
      _ = try await reservations.hold(2, on: trip.id, key: key("order-1"))
    }
  }

  @Test func aSupplierThatNeverAnswersLeavesTheOutcomeUnknownWithinTheDeadline() async throws {
    let silent = InProcessTransport { _ in
      try await Task.sleep(for: .seconds(3_600))
      return TransportResponse(status: 200)
    }
    let reservations = BookingDataAssembly.reservations(
      transport: silent, deadline: .milliseconds(200),
      retryPolicy: RetryPolicy(maximumAttempts: 3, initialBackoff: .zero))
    await #expect(throws: ReservationError.outcomeUnknown(reason: "no answer within the deadline"))
    {
      _ = try await reservations.hold(1, on: try #require(TripID("LIS-001")), key: key("k"))
    }
  }

  @Test func aBrokenInventoryIsAStorageFailureNotAnOutage() async throws {
    try await withTemporaryFolder("reservations") { home in
      try Data(repeating: 0x41, count: 4_096).write(
        to: home.appendingPathComponent(SupplierSandbox.fileName))
      let broken = SupplierSandbox(firstDay: CalendarDate(daysSinceEpoch: 20_800), home: home)
      // The outcome is the file's, whatever the machine's load: no deadline races the open.
      let reservations = BookingDataAssembly.reservations(
        transport: broken.transport, deadline: .seconds(3_600))
      await #expect {
        _ = try await reservations.hold(1, on: try #require(TripID("LIS-001")), key: key("k"))
      } throws: { error in
        guard case .storageFailed(let reason) = error as? ReservationError else { return false }
        return reason.contains("is not an SQLite database")
      }
    }
  }
}
