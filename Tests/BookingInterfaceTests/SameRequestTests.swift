import BookingInterface
import BookingInterfaceTestSupport
import Foundation
import SharedKernel
import Testing

/// "The same request", written once for every ledger and for checkout: what binds a key to the
/// order first recorded under it.
@Suite("The same request")
struct SameRequestTests {
  static let card = MaskedCard(
    brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "a1b2c3")

  func order(places: Int = 2, traveller: String = "Ada", price: Int64 = 45_000) throws
    -> DraftOrder
  {
    try DraftOrder(
      id: try #require(OrderID("order-1")), trip: Trip.fixture(price: price), places: places,
      traveller: Traveller(name: traveller))
  }

  func recorded(_ order: DraftOrder, card: MaskedCard = card) -> OrderRecord {
    OrderRecord(
      id: order.id, tripID: order.tripID, places: order.places, amount: order.amount,
      travellerName: order.traveller.name, card: card, state: .drafted, hold: nil,
      chargeID: nil, supplierReference: nil, ticketID: nil, refundID: nil, updatedAt: Date())
  }

  @Test func theSameTripPlacesAmountTravellerAndCardAreTheSameRequest() throws {
    #expect(recorded(try order()).isSameRequest(as: try order(), card: Self.card))
  }

  @Test func anyOtherTripPlacesTravellerOrCardIsAnotherRequest() throws {
    let record = recorded(try order())
    let otherCard = MaskedCard(
      brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "d4e5f6")
    let otherTrip = try DraftOrder(
      id: record.id, trip: Trip.fixture("LIS-002"), places: 2, traveller: Traveller(name: "Ada"))
    #expect(!record.isSameRequest(as: otherTrip, card: Self.card))
    #expect(!record.isSameRequest(as: try order(places: 3), card: Self.card))
    #expect(!record.isSameRequest(as: try order(traveller: "Grace"), card: Self.card))
    #expect(!record.isSameRequest(as: try order(), card: otherCard))
  }

  /// A ledger compares the amount too; checkout asks before it prices the trip, so a price
  /// that moved since is for the ledger to refuse.
  @Test func anotherAmountIsAnotherRequestOnlyOnceTheTripIsPriced() throws {
    let record = recorded(try order())
    let repriced = try order(price: 50_000)
    #expect(!record.isSameRequest(as: repriced, card: Self.card))
    #expect(
      record.isSameRequest(
        tripID: repriced.tripID, places: repriced.places, travellerName: "Ada", card: Self.card))
  }

  @Test func anOrderRecordedBeforeFingerprintsIsBoundByBrandLastFourAndExpiry() throws {
    let withoutFingerprint = MaskedCard(
      brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099)
    let record = recorded(try order(), card: withoutFingerprint)
    #expect(record.isSameRequest(as: try order(), card: Self.card))
    let expiresEarlier = MaskedCard(
      brand: "Visa", lastFour: "4242", expiryMonth: 11, expiryYear: 2099, fingerprint: "a1b2c3")
    #expect(!record.isSameRequest(as: try order(), card: expiresEarlier))
  }
}
