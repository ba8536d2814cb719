import BookingInterface
import EventLog
import PaymentInterface
import SharedKernel

/// Giving a ticket back, as a saga like checkout's: the cancellation is recorded before anything
/// outside changes, and each step once it is made, so a cancellation stopped anywhere (a crash, a
/// write the ledger failed or did not answer, a signal) is finished by cancelling the same ticket
/// again, which carries on from the recorded state. Both outside calls are keyed, the booking by
/// its reference and the refund by the order's key, so doing one again never returns the places
/// or the money twice:
///
/// | step | call | recorded as | if it fails |
/// |---|---|---|---|
/// | 1 | — | cancelling | nothing outside changed; the ticket stays issued |
/// | 2 | cancel the booking at the supplier (its places return) | places_returned | the same cancel asks the supplier again |
/// | 3 | refund the charge | cancelled, with the refund, and the ticket with it | the same cancel asks again and gets the same refund |
///
/// A ticket cancelled already is answered as it is; the intent, once recorded, only goes
/// forward.
struct CancellationUseCase {
  let dependencies: CheckoutDependencies

  /// Cancels `ticketID`, or finishes its cancellation; `recorded` hears of each state the
  /// ledger confirms on the way. `earlier` is whether the ticket was cancelled already, before
  /// this call.
  func run(_ ticketID: TicketID, recorded: (OrderID, OrderState) -> Void)
    async throws(CheckoutFailure) -> (ticket: Ticket, earlier: Bool)
  {
    let found: OrderRecord?
    do {
      found = try await dependencies.ledger.record(of: ticketID)
    } catch {
      throw .ledger(.failed(error), order: nil)
    }
    guard let record = found else { throw .unknown(.ticket(ticketID)) }
    let log = SagaLog(dependencies.log, order: record.id, commands: dependencies.commands)
    log.cancellationStarted(ticketID, resumedFrom: record.state)
    // The order's last state the ledger confirmed: what a failure that leaves it open says.
    var confirmed = record.state
    // Every line logged while the cancellation runs, whoever logs it, names the order.
    let context = LogContext.metadata.merging(["order": .text(record.id.rawValue)])
    let outcome = await LogContext.$metadata.withValue(context) {
      () async -> Result<Ticket, CheckoutFailure> in
      do throws(CheckoutFailure) {
        return .success(
          try await run(record, log: log) { state in
            confirmed = state
            log.recorded(state)
            recorded(record.id, state)
          })
      } catch {
        return .failure(error)
      }
    }
    do throws(CheckoutFailure) {
      let ticket = try outcome.get()
      log.cancelled(ticket)
      return (ticket, record.state == .cancelled)
    } catch {
      let failure = CheckoutUseCase.told(error, key: record.id, recorded: confirmed)
      log.failed(failure, finishing: .cancel(ticketID))
      await CheckoutUseCase.note(failure, in: dependencies.ledger)
      throw failure
    }
  }

  /// The saga from `record`, the order as the ledger had it when the command began.
  private func run(_ record: OrderRecord, log: SagaLog, recorded: (OrderState) -> Void)
    async throws(CheckoutFailure) -> Ticket
  {
    var state = record.state
    while state != .cancelled {
      switch state {
      case .ticketed:
        state = try await advance(record.id, by: .cancelling, recorded)
      case .cancelling:
        let reference = try Self.required(record.supplierReference, "booking", of: record)
        try await log.step(
          "cancel",
          { () async throws(CheckoutFailure) in try await cancelBooking(reference, of: record.id) },
          produced: { ["reference": .text(reference.rawValue)] })
        state = try await advance(record.id, by: .placesReturned, recorded)
      case .placesReturned:
        let chargeID = try Self.required(record.chargeID, "charge", of: record)
        let refund = try await log.step(
          "refund",
          { () async throws(CheckoutFailure) in
            try await CheckoutUseCase.refund(
              record.amount, ofCharge: chargeID, order: record.id, through: dependencies.payments)
          }, produced: { ["refund": .text($0.id)] })
        state = try await advance(record.id, by: .cancelled(refundID: refund.id), recorded)
      case .drafted, .held, .charged, .released, .refunded, .cancelled:
        // `cancelled` ends the loop; the others are orders no ticket was issued for.
        throw .orderEnded(record.id, state)
      }
    }
    let tickets: [Ticket]
    do {
      tickets = try await dependencies.ledger.tickets()
    } catch {
      throw .ledger(.failed(error), order: record.id)
    }
    guard let ticket = tickets.first(where: { $0.orderID == record.id }) else {
      throw .ledger(
        .failed(.storageFailed(reason: "order \(record.id) is cancelled but has no ticket")),
        order: record.id)
    }
    return ticket
  }

  /// Cancels the booking at the supplier, which returns its places; cancelling it again is fine.
  private func cancelBooking(_ reference: SupplierReference, of order: OrderID)
    async throws(CheckoutFailure)
  {
    do {
      try await dependencies.reservations.cancel(reference)
    } catch {
      throw CheckoutUseCase.supplierFailure(error, order)
    }
  }

  /// What a ticketed order must have recorded (its booking, its charge); a ledger without it
  /// is damaged.
  private static func required<Value>(_ value: Value?, _ name: String, of record: OrderRecord)
    throws(CheckoutFailure) -> Value
  {
    guard let value else {
      throw .ledger(
        .failed(.storageFailed(reason: "order \(record.id) has a ticket but no \(name)")),
        order: record.id)
    }
    return value
  }

  /// Records one step and returns the state the ledger confirms (further on, when another
  /// process went further first).
  private func advance(_ id: OrderID, by step: OrderStep, _ recorded: (OrderState) -> Void)
    async throws(CheckoutFailure) -> OrderState
  {
    let record: OrderRecord
    do {
      record = try await dependencies.ledger.advance(id, by: step)
    } catch {
      throw .ledger(.failed(error), order: id)
    }
    recorded(record.state)
    return record.state
  }
}
