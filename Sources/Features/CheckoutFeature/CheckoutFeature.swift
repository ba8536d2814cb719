public import BookingInterface
public import DesignSystem
public import EventLog
public import Foundation
public import PaymentInterface
public import SharedKernel

/// What checkout needs from the outside world: interfaces only.
public struct CheckoutDependencies: Sendable {
  /// Where the trip being bought is read from.
  public let trips: any TripRepository
  /// Who holds, confirms and gives back places.
  public let reservations: any PlaceReservations
  /// Who takes (and gives back) the money.
  public let payments: any PaymentGateway
  /// Where orders, their states and tickets are recorded.
  public let ledger: any OrderLedger
  /// Where the saga says what it did: each step, each compensation, how it ended.
  public let log: EventLogger

  /// Bundles the dependencies; without `log`, the saga says nothing.
  public init(
    trips: any TripRepository, reservations: any PlaceReservations,
    payments: any PaymentGateway, ledger: any OrderLedger, log: EventLogger = .disabled
  ) {
    self.trips = trips
    self.reservations = reservations
    self.payments = payments
    self.ledger = ledger
    self.log = log
  }
}

/// What checkout tells whoever composed it: identifiers, never another feature's models.
public enum CheckoutOutput: Sendable, Equatable {
  /// A ticket was issued (or found, for a retried order) for places on `trip`.
  case ticketIssued(TicketID, trip: TripID)
  /// A ticket was cancelled: its places on `trip` returned.
  case ticketCancelled(TicketID, trip: TripID)
  /// The card was refused; nothing was charged and the places were given back.
  case paymentDeclined(OrderID)
  /// The order's new state is durable: the saga may be stopped here and resumed by the same
  /// command (the checkout with its key, or the cancel of its ticket).
  case orderRecorded(OrderID, OrderState)
}

/// What a person asks to buy: the trip, how many places, who travels and how they pay.
public struct CheckoutRequest: Sendable {
  /// The trip.
  public let tripID: TripID
  /// How many places.
  public let places: Int
  /// Who travels.
  public let traveller: Traveller
  /// How they pay.
  public let card: PaymentCard
  /// The order's identifier, which is the idempotency key: the same key retried never charges twice.
  public let orderID: OrderID

  /// Describes a checkout.
  public init(
    tripID: TripID, places: Int, traveller: Traveller, card: PaymentCard, orderID: OrderID
  ) {
    self.tripID = tripID
    self.places = places
    self.traveller = traveller
    self.card = card
    self.orderID = orderID
  }
}

/// Buying a trip, and giving it back: the feature's one public door. Runs the checkout saga or
/// a cancellation and keeps its state for `screen(theme:)` and `json()`.
public final class CheckoutFeature {
  private let viewModel: CheckoutViewModel

  /// A checkout feature using `dependencies`, reporting to `output`.
  public init(dependencies: CheckoutDependencies, output: @escaping (CheckoutOutput) -> Void) {
    viewModel = CheckoutViewModel(
      useCase: CheckoutUseCase(dependencies: dependencies),
      cancellation: CancellationUseCase(dependencies: dependencies), output: output)
  }

  /// Checks `request` out: draft → hold → charge → confirm → ticket, resuming an earlier
  /// attempt with the same key where it stopped. The outcome is in the state.
  public func checkout(_ request: CheckoutRequest) async {
    await viewModel.checkout(request)
  }

  /// Cancels `ticket`: its places go back to the supplier and its money to the card, each step
  /// recorded after the intent, so a cancellation that stopped is finished by this same call.
  public func cancel(_ ticket: TicketID) async {
    await viewModel.cancel(ticket)
  }

  /// Gives up the unfinished order `order`: no charge can be taken under its key from then on,
  /// a charge already taken is refunded, held places go back (a ticketed order's ticket is
  /// cancelled).
  public func giveUp(_ order: OrderID) async {
    await viewModel.giveUp(order)
  }

  /// How the last checkout or cancellation failed, if it did.
  public var failure: CheckoutFailure? { viewModel.state.failure }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    CheckoutScreen(state: viewModel.state, theme: theme, operation: viewModel.operation).text
  }

  /// The current state as stable JSON (documented in "Using Voyage").
  public func json() -> Data {
    CheckoutScreen.json(viewModel.state, finishing: viewModel.operation)
  }
}

/// Why a checkout or a cancellation failed, in the categories a caller reacts to differently.
/// Those that carry an `OrderID` happened after the order was recorded: running the same
/// checkout again, with that key (or, for a cancellation, cancelling the same ticket again),
/// finishes it or reports how it ended.
public enum CheckoutFailure: Error, Sendable, Equatable {
  /// The trip does not exist.
  case notFound(TripID)
  /// No ticket has this identifier.
  case ticketNotFound(TicketID)
  /// No order has this key.
  case orderNotFound(OrderID)
  /// The order is paid, so it is not given up: its checkout finishes it into a ticket, which
  /// can then be cancelled.
  case orderPaid(OrderID)
  /// The order cannot be made: sold out, too many places, a receipt that does not match.
  case rejected(CheckoutError)
  /// The payment was refused or failed; the places were given back when it was refused.
  case payment(PaymentError, order: OrderID)
  /// The supplier could not be reached before the order was recorded.
  case upstreamUnavailable(String)
  /// The supplier could not be reached after the order was recorded.
  case supplierUnavailable(OrderID, reason: String)
  /// The supplier would not confirm the held places; the charge was refunded.
  case supplierRefused(OrderID, reason: String)
  /// The payment provider could not be reached, so nothing was charged; the places stay held
  /// until the hold expires, and the same key finishes the order.
  case paymentUnavailable(OrderID, reason: String)
  /// A call was sent but never answered: the same command, run again, finds out how it ended.
  case outcomeUnknown(OrderID, reason: String)
  /// The key was already used for another trip, number of places, traveller or card.
  case keyReused(OrderID)
  /// The order with this key already ended without a ticket.
  case orderEnded(OrderID, OrderState)
  /// Orders or tickets could not be recorded or read, before this order was recorded.
  case storage(TicketingError)
  /// The order was recorded, but a later step could not be (a full disk, a damaged file): its
  /// key finishes it once the ledger can be written again.
  case ledgerStorage(OrderID, TicketingError)
  /// The ledger did not answer a write in time (a server that stopped answering, a lock held
  /// elsewhere), after the order's key was chosen. `recorded` is the order's last state the
  /// ledger confirmed (`nil`: not even its draft was); `error` says whether the change under way
  /// was read back and found missing, or could not be read back either.
  case ledgerUnanswered(OrderID, recorded: OrderState?, TicketingError)
  /// The command was interrupted (Ctrl-C, SIGTERM) and stopped at once. `recorded` is the
  /// order's last state the ledger confirmed; a change under way may have been recorded too.
  case interrupted(OrderID, recorded: OrderState?)
  /// The payment provider's store (the embedded sandbox's file) failed.
  case paymentStorage(OrderID, reason: String)
  /// The supplier's store (the embedded sandbox's file) failed; `nil` when that was before the
  /// order was recorded (reading the trip).
  case supplierStorage(OrderID?, reason: String)

  /// The order a failure happened to, when it happened after the order was recorded.
  public var recordedOrder: OrderID? {
    switch self {
    case .payment(_, let order), .supplierUnavailable(let order, _),
      .supplierRefused(let order, _), .outcomeUnknown(let order, _),
      .paymentUnavailable(let order, _), .orderPaid(let order), .orderEnded(let order, _),
      .paymentStorage(let order, _), .ledgerStorage(let order, _),
      .ledgerUnanswered(let order, _, _), .interrupted(let order, _):
      order
    case .supplierStorage(let order, _): order
    case .notFound, .ticketNotFound, .orderNotFound, .rejected, .upstreamUnavailable, .keyReused,
      .storage:
      nil
    }
  }
}
