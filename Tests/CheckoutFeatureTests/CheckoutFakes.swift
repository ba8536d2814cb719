import BookingInterface
import Foundation
import PaymentInterface
import SharedKernel

/// Hand-written in-memory doubles of the interfaces checkout depends on. Each keeps what a
/// test needs to prove a saga path: what was held, charged, refunded and recorded.
actor FakeBookings: BookingRepository {
  let trips: [Booking]
  init(_ trips: [Booking]) { self.trips = trips }
  func search(_ query: SearchQuery) async throws -> [BookingSummary] { trips.map(\.summary) }
  func booking(id: BookingID) async throws -> Booking {
    guard let trip = trips.first(where: { $0.id == id }) else { throw BookingError.notFound(id) }
    return trip
  }
}

/// A supplier's places: keyed holds against a capacity per trip; it can be told to let holds
/// expire before they are confirmed, or to fall silent for the next calls.
actor FakeReservations: SeatReservations {
  enum Status: Equatable { case held, confirmed, released, cancelled }
  private(set) var holds: [OrderID: (hold: SeatHold, status: Status)] = [:]
  var capacity: [BookingID: Int]
  var holdsExpire = false
  var silentCalls = 0

  init(capacity: [BookingID: Int]) { self.capacity = capacity }

  func expireHolds() { holdsExpire = true }
  func fallSilent(for calls: Int) { silentCalls = calls }

  /// Places held or confirmed on `trip`.
  func taken(_ trip: BookingID) -> Int {
    holds.values.filter { $0.hold.bookingID == trip && [.held, .confirmed].contains($0.status) }
      .reduce(0) { $0 + $1.hold.places }
  }

  func status(of key: OrderID) -> Status? { holds[key]?.status }

  private func silence() throws(ReservationError) {
    if silentCalls > 0 {
      silentCalls -= 1
      throw .outcomeUnknown(reason: "no answer within the deadline")
    }
  }

  func hold(_ places: Int, on booking: BookingID, key: OrderID) async throws(ReservationError)
    -> SeatHold
  {
    try silence()
    if let existing = holds[key] { return existing.hold }
    let left = (capacity[booking] ?? 0) - taken(booking)
    guard left > 0 else { throw .soldOut(booking) }
    guard places <= left else { throw .notEnoughSeats(requested: places, available: left) }
    let hold = SeatHold(
      id: HoldID("HLD-\(key)") ?? { preconditionFailure("valid identifier") }(),
      bookingID: booking, places: places, expiresAt: Date(timeIntervalSince1970: 600))
    holds[key] = (hold, .held)
    return hold
  }

  func confirm(_ hold: HoldID) async throws(ReservationError) -> SupplierReference {
    try silence()
    guard let (key, entry) = holds.first(where: { $0.value.hold.id == hold }) else {
      throw .unknownReservation(hold.rawValue)
    }
    let reference = SupplierReference("SBR-\(key)") ?? { preconditionFailure("valid") }()
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

  func release(_ hold: HoldID) async throws(ReservationError) {
    try silence()
    guard let (key, entry) = holds.first(where: { $0.value.hold.id == hold }) else { return }
    if entry.status == .held { holds[key] = (entry.hold, .released) }
  }

  func cancel(_ booking: SupplierReference) async throws(ReservationError) {
    try silence()
    guard let (key, entry) = holds.first(where: { "SBR-\($0.key)" == booking.rawValue }) else {
      throw .unknownReservation(booking.rawValue)
    }
    if entry.status == .confirmed { holds[key] = (entry.hold, .cancelled) }
  }
}

/// A payment provider: one charge per key, replayed on a repeat; one full refund per charge.
actor FakeGateway: PaymentGateway {
  var failure: PaymentError?
  /// Charges in another currency than asked, to prove `confirm(with:)` is on the path.
  var chargesInDollars = false
  var silentCalls = 0
  private(set) var charges: [OrderID: PaymentReceipt] = [:]
  private(set) var refunds: [String: PaymentRefund] = [:]

  init(failure: PaymentError? = nil, chargesInDollars: Bool = false) {
    self.failure = failure
    self.chargesInDollars = chargesInDollars
  }

  func fallSilent(for calls: Int) { silentCalls = calls }

  func charge(_ amount: Money, to card: PaymentCard, idempotencyKey: OrderID)
    async throws(PaymentError) -> PaymentReceipt
  {
    if silentCalls > 0 {
      silentCalls -= 1
      throw .outcomeUnknown(reason: "no answer within the deadline")
    }
    if let failure { throw failure }
    if let earlier = charges[idempotencyKey] { return earlier }
    let charged = chargesInDollars ? Money(minorUnits: amount.minorUnits, currency: .usd) : amount
    let receipt = PaymentReceipt(
      chargeID: "ch_\(charges.count + 1)", orderID: idempotencyKey, amount: charged,
      cardBrand: card.brand, cardLastFour: card.lastFour,
      chargedAt: Date(timeIntervalSince1970: 0))
    charges[idempotencyKey] = receipt
    return receipt
  }

  func refund(_ amount: Money, ofCharge chargeID: String, idempotencyKey: OrderID)
    async throws(PaymentError) -> PaymentRefund
  {
    if let earlier = refunds[chargeID] { return earlier }
    guard charges.values.contains(where: { $0.chargeID == chargeID }) else {
      throw .refundRefused(reason: "no such charge")
    }
    let refund = PaymentRefund(
      id: "re_\(refunds.count + 1)", chargeID: chargeID, amount: amount,
      refundedAt: Date(timeIntervalSince1970: 0))
    refunds[chargeID] = refund
    return refund
  }
}

/// The ledger as a dictionary that keeps the transition table: a move the table does not
/// allow is refused. It can be told to fail the next write into a given state, as a full disk
/// or a crash right before that write would.
actor FakeLedger: OrderLedger {
  private(set) var records: [OrderID: OrderRecord] = [:]
  private(set) var issued: [OrderID: Ticket] = [:]
  private(set) var moves: [OrderState] = []
  var failingWrite: OrderState?

  func failNextWrite(into state: OrderState) { failingWrite = state }

  private func write(_ state: OrderState) throws(TicketingError) {
    if failingWrite == state {
      failingWrite = nil
      throw .diskFull(path: "/fake/ledger.sqlite")
    }
    moves.append(state)
  }

  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord {
    if let existing = records[order.id] {
      guard existing.bookingID == order.bookingID, existing.guests == order.guests,
        existing.travellerName == order.traveller.name, existing.card == card
      else { throw .orderConflict(order.id) }
      return existing
    }
    try write(.drafted)
    let record = OrderRecord(
      id: order.id, bookingID: order.bookingID, guests: order.guests, amount: order.amount,
      travellerName: order.traveller.name, card: card, state: .drafted, hold: nil, chargeID: nil,
      supplierReference: nil, ticketID: nil, refundID: nil, updatedAt: Date())
    records[order.id] = record
    return record
  }

  func record(of id: OrderID) async throws(TicketingError) -> OrderRecord? { records[id] }

  func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord? {
    records.values.first { $0.ticketID == ticket }
  }

  func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord {
    guard let current = records[id] else { throw .unknownOrder(id.rawValue) }
    guard current.state.next.contains(step.state) else {
      throw .illegalTransition(id, from: current.state, to: step.state)
    }
    try write(step.state)
    var hold = current.hold
    var chargeID = current.chargeID
    var refundID = current.refundID
    switch step {
    case .held(let held): hold = held
    case .charged(let charge): chargeID = charge
    case .refunded(let refund), .cancelled(let refund): refundID = refund
    case .released: break
    }
    let moved = current.with(
      state: step.state, hold: hold, chargeID: chargeID, reference: current.supplierReference,
      ticketID: current.ticketID, refundID: refundID)
    records[id] = moved
    if case .cancelled = step, let ticket = issued[id] {
      issued[id] = Ticket(
        id: ticket.id, orderID: ticket.orderID, bookingID: ticket.bookingID,
        travellerName: ticket.travellerName, guests: ticket.guests, amountPaid: ticket.amountPaid,
        cardBrand: ticket.cardBrand, cardLastFour: ticket.cardLastFour, issuedAt: ticket.issuedAt,
        cancelledAt: Date())
    }
    return moved
  }

  func unfinishedOrders() async throws(TicketingError) -> [OrderRecord] {
    records.values.filter { [.drafted, .held, .charged].contains($0.state) }
  }

  func issueTicket(for order: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
  {
    if let ticket = issued[order.order.id] { return ticket }
    guard let current = records[order.order.id], current.state == .charged else {
      throw .illegalTransition(
        order.order.id, from: records[order.order.id]?.state ?? .drafted, to: .ticketed)
    }
    try write(.ticketed)
    let ticket = Ticket(
      id: TicketID("TKT-\(issued.count + 1)") ?? { preconditionFailure("valid identifier") }(),
      for: order, issuedAt: Date(timeIntervalSince1970: 0))
    issued[order.order.id] = ticket
    records[order.order.id] = current.with(
      state: .ticketed, hold: current.hold, chargeID: order.receipt.chargeID,
      reference: reference, ticketID: ticket.id, refundID: nil)
    return ticket
  }

  func tickets() async throws(TicketingError) -> [Ticket] { Array(issued.values) }
}

extension OrderRecord {
  fileprivate nonisolated func with(
    state: OrderState, hold: SeatHold?, chargeID: String?, reference: SupplierReference?,
    ticketID: TicketID?, refundID: String?
  ) -> OrderRecord {
    OrderRecord(
      id: id, bookingID: bookingID, guests: guests, amount: amount, travellerName: travellerName,
      card: card, state: state, hold: hold, chargeID: chargeID, supplierReference: reference,
      ticketID: ticketID, refundID: refundID, updatedAt: Date())
  }
}
