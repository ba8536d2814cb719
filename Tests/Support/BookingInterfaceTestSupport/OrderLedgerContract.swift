public import BookingInterface
import Foundation
import SharedKernel
public import Testing

/// What every ``OrderLedger`` must do, written once and run against each implementation: the
/// in-memory double, SQLite's ledger and the server's. An implementation's suite runs every rule
/// as one argument of a parameterized test:
///
/// ```swift
/// @Test(arguments: OrderLedgerContract.allCases)
/// func keepsTheLedgerContract(_ rule: OrderLedgerContract) async throws {
///   let home = temporaryHome()
///   try await rule.check { try await SQLiteLedgerDataAssembly.ledger(home: home) }
/// }
/// ```
///
/// `check` is given a way to open the ledger, not a ledger: each call opens another instance
/// over the same storage, as another process would, so the concurrency rules race instances
/// whose only meeting point is the storage. A double with one store returns itself.
public enum OrderLedgerContract: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case writesExactlyTheMovesOfTheTransitionTable
  case bindsAKeyToItsFirstRequest
  case beginReportsHowFarTheOrderGot
  case issuesOneTicketPerOrder
  case listsUnfinishedOrdersOldestFirst
  case listsTicketsNewestFirstCancelledOnesIncluded
  case bindsAKeyRacedWithConflictingRequestsToOneOfThem
  case issuesOneTicketWhenInstancesRaceThroughOneCheckout
  case recordsOneOfTwoEndingsRacedFromCharged
  case showsEveryInstanceWhatAnotherWrote
  case keepsWhyTheLastAttemptStoppedUntilTheNextStep
  case recordsACancellationStepByStepAndItsTicketAsBeingCancelled
  case recordsOneCancellationWhenInstancesRaceThroughIt

  /// The rule, as a sentence, so the test list reads as the contract.
  public var testDescription: String {
    switch self {
    case .writesExactlyTheMovesOfTheTransitionTable:
      "writes exactly the moves of the transition table, and the database refuses the rest"
    case .bindsAKeyToItsFirstRequest:
      "binds a key to its first request: another trip, places, traveller or card is a conflict"
    case .beginReportsHowFarTheOrderGot:
      "begins an order once, then reports how far it got"
    case .issuesOneTicketPerOrder:
      "issues one ticket per order, however often it is asked"
    case .listsUnfinishedOrdersOldestFirst:
      "lists drafted, held and charged orders and unfinished cancellations, oldest first, and no other"
    case .listsTicketsNewestFirstCancelledOnesIncluded:
      "lists tickets newest first, cancelled ones included"
    case .bindsAKeyRacedWithConflictingRequestsToOneOfThem:
      "binds a key raced by conflicting requests to exactly one of them"
    case .issuesOneTicketWhenInstancesRaceThroughOneCheckout:
      "issues one ticket when instances race through one checkout"
    case .recordsOneOfTwoEndingsRacedFromCharged:
      "records exactly one of two endings raced from charged"
    case .showsEveryInstanceWhatAnotherWrote:
      "shows every instance what another one wrote"
    case .keepsWhyTheLastAttemptStoppedUntilTheNextStep:
      "keeps why the last attempt on an order stopped, until its next step"
    case .recordsACancellationStepByStepAndItsTicketAsBeingCancelled:
      "records a cancellation step by step, its ticket being cancelled until the last"
    case .recordsOneCancellationWhenInstancesRaceThroughIt:
      "records one cancellation when instances race through it"
    }
  }

  /// Checks this rule against the ledger that `open` opens, each call another instance over
  /// the same, initially empty, storage.
  public func check(opening open: @escaping @Sendable () async throws -> any OrderLedger)
    async throws
  {
    let fixture = OrderLedgerFixture()
    switch self {
    case .writesExactlyTheMovesOfTheTransitionTable:
      try await fixture.checkTransitionTable(on: open())
    case .bindsAKeyToItsFirstRequest: try await fixture.checkKeyBinding(on: open())
    case .beginReportsHowFarTheOrderGot: try await fixture.checkResumption(on: open())
    case .issuesOneTicketPerOrder: try await fixture.checkOneTicket(on: open())
    case .listsUnfinishedOrdersOldestFirst: try await fixture.checkUnfinishedOrders(on: open())
    case .listsTicketsNewestFirstCancelledOnesIncluded:
      try await fixture.checkTicketOrder(on: open())
    case .bindsAKeyRacedWithConflictingRequestsToOneOfThem:
      try await fixture.checkRacedConflictingBegins(opening: open)
    case .issuesOneTicketWhenInstancesRaceThroughOneCheckout:
      try await fixture.checkRacedCheckouts(opening: open)
    case .recordsOneOfTwoEndingsRacedFromCharged:
      try await fixture.checkRacedEndings(opening: open)
    case .showsEveryInstanceWhatAnotherWrote:
      try await fixture.checkInstancesShareStorage(opening: open)
    case .keepsWhyTheLastAttemptStoppedUntilTheNextStep:
      try await fixture.checkLastFailure(on: open())
    case .recordsACancellationStepByStepAndItsTicketAsBeingCancelled:
      try await fixture.checkCancellation(on: open())
    case .recordsOneCancellationWhenInstancesRaceThroughIt:
      try await fixture.checkRacedCancellations(opening: open)
    }
  }
}

/// The orders, cards and receipts the contract works with, and the saga's writes as
/// CheckoutFeature makes them.
private struct OrderLedgerFixture: Sendable {
  static let trip = Trip.fixture()
  static let card = MaskedCard(
    brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "a1b2c3")
  static let reference = SupplierReference.fixture("SBR-TEST")

  func order(
    _ key: String, places: Int = 2, traveller: String = "Ada Lovelace",
    trip: Trip = Self.trip
  ) throws -> DraftOrder {
    try DraftOrder(
      id: try #require(OrderID(key)), trip: trip, places: places,
      traveller: Traveller(name: traveller, email: "ada@example.com"))
  }

  func hold(for order: DraftOrder, _ name: String? = nil) -> PlaceHold {
    PlaceHold(
      id: HoldID.fixture(name ?? "HLD-\(order.id)"),
      tripID: order.tripID, places: order.places, expiresAt: Date() + 600)
  }

  /// What a payment provider would return for `order`; the charge identifier is the key's, as
  /// a provider's idempotent charge returns the same charge for the same key.
  func receipt(for order: DraftOrder) -> PaymentReceipt {
    PaymentReceipt(
      chargeID: "ch_\(order.id)", orderID: order.id, amount: order.amount,
      cardBrand: Self.card.brand, cardLastFour: Self.card.lastFour, chargedAt: Date())
  }

  func paid(_ order: DraftOrder) throws -> PaidOrder {
    try order.confirm(with: receipt(for: order))
  }

  /// The ledger writes of one checkout, resumed from wherever the record stands.
  func checkout(_ order: DraftOrder, on ledger: any OrderLedger) async throws -> Ticket {
    var record = try await ledger.begin(order, card: Self.card)
    if record.state == .drafted {
      record = try await ledger.advance(order.id, by: .held(hold(for: order)))
    }
    if record.state == .held {
      record = try await ledger.advance(
        order.id, by: .charged(chargeID: receipt(for: order).chargeID))
    }
    return try await ledger.issueTicket(for: paid(order), reference: Self.reference)
  }

  /// Brings a fresh order with key `key` to `state` by the table's own roads.
  func order(in state: OrderState, _ key: String, on ledger: any OrderLedger) async throws
    -> DraftOrder
  {
    let order = try order(key)
    _ = try await ledger.begin(order, card: Self.card)
    // `nil` stands for issuing the ticket, which is not a step.
    let ticketed: [OrderStep?] = [
      .held(hold(for: order)), .charged(chargeID: receipt(for: order).chargeID), nil,
    ]
    let road: [OrderStep?] =
      switch state {
      case .drafted: []
      case .held: [.held(hold(for: order))]
      case .charged: [.held(hold(for: order)), .charged(chargeID: receipt(for: order).chargeID)]
      case .ticketed: ticketed
      case .released: [.released]
      case .refunded:
        [
          .held(hold(for: order)), .charged(chargeID: receipt(for: order).chargeID),
          .refunded(refundID: "re_1"),
        ]
      case .cancelling: ticketed + [.cancelling]
      case .placesReturned: ticketed + [.cancelling, .placesReturned]
      case .cancelled: ticketed + [.cancelling, .placesReturned, .cancelled(refundID: "re_2")]
      }
    for step in road {
      if let step {
        _ = try await ledger.advance(order.id, by: step)
      } else {
        _ = try await ledger.issueTicket(for: paid(order), reference: Self.reference)
      }
    }
    return order
  }

  // MARK: - Rules

  /// Every cell of the table: an order is brought to each state, then every step is tried on
  /// it. A move the table allows is written; any other is refused and changes nothing.
  func checkTransitionTable(on ledger: any OrderLedger) async throws {
    var number = 0
    for from in OrderState.allCases {
      for to in OrderState.allCases {
        number += 1
        let subject = try await order(in: from, "cell-\(number)", on: ledger)
        let before = try #require(try await ledger.record(of: subject.id))
        #expect(before.state == from)
        var written: Bool
        do {
          switch to {
          case .drafted: throw TicketingError.illegalTransition(subject.id, from: from, to: to)
          case .held:
            _ = try await ledger.advance(subject.id, by: .held(hold(for: subject, "HLD-other")))
          case .charged:
            _ = try await ledger.advance(subject.id, by: .charged(chargeID: "ch_other"))
          case .ticketed:
            _ = try await ledger.issueTicket(for: paid(subject), reference: Self.reference)
          case .released: _ = try await ledger.advance(subject.id, by: .released)
          case .refunded: _ = try await ledger.advance(subject.id, by: .refunded(refundID: "re_x"))
          case .cancelling: _ = try await ledger.advance(subject.id, by: .cancelling)
          case .placesReturned: _ = try await ledger.advance(subject.id, by: .placesReturned)
          case .cancelled:
            _ = try await ledger.advance(subject.id, by: .cancelled(refundID: "re_x"))
          }
          written = true
        } catch let error as TicketingError {
          #expect(
            error == .illegalTransition(subject.id, from: from, to: to), "\(from) → \(to)")
          written = false
        }
        let after = try #require(try await ledger.record(of: subject.id))
        let allowed = from.next.contains(to)
        // Repeating a step the order already made (a second process on the same key) answers
        // with the record as it is: the same ticket, the same release, a cancellation's step
        // that the order has made or gone past. It changes nothing.
        let repeated =
          (from == to && [.ticketed, .released].contains(to))
          || (to == .cancelling && [.cancelling, .placesReturned, .cancelled].contains(from))
          || (to == .placesReturned && [.placesReturned, .cancelled].contains(from))
        #expect(written == (allowed || repeated), "\(from) → \(to)")
        #expect(after.state == (allowed ? to : from), "\(from) → \(to)")
        if !allowed { #expect(after == before, "\(from) → \(to) changed the record") }
      }
    }
    let unknown = try #require(OrderID("no-such-order"))
    await #expect(throws: TicketingError.unknownOrder("no-such-order")) {
      try await ledger.advance(unknown, by: .released)
    }
  }

  func checkKeyBinding(on ledger: any OrderLedger) async throws {
    let first = try await ledger.begin(order("order-1"), card: Self.card)
    let otherTrip = Trip.fixture("LIS-002")
    let otherCard = MaskedCard(brand: "Visa", lastFour: "1881", expiryMonth: 12, expiryYear: 2099)
    // Another card ending in the same four digits, told apart by its fingerprint alone.
    let sameDigits = MaskedCard(
      brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "d4e5f6")
    let conflicts: [(String, DraftOrder, MaskedCard)] = [
      ("places", try order("order-1", places: 3), Self.card),
      ("traveller", try order("order-1", traveller: "Grace Hopper"), Self.card),
      ("trip", try order("order-1", trip: otherTrip), Self.card),
      ("card", try order("order-1"), otherCard),
      ("card with the same last four digits", try order("order-1"), sameDigits),
    ]
    for (changed, again, card) in conflicts {
      await #expect(throws: TicketingError.orderConflict(again.id), "another \(changed)") {
        try await ledger.begin(again, card: card)
      }
    }
    #expect(try await ledger.begin(order("order-1"), card: Self.card) == first)
    #expect(try await ledger.record(of: first.id) == first)
  }

  func checkResumption(on ledger: any OrderLedger) async throws {
    let order = try order("order-1")
    let drafted = try await ledger.begin(order, card: Self.card)
    #expect(drafted.state == .drafted && drafted.hold == nil && drafted.ticketID == nil)
    #expect(drafted.places == 2 && drafted.amount == Money(minorUnits: 90_000, currency: .eur))
    #expect(drafted.travellerName == "Ada Lovelace" && drafted.card == Self.card)
    _ = try await ledger.advance(order.id, by: .held(hold(for: order)))
    #expect(try await ledger.begin(order, card: Self.card).state == .held)
    let ticket = try await checkout(order, on: ledger)
    let record = try await ledger.begin(order, card: Self.card)
    #expect(record.state == .ticketed && record.ticketID == ticket.id)
    #expect(record.supplierReference == Self.reference && record.hold?.id == hold(for: order).id)
    #expect(record.chargeID == receipt(for: order).chargeID)
    #expect(try await ledger.record(of: ticket.id) == record)
    #expect(try await ledger.record(of: try #require(TicketID("TKT-NONE"))) == nil)
    #expect(try await ledger.record(of: try #require(OrderID("order-2"))) == nil)
  }

  func checkLastFailure(on ledger: any OrderLedger) async throws {
    let order = try order("order-1")
    let drafted = try await ledger.begin(order, card: Self.card)
    #expect(drafted.lastFailure == nil)
    try await ledger.noteFailure(order.id, "outcome_unknown")
    let noted = try #require(try await ledger.record(of: order.id))
    #expect(noted.lastFailure == "outcome_unknown")
    #expect(noted.state == .drafted && noted.updatedAt == drafted.updatedAt)
    #expect(try await ledger.unfinishedOrders().first?.lastFailure == "outcome_unknown")
    try await ledger.noteFailure(order.id, "disk_full")
    #expect(try await ledger.begin(order, card: Self.card).lastFailure == "disk_full")
    // The next step clears it, and so does the ticket.
    #expect(try await ledger.advance(order.id, by: .held(hold(for: order))).lastFailure == nil)
    try await ledger.noteFailure(order.id, "upstream_unavailable")
    _ = try await ledger.advance(order.id, by: .charged(chargeID: receipt(for: order).chargeID))
    try await ledger.noteFailure(order.id, "outcome_unknown")
    _ = try await ledger.issueTicket(for: paid(order), reference: Self.reference)
    #expect(try await ledger.record(of: order.id)?.lastFailure == nil)
    let unknown = try #require(OrderID("order-none"))
    await #expect(throws: TicketingError.unknownOrder("order-none")) {
      try await ledger.noteFailure(unknown, "outcome_unknown")
    }
  }

  func checkOneTicket(on ledger: any OrderLedger) async throws {
    let order = try await order(in: .charged, "order-1", on: ledger)
    let ticket = try await ledger.issueTicket(for: paid(order), reference: Self.reference)
    let again = try await ledger.issueTicket(
      for: paid(order), reference: try #require(SupplierReference("SBR-LATER")))
    #expect(again == ticket)
    #expect(try await ledger.tickets() == [ticket])
    #expect(ticket.orderID == order.id && ticket.tripID == order.tripID)
    #expect(ticket.amountPaid == Money(minorUnits: 90_000, currency: .eur))
    #expect(ticket.cardBrand == "Visa" && ticket.cardLastFour == "4242")
    #expect(ticket.travellerName == "Ada Lovelace" && ticket.places == 2)
    #expect(ticket.cancelledAt == nil)
  }

  func checkUnfinishedOrders(on ledger: any OrderLedger) async throws {
    // Keys in the reverse order of their creation, and the oldest moved last: the list follows
    // when each order began, not its key or its latest move.
    for (state, key) in [
      (OrderState.charged, "z-charged"), (.ticketed, "y-ticketed"), (.drafted, "x-drafted"),
      (.released, "w-released"), (.held, "v-held"), (.refunded, "u-refunded"),
      (.cancelled, "t-cancelled"), (.placesReturned, "s-places-returned"),
      (.cancelling, "r-cancelling"),
    ] {
      _ = try await order(in: state, key, on: ledger)
    }
    let moved = try order("x-drafted")
    _ = try await ledger.advance(moved.id, by: .held(hold(for: moved)))
    let unfinished = try await ledger.unfinishedOrders()
    #expect(
      unfinished.map(\.id.rawValue) == [
        "z-charged", "x-drafted", "v-held", "s-places-returned", "r-cancelling",
      ])
    #expect(unfinished.map(\.state) == [.charged, .held, .held, .placesReturned, .cancelling])
    #expect(unfinished.filter(\.state.isCancelling).allSatisfy { $0.ticketID != nil })
  }

  func checkTicketOrder(on ledger: any OrderLedger) async throws {
    var issued: [Ticket] = []
    for key in ["c-first", "b-second", "a-third"] {
      issued.append(try await checkout(order(key), on: ledger))
    }
    let second = try #require(OrderID("b-second"))
    for step in [OrderStep.cancelling, .placesReturned, .cancelled(refundID: "re_b")] {
      _ = try await ledger.advance(second, by: step)
    }
    #expect(try await ledger.record(of: second)?.state == .cancelled)
    let tickets = try await ledger.tickets()
    #expect(tickets.map(\.id) == issued.reversed().map(\.id))
    #expect(tickets.map { $0.cancelledAt != nil } == [false, true, false])
    #expect(tickets.map(\.status) == [.issued, .cancelled, .issued])
  }

  /// Each step of a cancellation is recorded by itself, the ticket being cancelled (listed with
  /// the unfinished orders, shown as such) from the first step until the last, which cancels it.
  func checkCancellation(on ledger: any OrderLedger) async throws {
    let order = try order("order-1")
    let ticket = try await checkout(order, on: ledger)
    #expect(ticket.status == .issued)
    for (step, state) in [
      (OrderStep.cancelling, OrderState.cancelling), (.placesReturned, .placesReturned),
    ] {
      let record = try await ledger.advance(order.id, by: step)
      #expect(record.state == state && record.refundID == nil && record.ticketID == ticket.id)
      #expect(try await ledger.record(of: ticket.id) == record)
      #expect(try await ledger.unfinishedOrders().map(\.id) == [order.id], "\(state)")
      let listed = try #require(try await ledger.tickets().first)
      #expect(listed.status == .cancelling && listed.cancelledAt == nil, "\(state)")
    }
    let cancelled = try await ledger.advance(order.id, by: .cancelled(refundID: "re_1"))
    #expect(cancelled.state == .cancelled && cancelled.refundID == "re_1")
    #expect(try await ledger.unfinishedOrders().isEmpty)
    let listed = try #require(try await ledger.tickets().first)
    #expect(listed.status == .cancelled && listed.cancelledAt != nil && listed.id == ticket.id)
    // A step repeated by a late process finds the cancellation further on and changes nothing.
    #expect(try await ledger.advance(order.id, by: .cancelling) == cancelled)
    #expect(try await ledger.advance(order.id, by: .placesReturned) == cancelled)
  }

  /// Instances race through one ticket's cancellation, each making every step: each is told
  /// the order's state as it finds it, none is refused, and the order ends cancelled once.
  func checkRacedCancellations(
    opening open: @escaping @Sendable () async throws -> any OrderLedger
  ) async throws {
    let order = try order("order-1")
    let ticket = try await checkout(order, on: open())
    let endings = try await withThrowingTaskGroup(of: OrderRecord.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let ledger = try await open()
          for step in [OrderStep.cancelling, .placesReturned] {
            _ = try await ledger.advance(order.id, by: step)
          }
          return try await ledger.advance(order.id, by: .cancelled(refundID: "re_1"))
        }
      }
      return try await group.reduce(into: [OrderRecord]()) { $0.append($1) }
    }
    #expect(endings.count == 8 && Set(endings.map(\.state)) == [.cancelled])
    let tickets = try await open().tickets()
    #expect(tickets.map(\.id) == [ticket.id] && tickets.map(\.status) == [.cancelled])
  }

  func checkRacedConflictingBegins(
    opening open: @escaping @Sendable () async throws -> any OrderLedger
  ) async throws {
    let outcomes = try await withThrowingTaskGroup(of: (Int, OrderRecord?).self) { group in
      for places in 1...8 {
        group.addTask {
          let ledger = try await open()
          do {
            return (places, try await ledger.begin(order("raced", places: places), card: Self.card))
          } catch TicketingError.orderConflict {
            return (places, nil)
          }
        }
      }
      return try await group.reduce(into: [(Int, OrderRecord?)]()) { $0.append($1) }
    }
    let bound = outcomes.filter { $0.1 != nil }
    #expect(bound.count == 1)
    let winner = try #require(bound.first)
    #expect(winner.1?.places == winner.0)
    let stored = try await open().record(of: try #require(OrderID("raced")))
    #expect(stored?.places == winner.0)
  }

  func checkRacedCheckouts(opening open: @escaping @Sendable () async throws -> any OrderLedger)
    async throws
  {
    let order = try order("order-1")
    let tickets = try await withThrowingTaskGroup(of: Ticket.self) { group in
      for _ in 0..<8 {
        group.addTask { try await checkout(order, on: open()) }
      }
      return try await group.reduce(into: [Ticket]()) { $0.append($1) }
    }
    #expect(Set(tickets.map(\.id)).count == 1)
    let ledger = try await open()
    #expect(try await ledger.tickets().map(\.id) == [tickets[0].id])
    #expect(try await ledger.record(of: order.id)?.state == .ticketed)
  }

  func checkRacedEndings(opening open: @escaping @Sendable () async throws -> any OrderLedger)
    async throws
  {
    let ledger = try await open()
    var endings: [OrderState: Int] = [:]
    for round in 0..<8 {
      let order = try await order(in: .charged, "race-\(round)", on: ledger)
      let outcomes = try await withThrowingTaskGroup(of: OrderState?.self) { group in
        group.addTask {
          do {
            _ = try await open().issueTicket(for: paid(order), reference: Self.reference)
            return .ticketed
          } catch TicketingError.illegalTransition {
            return nil
          }
        }
        group.addTask {
          do {
            return try await open().advance(order.id, by: .refunded(refundID: "re_race")).state
          } catch TicketingError.illegalTransition {
            return nil
          }
        }
        return try await group.reduce(into: [OrderState]()) { states, state in
          if let state { states.append(state) }
        }
      }
      #expect(outcomes.count == 1, "round \(round): \(outcomes)")
      let final = try #require(try await ledger.record(of: order.id)?.state)
      #expect(outcomes == [final])
      endings[final, default: 0] += 1
    }
    #expect(endings.values.reduce(0, +) == 8)
  }

  func checkInstancesShareStorage(
    opening open: @escaping @Sendable () async throws -> any OrderLedger
  ) async throws {
    let ticket = try await checkout(order("order-1"), on: open())
    _ = try await open().begin(order("order-2"), card: Self.card)
    let other = try await open()
    #expect(try await other.tickets() == [ticket])
    #expect(try await other.unfinishedOrders().map(\.id.rawValue) == ["order-2"])
    #expect(try await other.record(of: ticket.id)?.ticketID == ticket.id)
  }
}
