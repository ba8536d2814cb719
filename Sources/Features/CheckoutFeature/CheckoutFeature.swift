public import BookingInterface
public import DesignSystem
public import Foundation
public import PaymentInterface
public import SharedKernel

/// What checkout needs from the outside world: interfaces only.
public struct CheckoutDependencies: Sendable {
  /// Where the trip being bought is read from.
  public let bookings: any BookingRepository
  /// Who takes the money.
  public let payments: any PaymentGateway
  /// Where orders and tickets are recorded.
  public let ledger: any OrderLedger

  /// Bundles the dependencies.
  public init(
    bookings: any BookingRepository, payments: any PaymentGateway, ledger: any OrderLedger
  ) {
    self.bookings = bookings
    self.payments = payments
    self.ledger = ledger
  }
}

/// What checkout tells whoever composed it: identifiers, never another feature's models.
public enum CheckoutOutput: Sendable, Equatable {
  /// A ticket was issued (or found, for a retried order) for a place on `booking`.
  case ticketIssued(TicketID, booking: BookingID)
  /// The card was refused; nothing was charged.
  case paymentDeclined(OrderID)
}

/// What a person asks to buy: the trip, how many places, who travels and how they pay.
public struct CheckoutRequest: Sendable {
  /// The trip.
  public let bookingID: BookingID
  /// How many places.
  public let guests: Int
  /// Who travels.
  public let traveller: Traveller
  /// How they pay.
  public let card: PaymentCard
  /// The order's identifier, which is the idempotency key: the same key retried never charges twice.
  public let orderID: OrderID

  /// Describes a checkout.
  public init(
    bookingID: BookingID, guests: Int, traveller: Traveller, card: PaymentCard, orderID: OrderID
  ) {
    self.bookingID = bookingID
    self.guests = guests
    self.traveller = traveller
    self.card = card
    self.orderID = orderID
  }
}

/// Buying a trip: the feature's one public door. Runs the checkout use case and keeps its state
/// for `screen(theme:)` and `json()`.
public final class CheckoutFeature {
  private let viewModel: CheckoutViewModel

  /// A checkout feature using `dependencies`, reporting to `output`.
  public init(dependencies: CheckoutDependencies, output: @escaping (CheckoutOutput) -> Void) {
    viewModel = CheckoutViewModel(
      useCase: CheckoutUseCase(dependencies: dependencies), output: output)
  }

  /// Checks `request` out: draft → charge → confirm → ticket. The outcome is in the state.
  public func checkout(_ request: CheckoutRequest) async {
    await viewModel.checkout(request)
  }

  /// How the last checkout failed, if it did.
  public var failure: CheckoutFailure? { viewModel.state.failure }

  /// The current state as a terminal screen.
  public func screen(theme: TerminalTheme) -> String {
    CheckoutScreen(state: viewModel.state, theme: theme).text
  }

  /// The current state as stable JSON (documented in the README).
  public func json() -> Data {
    CheckoutScreen.json(viewModel.state)
  }
}

/// Why a checkout failed, in the categories a caller reacts to differently.
public enum CheckoutFailure: Error, Sendable, Equatable {
  /// The trip does not exist.
  case notFound(BookingID)
  /// The order cannot be made: sold out, too many guests, a receipt that does not match.
  case rejected(CheckoutError)
  /// The payment failed; nothing was charged (or a retry with the same key is safe).
  case payment(PaymentError)
  /// The supplier could not be reached.
  case upstreamUnavailable(String)
  /// Orders or tickets could not be recorded.
  case storage(TicketingError)
}
