public import Foundation
public import SharedKernel

/// Turns a paid order into a ticket. Taking a `PaidOrder` makes "no ticket without payment" a
/// signature: there is no way to call it for an order nobody paid for.
public protocol TicketIssuer: Sendable {
  /// Issues the ticket for `order`, whose places the supplier confirmed as `reference`, or
  /// returns the one already issued for it, so a retried checkout never yields two tickets.
  func issueTicket(for order: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
}

/// The tickets bought so far, newest first: what `voyage tickets` lists.
public protocol TicketHistory: Sendable {
  /// Every issued ticket, newest first, cancelled ones included.
  func tickets() async throws(TicketingError) -> [Ticket]
}

/// The durable record of checkouts, one row per order, its state persisted after every step:
/// an order is written *before* anything outside changes, each later step in its own
/// transaction, and its ticket in the same transaction that completes it. A checkout retried
/// after any failure or crash reads where it stopped and carries on from there, so it never
/// holds, charges or tickets twice. Only the moves of ``OrderState/next`` can be written.
public protocol OrderLedger: TicketIssuer, TicketHistory {
  /// Records `order`, paid with `card`, as drafted, or returns the record of an earlier attempt
  /// under the same key. The same key for another trip, number of places, traveller or card is
  /// refused with `TicketingError.orderConflict`: a key is bound to its first request.
  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord

  /// The record of the order with this key, if any.
  func record(of id: OrderID) async throws(TicketingError) -> OrderRecord?

  /// The record of the order that `ticket` was issued for, if any.
  func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord?

  /// Moves the order one step and returns its new record; a move that ``OrderState/next`` does
  /// not allow from the recorded state is refused with `TicketingError.illegalTransition`.
  func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord

  /// Orders that did not end, oldest first: what `voyage orders` lists. A checkout that did not
  /// end in a ticket (nor was ended on purpose) is finished by running checkout with its key; a
  /// cancellation that did not finish (`cancelling`, `places_returned`), by cancelling its
  /// ticket again.
  func unfinishedOrders() async throws(TicketingError) -> [OrderRecord]

  /// Records why the last attempt on the order stopped (`outcome_unknown`, `disk_full`, …), so
  /// `voyage orders` can say it; the next step the order makes clears it. An unknown key is
  /// `TicketingError.unknownOrder`.
  func noteFailure(_ id: OrderID, _ failure: String) async throws(TicketingError)
}

/// Where an order stands. The happy road is drafted → held → charged → ticketed; the other
/// ends are released (nothing is charged and no place is held), refunded (charged, then given
/// back because the supplier would not confirm) and cancelled (the customer gave the ticket
/// back), reached by its own road, ticketed → cancelling → places_returned → cancelled, so a
/// cancellation is recorded before anything outside changes and each of its steps after it is
/// made, like checkout's.
public enum OrderState: String, Sendable, Hashable, CaseIterable, Codable {
  /// Recorded before anything outside changed.
  case drafted
  /// Places are held at the supplier.
  case held
  /// The card was charged.
  case charged
  /// The supplier confirmed the places and the ticket was issued.
  case ticketed
  /// The checkout ended with nothing charged; any hold was given back.
  case released
  /// The checkout ended after the charge; the money was given back.
  case refunded
  /// The customer asked to cancel the ticket, recorded before anything outside changed; the
  /// supplier may have taken the places back since.
  case cancelling
  /// The supplier took the ticket's places back; the money is not given back yet.
  case placesReturned = "places_returned"
  /// The ticket was cancelled: the money given back and the places returned.
  case cancelled

  /// The states an order may move to from this one: the saga's whole transition table.
  public var next: Set<OrderState> {
    switch self {
    case .drafted: [.held, .released]
    case .held: [.charged, .released]
    case .charged: [.ticketed, .refunded]
    case .ticketed: [.cancelling]
    case .cancelling: [.placesReturned]
    case .placesReturned: [.cancelled]
    case .released, .refunded, .cancelled: []
    }
  }

  /// Whether the order can move no further.
  public var isFinal: Bool { next.isEmpty }

  /// Whether the order's ticket is being cancelled: the cancellation was recorded and has not
  /// finished, and cancelling the ticket again finishes it.
  public var isCancelling: Bool { self == .cancelling || self == .placesReturned }
}

/// One move of an order, with what the step produced.
public enum OrderStep: Sendable, Hashable {
  /// The supplier holds the places.
  case held(PlaceHold)
  /// The card was charged: the charge's identifier and the card as the receipt shows it.
  case charged(chargeID: String)
  /// The checkout ended with nothing charged; any hold was released.
  case released
  /// The charge was given back because the order could not be completed.
  case refunded(refundID: String)
  /// The customer asked to cancel the ticket; nothing outside has changed yet.
  case cancelling
  /// The supplier cancelled the booking: the ticket's places are back on sale.
  case placesReturned
  /// The ticket was cancelled, the charge given back and the places returned.
  case cancelled(refundID: String)

  /// The state this step moves the order to.
  public var state: OrderState {
    switch self {
    case .held: .held
    case .charged: .charged
    case .released: .released
    case .refunded: .refunded
    case .cancelling: .cancelling
    case .placesReturned: .placesReturned
    case .cancelled: .cancelled
    }
  }

  /// Whether `record` already holds what this step would write, so that writing it again (a
  /// second process on the same key) changes nothing: the same hold or charge, or a cancellation
  /// step, whatever came after it; the same ending. Every ledger answers such a write with the
  /// record as it is.
  public func isRecorded(in record: OrderRecord) -> Bool {
    switch self {
    case .held(let hold): record.hold?.id == hold.id
    case .charged(let chargeID): record.chargeID == chargeID
    case .released: record.state == .released
    case .refunded(let refundID), .cancelled(let refundID):
      record.state == state && record.refundID == refundID
    case .cancelling: [.cancelling, .placesReturned, .cancelled].contains(record.state)
    case .placesReturned: [.placesReturned, .cancelled].contains(record.state)
    }
  }
}

/// An order as the ledger remembers it: enough to resume, compensate or cancel it.
public struct OrderRecord: Sendable, Hashable {
  /// The order's key.
  public let id: OrderID
  /// The trip.
  public let tripID: TripID
  /// How many places.
  public let places: Int
  /// What the order costs.
  public let amount: Money
  /// Who travels.
  public let travellerName: String
  /// How it is paid.
  public let card: MaskedCard
  /// Where it stands.
  public let state: OrderState
  /// The supplier's hold, once places were held.
  public let hold: PlaceHold?
  /// The provider's charge, once the card was charged.
  public let chargeID: String?
  /// The supplier's booking, once confirmed.
  public let supplierReference: SupplierReference?
  /// The ticket, once issued.
  public let ticketID: TicketID?
  /// The refund, once the money was given back.
  public let refundID: String?
  /// When the order was last moved.
  public let updatedAt: Date
  /// Why the last attempt stopped, when it stopped after the order's last step (cleared by the
  /// next step).
  public let lastFailure: String?

  /// Describes a recorded order; the ledger is the usual caller.
  public init(
    id: OrderID, tripID: TripID, places: Int, amount: Money, travellerName: String,
    card: MaskedCard, state: OrderState, hold: PlaceHold?, chargeID: String?,
    supplierReference: SupplierReference?, ticketID: TicketID?, refundID: String?,
    updatedAt: Date, lastFailure: String? = nil
  ) {
    self.id = id
    self.tripID = tripID
    self.places = places
    self.amount = amount
    self.travellerName = travellerName
    self.card = card
    self.state = state
    self.hold = hold
    self.chargeID = chargeID
    self.supplierReference = supplierReference
    self.ticketID = ticketID
    self.refundID = refundID
    self.updatedAt = updatedAt
    self.lastFailure = lastFailure
  }
}

extension OrderRecord {
  /// Whether this order was recorded for `order`, paid with `card`: the same trip, number of
  /// places, amount, traveller and card. A key is bound to its first request, so every ledger
  /// asks it of the order it finds under the key before answering with that order.
  public func isSameRequest(as order: DraftOrder, card: MaskedCard) -> Bool {
    amount == order.amount
      && isSameRequest(
        tripID: order.tripID, places: order.places, travellerName: order.traveller.name,
        card: card)
  }

  /// Whether this order was recorded for a request of this trip, number of places, traveller and
  /// card, whatever its amount: what checkout can ask before it prices the trip. The card is
  /// judged by `MaskedCard.isSameCard(as:)`, so an order recorded before cards had a
  /// fingerprint is bound by brand, last four digits and expiry alone.
  public func isSameRequest(tripID: TripID, places: Int, travellerName: String, card: MaskedCard)
    -> Bool
  {
    self.tripID == tripID && self.places == places && self.travellerName == travellerName
      && self.card.isSameCard(as: card)
  }
}

/// Why orders and tickets could not be recorded or read.
public enum TicketingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Neither `VOYAGE_HOME` nor `HOME` names a folder to keep data in.
  case noHome
  /// The Voyage home folder cannot be created or written.
  case folderNotWritable(path: String)
  /// The ledger file is not a database, or is damaged; it was left untouched.
  case unreadableLedger(path: String)
  /// Another process, or another session of the ledger's server, held a lock the call needed
  /// for as long as the ledger waits for one, and the call was rolled back: nothing of it was
  /// written, so the order is where the ledger last recorded it. `reason` says whose lock it
  /// was and where.
  case lockedElsewhere(reason: String)
  /// The disk is full.
  case diskFull(path: String)
  /// The order identifier (idempotency key) was already used for a different order.
  case orderConflict(OrderID)
  /// The order cannot move from `from` to `to` (see ``OrderState/next``); nothing was written.
  case illegalTransition(OrderID, from: OrderState, to: OrderState)
  /// No order has this key, or no ticket this identifier.
  case unknownOrder(String)
  /// A file in the Voyage home was written by a newer Voyage; it was neither read nor changed.
  case newerSchema(path: String)
  /// A write was sent and its answer never came by the deadline (a server that stopped
  /// answering) or was lost with the connection. `checked` is true when
  /// the order was then read back and found without the change; false when it could not be
  /// read back either, so whether the change was recorded is unknown.
  case unanswered(reason: String, checked: Bool)
  /// Any other storage failure.
  case storageFailed(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .noHome:
      "neither VOYAGE_HOME nor HOME is set; set VOYAGE_HOME to the folder where Voyage keeps its data"
    case .folderNotWritable(let path):
      "cannot create or write \(path); check its permissions or set VOYAGE_HOME to another folder"
    case .unreadableLedger(let path):
      "\(path) is not a readable Voyage ledger (it was left untouched); move it away or set VOYAGE_HOME"
    case .lockedElsewhere(let reason): "\(reason); nothing was written"
    case .diskFull(let path): "the disk is full (\(path) cannot grow)"
    case .orderConflict(let id):
      "the idempotency key \(id) was already used for another trip, number of places, traveller or card; use a new key"
    case .illegalTransition(let id, let from, let to):
      "order \(id) cannot move from \(from.rawValue) to \(to.rawValue)"
    case .unknownOrder(let id): "no order or ticket is known as \(id)"
    case .newerSchema(let path):
      "\(path) was written by a newer Voyage; it was left untouched: upgrade Voyage, or point it at another ledger (VOYAGE_HOME, or VOYAGE_DATABASE_URL for a server)"
    case .unanswered(let reason, true): "\(reason); read back, the change was not recorded"
    case .unanswered(let reason, false):
      "\(reason); whether the change was recorded is unknown (it could not be read back)"
    case .storageFailed(let reason): "tickets could not be stored or read: \(reason)"
    }
  }
}
