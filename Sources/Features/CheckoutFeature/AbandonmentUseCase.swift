import BookingInterface
import EventLog
import PaymentInterface
import SharedKernel

/// Giving up an order that did not end: `voyage cancel <order key>`. The key is first closed
/// at the payment provider, so no charge can be taken under it from then on, even by a checkout
/// of the same key running elsewhere; a charge it already took is refunded; the places held
/// under the key go back. Every call is keyed, so a give-up interrupted anywhere is finished
/// by running it again.
///
/// | recorded | what is done | recorded as |
/// |---|---|---|
/// | drafted | charges closed; the key's hold, if the supplier made one, released | released |
/// | held | charges closed; a charge found is refunded; the hold released | released, or refunded |
/// | charged | not given up: it is paid, so the same checkout finishes it into a ticket to cancel | — |
/// | ticketed, or its ticket being cancelled | not given up: its ticket is cancelled (`CancellationUseCase`) | — |
struct AbandonmentUseCase {
  let dependencies: CheckoutDependencies

  /// What giving up did.
  enum Outcome: Equatable {
    /// Nothing was charged; places held, if any, went back.
    case released(OrderRecord)
    /// A charge was found and given back; places held went back.
    case refunded(OrderRecord)
    /// The order has a ticket (perhaps being cancelled already): cancelling the ticket gives it
    /// up.
    case ticketed(TicketID)
  }

  func run(_ id: OrderID) async throws(CheckoutFailure) -> Outcome {
    let found: OrderRecord?
    do {
      found = try await dependencies.ledger.record(of: id)
    } catch {
      throw .ledger(.failed(error), order: nil)
    }
    guard let record = found else { throw .unknown(.order(id)) }
    switch record.state {
    case .ticketed, .cancelling, .placesReturned, .cancelled:
      guard let ticket = record.ticketID else {
        throw .ledger(
          .failed(.storageFailed(reason: "order \(id) is ticketed but has no ticket")), order: id)
      }
      return .ticketed(ticket)
    case .released: return .released(record)
    case .refunded: return .refunded(record)
    case .charged: throw .orderPaid(id)
    case .drafted, .held: break
    }
    let charge: PaymentReceipt?
    do {
      charge = try await dependencies.payments.closeCharges(idempotencyKey: id)
    } catch {
      throw .payment(error, order: id)
    }
    let log = dependencies.log.adding(["order": .text(id.rawValue)])
    log.info("charges closed", ["charge_found": .flag(charge != nil)])
    try await releasePlaces(of: record)
    guard let charge else {
      let released = try await advance(id, by: .released)
      log.info("order given up", ["state": .text(released.state.rawValue)])
      return .released(released)
    }
    if record.state == .held { _ = try await advance(id, by: .charged(chargeID: charge.chargeID)) }
    log.warning("compensating", ["compensation": "refund", "because": "the order was given up"])
    let refund = try await CheckoutUseCase.refund(
      charge.amount, ofCharge: charge.chargeID, order: id, through: dependencies.payments)
    let refunded = try await advance(id, by: .refunded(refundID: refund.id))
    log.info("order given up", ["state": .text(refunded.state.rawValue)])
    return .refunded(refunded)
  }

  /// Releases what the supplier holds under the order's key. A drafted order may have a hold
  /// the ledger never heard of (a crash right after the supplier made it): asking for the same
  /// hold again returns it, since holds are keyed, and then it is released; a trip with no
  /// places left for it means there is none.
  private func releasePlaces(of record: OrderRecord) async throws(CheckoutFailure) {
    var hold = record.hold
    if hold == nil {
      do {
        hold = try await dependencies.reservations.hold(
          record.places, on: record.tripID, key: record.id)
      } catch {
        switch error {
        case .soldOut, .notEnoughPlaces, .tripNotFound: return
        default: throw CheckoutUseCase.supplierFailure(error, record.id)
        }
      }
    }
    guard let hold else { return }
    do {
      try await dependencies.reservations.release(hold.id)
    } catch {
      throw CheckoutUseCase.supplierFailure(error, record.id)
    }
  }

  private func advance(_ id: OrderID, by step: OrderStep) async throws(CheckoutFailure)
    -> OrderRecord
  {
    do {
      return try await dependencies.ledger.advance(id, by: step)
    } catch {
      throw .ledger(.failed(error), order: id)
    }
  }
}
