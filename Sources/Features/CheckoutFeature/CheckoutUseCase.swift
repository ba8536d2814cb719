import BookingInterface
import PaymentInterface
import SharedKernel

/// The checkout sequence, against interfaces only:
/// 1. read the trip and draft the order (sold out and seat rules apply);
/// 2. record the order in the ledger *before* charging, or find how far an earlier attempt with
///    the same key got (a completed order returns its ticket without charging);
/// 3. charge with the order's identifier as the idempotency key;
/// 4. `confirm(with:)` the receipt against the order: the only way to get a `PaidOrder`;
/// 5. issue the ticket, which the ledger writes together with the order's completion.
struct CheckoutUseCase {
  let dependencies: CheckoutDependencies

  enum Step {
    case charging
    case confirming
  }

  func run(_ request: CheckoutRequest, progress: (Step) -> Void) async throws(CheckoutFailure)
    -> Ticket
  {
    let booking: Booking
    do {
      booking = try await dependencies.bookings.booking(id: request.bookingID)
    } catch BookingError.notFound(let id) {
      throw .notFound(id)
    } catch {
      throw .upstreamUnavailable(String(describing: error))
    }
    let order: DraftOrder
    do {
      order = try DraftOrder(
        id: request.orderID, booking: booking, guests: request.guests, traveller: request.traveller)
    } catch {
      throw .rejected(error)
    }
    do {
      if case .completed(let ticket) = try await dependencies.ledger.begin(order) { return ticket }
    } catch {
      throw .storage(error)
    }
    progress(.charging)
    let receipt: PaymentReceipt
    do {
      receipt = try await dependencies.payments.charge(
        order.amount, to: request.card, idempotencyKey: order.id)
    } catch {
      throw .payment(error)
    }
    progress(.confirming)
    let paid: PaidOrder
    do {
      paid = try order.confirm(with: receipt)
    } catch {
      throw .rejected(error)
    }
    do {
      return try await dependencies.ledger.issueTicket(for: paid)
    } catch {
      throw .storage(error)
    }
  }
}
