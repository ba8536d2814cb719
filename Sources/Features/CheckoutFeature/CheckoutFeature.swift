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
  /// The commands the messages suggest, the program's own (by default, none).
  public let commands: CheckoutCommands

  /// Bundles the dependencies; without `log`, the saga says nothing.
  public init(
    trips: any TripRepository, reservations: any PlaceReservations,
    payments: any PaymentGateway, ledger: any OrderLedger, log: EventLogger = .disabled,
    commands: CheckoutCommands = .none
  ) {
    self.trips = trips
    self.reservations = reservations
    self.payments = payments
    self.ledger = ledger
    self.log = log
    self.commands = commands
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
  private let commands: CheckoutCommands

  /// A checkout feature using `dependencies`, reporting to `output`.
  public init(dependencies: CheckoutDependencies, output: @escaping (CheckoutOutput) -> Void) {
    viewModel = CheckoutViewModel(
      useCase: CheckoutUseCase(dependencies: dependencies),
      cancellation: CancellationUseCase(dependencies: dependencies), output: output)
    commands = dependencies.commands
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
    CheckoutScreen(
      state: viewModel.state, theme: theme, operation: viewModel.operation, commands: commands
    ).text
  }

  /// The current state as stable JSON (documented in "Using Voyage").
  public func json() -> Data {
    CheckoutScreen.json(viewModel.state, finishing: viewModel.operation, commands: commands)
  }
}
