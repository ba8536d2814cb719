import BookingInterface
import DesignSystem
import Foundation
import PaymentInterface
import SharedKernel
import Testing

@testable import CheckoutFeature

/// Hand-written in-memory doubles of the three interfaces checkout depends on.
actor FakeBookings: BookingRepository {
  let trips: [Booking]
  init(_ trips: [Booking]) { self.trips = trips }
  func search(_ query: SearchQuery) async throws -> [BookingSummary] { trips.map(\.summary) }
  func booking(id: BookingID) async throws -> Booking {
    guard let trip = trips.first(where: { $0.id == id }) else { throw BookingError.notFound(id) }
    return trip
  }
}

actor FakeGateway: PaymentGateway {
  var failure: PaymentError?
  /// Charges in another currency than asked, to prove `confirm(with:)` is on the path.
  var chargesInDollars = false
  private(set) var charges: [OrderID] = []

  init(failure: PaymentError? = nil, chargesInDollars: Bool = false) {
    self.failure = failure
    self.chargesInDollars = chargesInDollars
  }

  func charge(_ amount: Money, to card: PaymentCard, idempotencyKey: OrderID)
    async throws(PaymentError)
    -> PaymentReceipt
  {
    if let failure { throw failure }
    charges.append(idempotencyKey)
    let charged = chargesInDollars ? Money(minorUnits: amount.minorUnits, currency: .usd) : amount
    return PaymentReceipt(
      chargeID: "ch_\(charges.count)", orderID: idempotencyKey, amount: charged,
      cardBrand: card.brand,
      cardLastFour: card.lastFour, chargedAt: Date(timeIntervalSince1970: 0))
  }
}

actor FakeLedger: OrderLedger {
  private(set) var begun: [OrderID] = []
  private(set) var issued: [OrderID: Ticket] = [:]

  func begin(_ order: DraftOrder) async throws(TicketingError) -> OrderProgress {
    begun.append(order.id)
    if let ticket = issued[order.id] { return .completed(ticket) }
    return begun.filter { $0 == order.id }.count > 1 ? .resumed : .started
  }

  func issueTicket(for order: PaidOrder) async throws(TicketingError) -> Ticket {
    if let ticket = issued[order.order.id] { return ticket }
    let ticket = Ticket(
      id: TicketID("TKT-\(issued.count + 1)") ?? { preconditionFailure("valid identifier") }(),
      for: order,
      issuedAt: Date(timeIntervalSince1970: 0))
    issued[order.order.id] = ticket
    return ticket
  }

  func tickets() async throws(TicketingError) -> [Ticket] { Array(issued.values) }
}

@Suite("Checkout feature")
@MainActor
struct CheckoutFeatureTests {
  static let trip = Booking(
    id: BookingID("LIS-001") ?? { preconditionFailure("valid identifier") }(),
    title: "Old Town Walks",
    destination: Destination(city: "Lisbon", country: "Portugal"),
    startDate: CalendarDate(daysSinceEpoch: 21_000), endDate: CalendarDate(daysSinceEpoch: 21_004),
    price: Money(minorUnits: 45_000, currency: .eur),
    rating: Rating(tenths: 46) ?? { preconditionFailure("rating") }(),
    seatsLeft: 3, details: "")
  static let soldOut = Booking(
    id: BookingID("LIS-002") ?? { preconditionFailure("valid identifier") }(), title: "Sold Out",
    destination: trip.destination, startDate: trip.startDate, endDate: trip.endDate,
    price: trip.price,
    rating: trip.rating, seatsLeft: 0, details: "")

  let gateway: FakeGateway
  let ledger = FakeLedger()

  init() {
    gateway = FakeGateway()
  }

  func request(_ trip: BookingID = Self.trip.id, guests: Int = 2, key: String = "order-1") throws
    -> CheckoutRequest
  {
    CheckoutRequest(
      bookingID: trip, guests: guests, traveller: try Traveller(name: "Ada Lovelace"),
      card: try PaymentCard(
        number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada"),
      orderID: try #require(OrderID(key)))
  }

  func feature(
    _ gateway: FakeGateway? = nil, outputs: @escaping (CheckoutOutput) -> Void = { _ in }
  ) -> CheckoutFeature {
    CheckoutFeature(
      dependencies: CheckoutDependencies(
        bookings: FakeBookings([Self.trip, Self.soldOut]), payments: gateway ?? self.gateway,
        ledger: ledger),
      output: outputs)
  }

  @Test func aPaidCheckoutEndsTicketedAndReportsTheTicketAndTrip() async throws {
    var outputs: [CheckoutOutput] = []
    let checkout = feature { outputs.append($0) }
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(outputs == [.ticketIssued(try #require(TicketID("TKT-1")), booking: Self.trip.id)])
    #expect(await gateway.charges.count == 1)
    #expect(
      checkout.screen(theme: .plain) == """
        ok Ticket TKT-1
          Trip       LIS-001
          Traveller  Ada Lovelace
          Places     2
          Paid       EUR 900.00 with Visa •••• 4242
          Order      order-1

        """)
  }

  @Test func aRetriedCheckoutOfACompletedOrderReturnsItsTicketWithoutCharging() async throws {
    let checkout = feature()
    await checkout.checkout(try request())
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
  }

  @Test func aDeclinedCardFailsReportsItAndIssuesNoTicket() async throws {
    var outputs: [CheckoutOutput] = []
    let checkout = feature(FakeGateway(failure: .declined)) { outputs.append($0) }
    await checkout.checkout(try request())
    #expect(checkout.failure == .payment(.declined))
    #expect(outputs == [.paymentDeclined(try #require(OrderID("order-1")))])
    #expect(await ledger.issued.isEmpty)
    let json = try #require(
      try JSONSerialization.jsonObject(with: checkout.json()) as? [String: Any])
    #expect((json["error"] as? [String: Any])?["code"] as? String == "card_declined")
  }

  @Test func aSoldOutTripIsRefusedBeforeAnythingIsRecordedOrCharged() async throws {
    let checkout = feature()
    await checkout.checkout(try request(Self.soldOut.id))
    #expect(checkout.failure == .rejected(.soldOut(Self.soldOut.id)))
    #expect(await gateway.charges.isEmpty)
    #expect(await ledger.begun.isEmpty)
  }

  @Test func anUnknownTripIsNotFound() async throws {
    let checkout = feature()
    let id = try #require(BookingID("NOP-001"))
    await checkout.checkout(try request(id))
    #expect(checkout.failure == .notFound(id))
  }

  @Test func aReceiptThatDoesNotMatchTheOrderNeverBecomesATicket() async throws {
    let checkout = feature(FakeGateway(chargesInDollars: true))
    await checkout.checkout(try request())
    #expect(checkout.failure == .rejected(.currencyMismatch(expected: .eur, received: .usd)))
    #expect(await ledger.issued.isEmpty)
  }
}
