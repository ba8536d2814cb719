import BookingInterface
import EventLog
import PaymentInterface
import SharedKernel

/// Giving a ticket back: cancel the booking at the supplier (its places return), refund the
/// charge, record the order cancelled. Both outside calls are idempotent, and the order is
/// recorded cancelled only once both are done, so a cancellation interrupted anywhere is
/// finished by running it again.
struct CancellationUseCase {
  let dependencies: CheckoutDependencies

  func run(_ ticketID: TicketID) async throws(CheckoutFailure) -> Ticket {
    let found: OrderRecord?
    do {
      found = try await dependencies.ledger.record(of: ticketID)
    } catch {
      throw .storage(error)
    }
    guard let record = found else { throw .ticketNotFound(ticketID) }
    if record.state == .ticketed {
      guard let reference = record.supplierReference, let chargeID = record.chargeID else {
        throw .storage(.storageFailed(reason: "ticket \(ticketID) has no booking or charge"))
      }
      do {
        try await dependencies.reservations.cancel(reference)
      } catch {
        throw CheckoutUseCase.supplierFailure(error, record.id)
      }
      let refund = try await CheckoutUseCase.refund(
        record.amount, ofCharge: chargeID, order: record.id, through: dependencies.payments)
      do {
        _ = try await dependencies.ledger.advance(record.id, by: .cancelled(refundID: refund.id))
      } catch {
        throw .storage(error)
      }
      dependencies.log.info(
        "ticket cancelled",
        [
          "order": .text(record.id.rawValue), "ticket": .text(ticketID.rawValue),
          "refund": .text(refund.id),
        ])
    } else if record.state != .cancelled {
      throw .orderEnded(record.id, record.state)
    }
    let tickets: [Ticket]
    do {
      tickets = try await dependencies.ledger.tickets()
    } catch {
      throw .storage(error)
    }
    guard let ticket = tickets.first(where: { $0.id == ticketID }) else {
      throw .ticketNotFound(ticketID)
    }
    return ticket
  }
}
