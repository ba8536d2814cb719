import BookingInterface
import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import PaymentInterface
import PaymentInterfaceTestSupport
import SharedKernel
import Testing

@testable import CheckoutFeature

@Suite("Checkout feature")
@MainActor
struct CheckoutFeatureTests {
  static let trip = Trip.fixture(title: "Old Town Walks", places: 3)
  static let soldOut = Trip.fixture("LIS-002", title: "Sold Out", places: 0)

  let gateway: InMemoryPaymentGateway
  let ledger = InMemoryOrderLedger()
  let reservations = InMemoryPlaceReservations(capacity: [Self.trip.id: 3, Self.soldOut.id: 0])

  init() {
    gateway = InMemoryPaymentGateway()
  }

  var key: OrderID { OrderID.fixture("order-1") }

  func request(
    _ trip: TripID = Self.trip.id, places: Int = 2, key: String = "order-1",
    card number: String = "4242424242424242", name: String = "Ada Lovelace"
  ) throws -> CheckoutRequest {
    CheckoutRequest(
      tripID: trip, places: places, traveller: try Traveller(name: name),
      card: try PaymentCard(
        number: number, expiryMonth: 12, expiryYear: 2099, holderName: "Ada"),
      orderID: try #require(OrderID(key)))
  }

  /// The commands a command line such as `voyage` gives the feature.
  static let commands = CheckoutCommands(
    finishCancelling: "voyage cancel", listUnfinishedOrders: "voyage orders",
    orderKeyOption: "--idempotency-key")

  func feature(
    _ gateway: InMemoryPaymentGateway? = nil, commands: CheckoutCommands = Self.commands,
    outputs: @escaping (CheckoutOutput) -> Void = { _ in }
  ) -> CheckoutFeature {
    CheckoutFeature(
      dependencies: CheckoutDependencies(
        trips: InMemoryTripRepository(trips: [Self.trip, Self.soldOut]),
        reservations: reservations,
        payments: gateway ?? self.gateway, ledger: ledger, commands: commands),
      output: outputs)
  }

  @Test func aPaidCheckoutHoldsChargesConfirmsAndTicketsRecordingEachStep() async throws {
    var outputs: [CheckoutOutput] = []
    let checkout = feature { outputs.append($0) }
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(
      outputs == [
        .orderRecorded(key, .drafted), .orderRecorded(key, .held), .orderRecorded(key, .charged),
        .orderRecorded(key, .ticketed),
        .ticketIssued(try #require(TicketID("TKT-1")), trip: Self.trip.id),
      ])
    #expect(await gateway.charges.count == 1)
    #expect(await reservations.status(of: key) == .confirmed)
    #expect(await reservations.taken(Self.trip.id) == 2)
    #expect(
      checkout.screen(theme: .plain) == """
        ok Ticket TKT-1
          Trip       LIS-001
          Traveller  Ada Lovelace
          Places     2
          Paid       EUR 900.00 with Visa **** 4242
          Order      order-1

        """)
  }

  @Test func aRetriedCheckoutOfACompletedOrderReturnsItsTicketWithoutHoldingOrCharging()
    async throws
  {
    let checkout = feature()
    await checkout.checkout(try request())
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 2)
  }

  @Test func aDeclinedCardReleasesTheHoldEndsTheOrderAndIssuesNoTicket() async throws {
    var outputs: [CheckoutOutput] = []
    let checkout = feature(InMemoryPaymentGateway(failure: .declined)) { outputs.append($0) }
    await checkout.checkout(try request())
    #expect(checkout.failure == .payment(.declined, order: key))
    #expect(outputs.last == .paymentDeclined(key))
    #expect(await ledger.issued.isEmpty)
    #expect(await reservations.status(of: key) == .released)
    #expect(await reservations.taken(Self.trip.id) == 0)
    #expect(await ledger.records[key]?.state == .released)
    let json = try #require(
      try JSONSerialization.jsonObject(with: checkout.json()) as? [String: Any])
    let error = try #require(json["error"] as? [String: Any])
    #expect(error["code"] as? String == "card_declined")
    #expect(error["order_id"] as? String == "order-1")
  }

  @Test func anOrderThatEndedCannotBeRetriedUnderItsKey() async throws {
    await feature(InMemoryPaymentGateway(failure: .declined)).checkout(try request())
    let retry = feature()
    await retry.checkout(try request())
    #expect(retry.failure == .orderEnded(key, .released))
    #expect(await gateway.charges.isEmpty)
  }

  @Test func aTripTheSupplierHasSoldOutIsRefusedAndNothingIsCharged() async throws {
    // The cached trip still shows places; the supplier's hold is the truth.
    let first = feature()
    await first.checkout(try request(places: 3, key: "first"))
    #expect(first.failure == nil)
    let checkout = feature()
    await checkout.checkout(try request(places: 1))
    #expect(checkout.failure == .rejected(.soldOut(Self.trip.id)))
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.records[key]?.state == .released)
  }

  @Test func aTripSoldOutInTheCatalogIsRefusedBeforeAnythingIsRecorded() async throws {
    let checkout = feature()
    await checkout.checkout(try request(Self.soldOut.id))
    #expect(checkout.failure == .rejected(.soldOut(Self.soldOut.id)))
    #expect(await gateway.charges.isEmpty)
    #expect(await ledger.records.isEmpty)
  }

  @Test func anUnknownTripIsNotFound() async throws {
    let checkout = feature()
    let id = try #require(TripID("NOP-001"))
    await checkout.checkout(try request(id))
    #expect(checkout.failure == .unknown(.trip(id)))
  }

  @Test func aHoldTheSupplierWillNotConfirmIsRefundedAndTheOrderEnds() async throws {
    await reservations.expireHolds()
    let checkout = feature()
    await checkout.checkout(try request())
    guard case .supplier(.refused, let order?) = checkout.failure else {
      Issue.record("expected the supplier's refusal, got \(String(describing: checkout.failure))")
      return
    }
    #expect(order == key)
    #expect(await gateway.charges.count == 1)
    #expect(await gateway.refunds.count == 1)
    #expect(await ledger.records[key]?.state == .refunded)
    #expect(await ledger.issued.isEmpty)
  }

  @Test func aRefundThatFailsIsToldAsTheRefundsFailureNeverAsARefusedPayment() async throws {
    await reservations.expireHolds()
    let refusal = PaymentError.refundRefused(reason: "the charge is disputed")
    await gateway.failRefunds(with: refusal)
    let checkout = feature()
    await checkout.checkout(try request())
    #expect(checkout.failure == .refund(refusal, order: key))
    #expect(checkout.failure?.code == "payment_failed")
    let screen = checkout.screen(theme: .plain)
    #expect(screen.contains("The refund failed: \(refusal)."))
    #expect(!screen.contains("Nothing was charged"))
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.records[key]?.state == .charged)
  }

  @Test func aReceiptThatDoesNotMatchTheOrderIsRefundedAndNeverBecomesATicket() async throws {
    let dollars = InMemoryPaymentGateway(chargesInDollars: true)
    let checkout = feature(dollars)
    await checkout.checkout(try request())
    #expect(checkout.failure == .rejected(.currencyMismatch(expected: .eur, received: .usd)))
    #expect(await ledger.issued.isEmpty)
    #expect(await dollars.refunds.count == 1)
    #expect(await ledger.records[key]?.state == .refunded)
  }

  @Test func aSilentProviderLeavesTheOutcomeUnknownAndTheSameRequestFinishesIt() async throws {
    await gateway.fallSilent(for: 1)
    let checkout = feature()
    await checkout.checkout(try request())
    #expect(
      checkout.failure
        == .payment(.outcomeUnknown(reason: "no answer within the deadline"), order: key))
    #expect(await reservations.status(of: key) == .held)
    #expect(await ledger.records[key]?.state == .held)
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
  }

  @Test func aSilentSupplierAtConfirmationLeavesTheOrderChargedAndResumable() async throws {
    let checkout = feature()
    // The ticket's write fails once (the order stays charged); then the supplier is silent.
    await ledger.failNextWrite(into: .ticketed)
    await checkout.checkout(try request())
    #expect(
      checkout.failure == .ledger(.failed(.diskFull(path: "/fake/ledger.sqlite")), order: key))
    #expect(await ledger.records[key]?.state == .charged)
    await reservations.fallSilent(for: 1)
    await checkout.checkout(try request())
    #expect(
      checkout.failure == .supplier(.outcomeUnknown("no answer within the deadline"), order: key))
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 2)
  }

  /// A crash (or a full disk) right before each of the saga's writes: the same request, run
  /// again, finishes with one hold, one charge and one ticket.
  @Test(arguments: [OrderState.drafted, .held, .charged, .ticketed])
  func aCheckoutInterruptedBeforeAnyWriteIsFinishedByTheSameRequest(state: OrderState)
    async throws
  {
    await ledger.failNextWrite(into: state)
    let checkout = feature()
    await checkout.checkout(try request())
    #expect(checkout.failure != nil)
    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 2)
    #expect(await ledger.moves == [.drafted, .held, .charged, .ticketed])
  }

  /// The same checkout wired to a catalog in which the trip has no places left: what another
  /// process sees after this order took the last ones.
  func featureSeeingTheTripSoldOut() -> CheckoutFeature {
    let soldOut = Self.trip.with(places: 0)
    return CheckoutFeature(
      dependencies: CheckoutDependencies(
        trips: InMemoryTripRepository(trips: [soldOut, Self.soldOut]),
        reservations: reservations, payments: gateway, ledger: ledger),
      output: { _ in })
  }

  @Test func aRetriedCheckoutOfTheLastPlacesGivesTheSameTicketThoughTheTripIsNowSoldOut()
    async throws
  {
    let first = feature()
    await first.checkout(try request(places: 3))
    #expect(first.failure == nil)
    let retry = featureSeeingTheTripSoldOut()
    await retry.checkout(try request(places: 3))
    #expect(retry.failure == nil)
    #expect(retry.screen(theme: .plain) == first.screen(theme: .plain))
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
  }

  @Test(arguments: [OrderState.held, .charged, .ticketed])
  func aCheckoutStoppedOnTheLastPlacesIsFinishedThoughTheTripNowLooksSoldOut(
    stoppedBefore state: OrderState
  ) async throws {
    await ledger.failNextWrite(into: state)
    let first = feature()
    await first.checkout(try request(places: 3))
    #expect(first.failure != nil)
    let retry = featureSeeingTheTripSoldOut()
    await retry.checkout(try request(places: 3))
    #expect(retry.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 3)
  }

  @Test func aCrashAfterTheSupplierHeldTheLastPlacesIsFinishedByTheSameRequest() async throws {
    // The supplier holds the places under the order's key, but the crash came before the
    // ledger recorded the hold: the order is drafted and the trip shows no places.
    let order = try DraftOrder(
      id: key, trip: Self.trip, places: 3, traveller: Traveller(name: "Ada Lovelace"))
    _ = try await ledger.begin(order, card: try request(places: 3).card.masked)
    _ = try await reservations.hold(3, on: Self.trip.id, key: key)
    let retry = featureSeeingTheTripSoldOut()
    await retry.checkout(try request(places: 3))
    #expect(retry.failure == nil)
    #expect(await reservations.taken(Self.trip.id) == 3)
    #expect(await gateway.charges.count == 1)
  }

  @Test func aKeyReusedForASoldOutOrUnknownTripIsAReusedKeyNotARefusal() async throws {
    await feature().checkout(try request())
    for trip in [Self.soldOut.id, try #require(TripID("NON-999"))] {
      let reused = feature()
      await reused.checkout(try request(trip))
      #expect(reused.failure == .keyReused(key))
    }
  }

  @Test func aKeyReusedWithAnotherCardEndingInTheSameDigitsIsRefused() async throws {
    await feature().checkout(try request())
    let reused = feature()
    await reused.checkout(try request(card: "4111000000084242"))
    #expect(reused.failure == .keyReused(key))
    #expect(await gateway.charges.count == 1)
  }

  @Test func aWriteThatFailsAfterTheOrderWasRecordedKeepsTheKeyInTheError() async throws {
    await ledger.failNextWrite(into: .held)
    let checkout = feature()
    await checkout.checkout(try request())
    #expect(
      checkout.failure == .ledger(.failed(.diskFull(path: "/fake/ledger.sqlite")), order: key))
    let json = try #require(
      try JSONSerialization.jsonObject(with: checkout.json()) as? [String: Any])
    let error = try #require(json["error"] as? [String: Any])
    #expect(error["order_id"] as? String == "order-1")
    #expect(error["code"] as? String == "disk_full")
    let message = try #require(error["message"] as? String)
    #expect(!message.hasPrefix("The order could not be recorded"))
    #expect(message.contains("--idempotency-key order-1"))
  }

  @Test func aProviderThatCannotBeReachedSaysNothingWasChargedAndKeepsThePlacesForTheKey()
    async throws
  {
    let unreachable = InMemoryPaymentGateway(failure: .unavailable(reason: "connection refused"))
    let checkout = feature(unreachable)
    await checkout.checkout(try request())
    #expect(checkout.failure == .payment(.unavailable(reason: "connection refused"), order: key))
    #expect(await ledger.records[key]?.state == .held)
    #expect(checkout.screen(theme: .plain).contains("nothing was charged"))
    let finished = feature()
    await finished.checkout(try request())
    #expect(finished.failure == nil)
  }

  @Test func anOrderLeftHeldByAFailingProviderIsGivenUpAndItsKeyCanNeverBeCharged() async throws {
    await feature(InMemoryPaymentGateway(failure: .processingFailed(isRetryable: true)))
      .checkout(try request())
    #expect(await ledger.records[key]?.state == .held)
    let giveUp = feature()
    await giveUp.giveUp(key)
    #expect(giveUp.failure == nil)
    #expect(await ledger.records[key]?.state == .released)
    #expect(await reservations.taken(Self.trip.id) == 0)
    #expect(giveUp.screen(theme: .plain).contains("Order order-1 given up"))
    let retry = feature()
    await retry.checkout(try request())
    #expect(retry.failure == .orderEnded(key, .released))
    #expect(await gateway.charges.isEmpty)
    await #expect(throws: PaymentError.chargesClosed) {
      _ = try await gateway.charge(
        Money(minorUnits: 1, currency: .eur), to: try request().card, idempotencyKey: key)
    }
  }

  @Test func anOrderChargedJustBeforeACrashIsRefundedWhenGivenUp() async throws {
    // The charge was taken, but the crash came before the ledger recorded it.
    await ledger.failNextWrite(into: .charged)
    await feature().checkout(try request())
    #expect(await ledger.records[key]?.state == .held)
    #expect(await gateway.charges.count == 1)
    let giveUp = feature()
    await giveUp.giveUp(key)
    #expect(giveUp.failure == nil)
    #expect(await ledger.records[key]?.state == .refunded)
    #expect(await gateway.refunds.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 0)
  }

  @Test func aDraftedOrderGivenUpReleasesTheHoldTheLedgerNeverHeardOf() async throws {
    let order = try DraftOrder(
      id: key, trip: Self.trip, places: 2, traveller: Traveller(name: "Ada Lovelace"))
    _ = try await ledger.begin(order, card: try request().card.masked)
    _ = try await reservations.hold(2, on: Self.trip.id, key: key)
    let giveUp = feature()
    await giveUp.giveUp(key)
    #expect(giveUp.failure == nil)
    #expect(await reservations.taken(Self.trip.id) == 0)
    #expect(await ledger.records[key]?.state == .released)
  }

  @Test func aPaidOrderIsNotGivenUpButFinished() async throws {
    await ledger.failNextWrite(into: .ticketed)
    await feature().checkout(try request())
    let giveUp = feature()
    await giveUp.giveUp(key)
    #expect(giveUp.failure == .orderPaid(key))
    #expect(await gateway.refunds.isEmpty)
  }

  @Test func aKeyReusedForAnotherTravellerIsRefusedWithoutTheFirstTicket() async throws {
    await feature().checkout(try request())
    let checkout = feature()
    await checkout.checkout(try request(name: "Grace Hopper"))
    #expect(checkout.failure == .keyReused(key))
    let json = String(decoding: checkout.json(), as: UTF8.self)
    #expect(!json.contains("TKT-1") && json.contains("idempotency_key_reused"))
  }

  @Test func cancellingATicketRecordsEachStepReturnsThePlacesRefundsAndReportsIt() async throws {
    var outputs: [CheckoutOutput] = []
    let checkout = feature { outputs.append($0) }
    await checkout.checkout(try request())
    let ticket = try #require(TicketID("TKT-1"))
    outputs = []
    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    #expect(
      outputs == [
        .orderRecorded(key, .cancelling), .orderRecorded(key, .placesReturned),
        .orderRecorded(key, .cancelled), .ticketCancelled(ticket, trip: Self.trip.id),
      ])
    #expect(await ledger.moves.suffix(3) == [.cancelling, .placesReturned, .cancelled])
    #expect(await reservations.taken(Self.trip.id) == 0)
    #expect(await gateway.refunds.count == 1)
    #expect(await ledger.records[key]?.state == .cancelled)
    #expect(checkout.screen(theme: .plain).hasPrefix("ok Ticket TKT-1 cancelled"))
    // Cancelling again changes nothing and is not an error, and it says the ticket was
    // cancelled already instead of telling the cancellation again.
    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    #expect(await gateway.refunds.count == 1)
    #expect(checkout.screen(theme: .plain).hasPrefix("ok Ticket TKT-1 was already cancelled"))
  }

  /// A write that fails at each of the cancellation's steps (a full disk, or a crash right
  /// before it): the cancellation's intent comes before anything outside changes, the failure
  /// names the ticket and the command that finishes it, and that command does, returning the
  /// places and the money once.
  @Test(arguments: [OrderState.cancelling, .placesReturned, .cancelled])
  func aCancellationStoppedByAFailedWriteIsFinishedByTheSameCancel(state: OrderState)
    async throws
  {
    let checkout = feature()
    await checkout.checkout(try request())
    let ticket = try #require(TicketID("TKT-1"))
    await ledger.failNextWrite(into: state)
    await checkout.cancel(ticket)
    #expect(
      checkout.failure == .ledger(.failed(.diskFull(path: "/fake/ledger.sqlite")), order: key))
    // What had changed outside when the write failed: nothing before the intent was recorded.
    let placesBack = state != .cancelling
    #expect(await reservations.taken(Self.trip.id) == (placesBack ? 0 : 2))
    #expect(await gateway.refunds.count == (state == .cancelled ? 1 : 0))
    let message = checkout.screen(theme: .plain)
    #expect(message.contains("Ticket TKT-1"), "\(message)")
    #expect(message.contains("run 'voyage cancel TKT-1' again"), "\(message)")
    #expect(!message.contains("The order could not be recorded"), "\(message)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: checkout.json()) as? [String: Any])
    #expect((json["error"] as? [String: Any])?["order_id"] as? String == "order-1")

    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    #expect(await gateway.refunds.count == 1)
    #expect(await reservations.taken(Self.trip.id) == 0)
    #expect(await reservations.status(of: key) == .cancelled)
    #expect(await ledger.records[key]?.state == .cancelled)
    #expect(await ledger.moves.suffix(3) == [.cancelling, .placesReturned, .cancelled])
  }

  /// A write a lock held elsewhere kept out wrote nothing: the order stands where the ledger
  /// last recorded it, and the failure says so, with its own code and the command that
  /// finishes it; that command does, with one charge and one ticket.
  @Test(arguments: [OrderState.held, .charged, .ticketed])
  func aCheckoutWriteALockKeptOutLeavesTheOrderWhereItWasRecorded(state: OrderState)
    async throws
  {
    let locked = TicketingError.lockedElsewhere(reason: "another session held a lock")
    let before: OrderState = state == .held ? .drafted : state == .charged ? .held : .charged
    let checkout = feature()
    await ledger.failNextWrite(into: state, with: locked)
    await checkout.checkout(try request())
    #expect(checkout.failure == .ledger(.locked(locked, recorded: before), order: key))
    #expect(checkout.failure?.code == "ledger_locked")
    #expect(await ledger.records[key]?.state == before)
    let message = checkout.screen(theme: .plain)
    #expect(
      message.contains(
        "another session held a lock; nothing was written. Order order-1 is \(before.rawValue). Run the same command again with --idempotency-key order-1 to finish it"
      ), "\(message)")

    await checkout.checkout(try request())
    #expect(checkout.failure == nil)
    #expect(await gateway.charges.count == 1)
    #expect(await ledger.issued.count == 1)
  }

  /// The same in a cancellation: the ticket's order stands where it was recorded, and the
  /// message names the cancel that finishes it.
  @Test func aCancellationWriteALockKeptOutLeavesTheOrderWhereItWasRecorded() async throws {
    let locked = TicketingError.lockedElsewhere(reason: "another session held a lock")
    let checkout = feature()
    await checkout.checkout(try request())
    let ticket = try #require(TicketID("TKT-1"))
    await ledger.failNextWrite(into: .placesReturned, with: locked)
    await checkout.cancel(ticket)
    #expect(checkout.failure == .ledger(.locked(locked, recorded: .cancelling), order: key))
    let message = checkout.screen(theme: .plain)
    #expect(
      message.contains(
        "nothing was written. Order order-1 is cancelling. Run 'voyage cancel TKT-1' again"),
      "\(message)")
    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    #expect(await gateway.refunds.count == 1)
  }

  /// A program without the commands (an example) is never told to run them: a cancellation
  /// that stopped says what finishes it in the feature's own terms.
  @Test func aCancellationThatStoppedSuggestsNoCommandItWasNotGiven() async throws {
    let checkout = feature(commands: .none)
    await checkout.checkout(try request())
    let ticket = try #require(TicketID("TKT-1"))
    await ledger.failNextWrite(into: .placesReturned)
    await checkout.cancel(ticket)
    let saved = checkout.screen(theme: .plain)
    #expect(
      saved.contains(
        "Ticket TKT-1's cancellation is saved as far as it got: cancelling it again finishes it;"),
      "\(saved)")
    await reservations.fallSilent(for: 1)
    await checkout.cancel(ticket)
    let unknown = checkout.screen(theme: .plain)
    #expect(unknown.contains("Cancelling ticket TKT-1 again finishes it;"), "\(unknown)")
    await checkout.checkout(try request())
    let ended = checkout.screen(theme: .plain)
    #expect(
      ended.contains("Order order-1's ticket is being cancelled; use a new key."), "\(ended)")
    await ledger.failNextWrite(into: .held)
    let another = feature(commands: .none)
    await another.checkout(try request(key: "order-2"))
    let unrecorded = another.screen(theme: .plain)
    #expect(
      unrecorded.contains(
        "Order order-2 is saved: checking it out again with the same key finishes it;"),
      "\(unrecorded)")
    for screen in [saved, unknown, ended, unrecorded] {
      #expect(!screen.contains("voyage") && !screen.contains("--"), "\(screen)")
    }
  }

  /// A session of questions has no command to run again with a key: an order it leaves
  /// unfinished is finished from the list of unfinished orders, which names the command.
  @Test func anOrderLeftUnfinishedWithoutACommandToRepeatPointsToTheListOfOrders()
    async throws
  {
    let session = CheckoutCommands(
      finishCancelling: "voyage cancel", listUnfinishedOrders: "voyage orders")
    await ledger.failNextWrite(into: .held)
    let checkout = feature(commands: session)
    await checkout.checkout(try request())
    let screen = checkout.screen(theme: .plain)
    #expect(
      screen.contains(
        "Order order-1 is saved: 'voyage orders' shows the command that finishes it; it never holds or charges twice."
      ), "\(screen)")
    #expect(!screen.contains("--idempotency-key"), "\(screen)")
  }

  @Test func aSilentSupplierOrProviderDuringACancellationNamesTheTicketAndTheCancelFinishesIt()
    async throws
  {
    let checkout = feature()
    await checkout.checkout(try request())
    let ticket = try #require(TicketID("TKT-1"))
    await reservations.fallSilent(for: 1)
    await checkout.cancel(ticket)
    #expect(
      checkout.failure == .supplier(.outcomeUnknown("no answer within the deadline"), order: key))
    #expect(await ledger.records[key]?.state == .cancelling)
    #expect(checkout.screen(theme: .plain).contains("Run 'voyage cancel TKT-1' again"))
    await checkout.cancel(ticket)
    #expect(checkout.failure == nil)
    #expect(await gateway.refunds.count == 1)
  }

  @Test func aTicketBeingCancelledIsFinishedByGivingUpItsOrderTooAndItsCheckoutRefuses()
    async throws
  {
    let checkout = feature()
    await checkout.checkout(try request())
    await ledger.failNextWrite(into: .cancelled)
    await checkout.cancel(try #require(TicketID("TKT-1")))
    #expect(await ledger.records[key]?.state == .placesReturned)
    let retried = feature()
    await retried.checkout(try request())
    #expect(retried.failure == .orderEnded(key, .placesReturned))
    #expect(retried.screen(theme: .plain).contains("ticket is being cancelled"))
    #expect(await gateway.charges.count == 1)
    let giveUp = feature()
    await giveUp.giveUp(key)
    #expect(giveUp.failure == nil)
    #expect(giveUp.screen(theme: .plain).hasPrefix("ok Ticket TKT-1 cancelled"))
    #expect(await gateway.refunds.count == 1)
    #expect(await ledger.records[key]?.state == .cancelled)
  }

  @Test func cancellingAnUnknownTicketIsNotFound() async throws {
    let checkout = feature()
    let ticket = try #require(TicketID("TKT-404"))
    await checkout.cancel(ticket)
    #expect(checkout.failure == .unknown(.ticket(ticket)))
  }
}
