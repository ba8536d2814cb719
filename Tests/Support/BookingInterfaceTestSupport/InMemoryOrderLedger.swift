public import BookingInterface
import Foundation
public import SharedKernel

/// The ledger as dictionaries that keep the transition table: a move the table does not allow
/// is refused. It can be told to fail the next write into a given state (as a full disk or a
/// crash right before that write would), or to fail every read.
public actor InMemoryOrderLedger: OrderLedger {
  /// Every order by its key, in its latest state.
  public private(set) var records: [OrderID: OrderRecord] = [:]
  /// Every ticket by the order it was issued for.
  public private(set) var issued: [OrderID: Ticket] = [:]
  /// The state of every write, in order: the path a saga took.
  public private(set) var moves: [OrderState] = []
  /// The state whose next write fails.
  public var failingWrite: OrderState?
  /// What that write fails with.
  private var writeFailure = TicketingError.diskFull(path: "/fake/ledger.sqlite")
  /// Thrown by every read while set.
  public var readFailure: TicketingError?
  private var ticketsNewestFirst: [OrderID] = []
  /// Every key in the order it began, which is the order unfinished orders are listed in.
  private var keysOldestFirst: [OrderID] = []

  /// A ledger that already holds `tickets` (newest first) and `orders`, and fails every read
  /// with `readFailure` when one is given.
  public init(
    tickets: [Ticket] = [], orders: [OrderRecord] = [], readFailure: TicketingError? = nil
  ) {
    self.readFailure = readFailure
    for ticket in tickets.reversed() {
      issued[ticket.orderID] = ticket
      ticketsNewestFirst.insert(ticket.orderID, at: 0)
    }
    for order in orders {
      records[order.id] = order
      keysOldestFirst.append(order.id)
    }
  }

  /// Fails the next write into `state` with `error`, a full disk unless told otherwise; the
  /// write changes nothing, as every ledger's failed write.
  public func failNextWrite(
    into state: OrderState,
    with error: TicketingError = .diskFull(path: "/fake/ledger.sqlite")
  ) {
    failingWrite = state
    writeFailure = error
  }

  /// Fails every read with `error` from now on (`nil` stops it).
  public func failReads(with error: TicketingError?) { readFailure = error }

  private func write(_ state: OrderState) throws(TicketingError) {
    if failingWrite == state {
      failingWrite = nil
      throw writeFailure
    }
    moves.append(state)
  }

  /// Drafts the order, or returns it when the same key comes back with the same order.
  public func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError)
    -> OrderRecord
  {
    if let existing = records[order.id] {
      guard existing.isSameRequest(as: order, card: card) else { throw .orderConflict(order.id) }
      return existing
    }
    try write(.drafted)
    let record = OrderRecord(
      id: order.id, tripID: order.tripID, places: order.places, amount: order.amount,
      travellerName: order.traveller.name, card: card, state: .drafted, hold: nil, chargeID: nil,
      supplierReference: nil, ticketID: nil, refundID: nil, updatedAt: Date())
    records[order.id] = record
    keysOldestFirst.append(order.id)
    return record
  }

  /// The order with key `id`.
  public func record(of id: OrderID) async throws(TicketingError) -> OrderRecord? { records[id] }

  /// The order `ticket` was issued for.
  public func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord? {
    records.values.first { $0.ticketID == ticket }
  }

  /// Moves the order by `step` if the transition table allows it; a step already recorded (a
  /// second process on the same key) returns the record as it is.
  public func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord
  {
    guard let current = records[id] else { throw .unknownOrder(id.rawValue) }
    if step.isRecorded(in: current) { return current }
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
    case .released, .cancelling, .placesReturned: break
    }
    let moved = current.with(
      state: step.state, hold: hold, chargeID: chargeID, reference: current.supplierReference,
      ticketID: current.ticketID, refundID: refundID)
    records[id] = moved
    if case .cancelled = step, let ticket = issued[id] {
      issued[id] = Ticket(
        id: ticket.id, orderID: ticket.orderID, tripID: ticket.tripID,
        travellerName: ticket.travellerName, places: ticket.places, amountPaid: ticket.amountPaid,
        cardBrand: ticket.cardBrand, cardLastFour: ticket.cardLastFour, issuedAt: ticket.issuedAt,
        cancelledAt: Date())
    }
    return moved
  }

  /// Keeps why the last attempt on the order stopped, until its next step.
  public func noteFailure(_ id: OrderID, _ failure: String) async throws(TicketingError) {
    guard let current = records[id] else { throw .unknownOrder(id.rawValue) }
    records[id] = OrderRecord(
      id: current.id, tripID: current.tripID, places: current.places, amount: current.amount,
      travellerName: current.travellerName, card: current.card, state: current.state,
      hold: current.hold, chargeID: current.chargeID, supplierReference: current.supplierReference,
      ticketID: current.ticketID, refundID: current.refundID, updatedAt: current.updatedAt,
      lastFailure: failure)
  }

  /// Drafted, held and charged orders, and cancellations under way, in the order they began.
  public func unfinishedOrders() async throws(TicketingError) -> [OrderRecord] {
    if let readFailure { throw readFailure }
    return keysOldestFirst.compactMap { records[$0] }.filter {
      [.drafted, .held, .charged, .cancelling, .placesReturned].contains($0.state)
    }
  }

  /// Issues the ticket of a charged order, once; a ticketed order returns its ticket.
  public func issueTicket(for order: PaidOrder, reference: SupplierReference)
    async throws(TicketingError)
    -> Ticket
  {
    if records[order.order.id]?.state == .ticketed, let ticket = issued[order.order.id] {
      return ticket
    }
    guard let current = records[order.order.id] else {
      throw .unknownOrder(order.order.id.rawValue)
    }
    guard current.state == .charged else {
      throw .illegalTransition(order.order.id, from: current.state, to: .ticketed)
    }
    try write(.ticketed)
    let ticket = Ticket(
      id: TicketID.fixture("TKT-\(issued.count + 1)"),
      for: order, issuedAt: Date(timeIntervalSince1970: 0))
    issued[order.order.id] = ticket
    ticketsNewestFirst.insert(order.order.id, at: 0)
    records[order.order.id] = current.with(
      state: .ticketed, hold: current.hold, chargeID: order.receipt.chargeID,
      reference: reference, ticketID: ticket.id, refundID: nil)
    return ticket
  }

  /// Every ticket, newest first, each being cancelled while its order's cancellation is under
  /// way.
  public func tickets() async throws(TicketingError) -> [Ticket] {
    if let readFailure { throw readFailure }
    return ticketsNewestFirst.compactMap { order in
      issued[order].map { ticket in
        Ticket(
          id: ticket.id, orderID: ticket.orderID, tripID: ticket.tripID,
          travellerName: ticket.travellerName, places: ticket.places,
          amountPaid: ticket.amountPaid, cardBrand: ticket.cardBrand,
          cardLastFour: ticket.cardLastFour, issuedAt: ticket.issuedAt,
          cancelledAt: ticket.cancelledAt,
          isCancelling: records[order]?.state.isCancelling ?? ticket.isCancelling)
      }
    }
  }
}

extension OrderRecord {
  fileprivate nonisolated func with(
    state: OrderState, hold: PlaceHold?, chargeID: String?, reference: SupplierReference?,
    ticketID: TicketID?, refundID: String?
  ) -> OrderRecord {
    OrderRecord(
      id: id, tripID: tripID, places: places, amount: amount, travellerName: travellerName,
      card: card, state: state, hold: hold, chargeID: chargeID, supplierReference: reference,
      ticketID: ticketID, refundID: refundID, updatedAt: Date())
  }
}
