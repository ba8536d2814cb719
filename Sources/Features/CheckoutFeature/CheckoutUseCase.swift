import BookingInterface
import EventLog
import PaymentInterface
import SharedKernel

/// The checkout saga, against interfaces only. Each step is recorded in the ledger before the
/// next begins, and every outside call is keyed, so running the same request again, after any
/// failure or crash, carries on from the recorded state and never holds, charges or tickets twice:
///
/// | step | call | recorded as | if it fails |
/// |---|---|---|---|
/// | 1 | draft the order (kernel rules) | drafted | nothing to undo |
/// | 2 | hold the places at the supplier | held | sold out: nothing to undo → released |
/// | 3 | charge the card with the order's key | charged | card refused: release the hold → released |
/// | 4 | `confirm(with:)` the receipt → `PaidOrder` | — | receipt mismatch: refund → refunded |
/// | 5 | confirm the hold at the supplier | — | supplier refuses (expired): refund → refunded |
/// | 6 | issue the ticket with the order's completion | ticketed | retry: the ledger is idempotent |
///
/// A call whose answer never came (`outcomeUnknown`) compensates nothing: the same command,
/// run again, learns the outcome from the keyed call instead of guessing.
struct CheckoutUseCase {
  let dependencies: CheckoutDependencies

  /// What the saga is doing, for the screen, and what it has recorded, for whoever listens.
  enum Step: Equatable {
    case holding
    case charging
    case confirming
    case recorded(OrderState)
  }

  func run(_ request: CheckoutRequest, progress: (Step) -> Void) async throws(CheckoutFailure)
    -> Ticket
  {
    let log = SagaLog(
      dependencies.log, order: request.orderID, commands: dependencies.commands)
    // The order's last state the ledger confirmed: what a failure that leaves it open says.
    var recorded: OrderState?
    func reported(_ step: Step) {
      if case .recorded(let state) = step {
        recorded = state
        log.recorded(state)
      }
      progress(step)
    }
    // Every line logged while the saga runs, whoever logs it, names the order.
    let context = LogContext.metadata.merging(["order": .text(request.orderID.rawValue)])
    let outcome = await LogContext.$metadata.withValue(context) {
      () async -> Result<Ticket, CheckoutFailure> in
      do throws(CheckoutFailure) {
        return .success(
          try await run(request, log: log, progress: reported, resumed: { recorded = $0 }))
      } catch {
        return .failure(error)
      }
    }
    do throws(CheckoutFailure) {
      let ticket = try outcome.get()
      log.finished(ticket)
      return ticket
    } catch {
      let failure = Self.told(error, key: request.orderID, recorded: recorded)
      log.failed(failure)
      await Self.note(failure, in: dependencies.ledger)
      throw failure
    }
  }

  /// The failure as the traveller is told it: once the command was interrupted, whatever
  /// failed after is the interruption; a write the ledger did not answer, or one a lock held
  /// elsewhere kept out, names the order's last confirmed state (a lock met before the order
  /// was ever recorded leaves nothing to name).
  static func told(_ failure: CheckoutFailure, key: OrderID, recorded: OrderState?)
    -> CheckoutFailure
  {
    if Task.isCancelled { return .interrupted(key, recorded: recorded) }
    switch failure {
    case .ledger(.failed(let error), let order):
      switch error {
      case .unanswered: return .ledger(.unanswered(error, recorded: recorded), order: key)
      case .lockedElsewhere where order != nil || recorded != nil:
        return .ledger(.locked(error, recorded: recorded), order: key)
      default: return failure
      }
    default: return failure
    }
  }

  /// Tells the ledger why this attempt stopped, for an order it recorded, so `voyage orders`
  /// can say it. A ledger that cannot be written now (a full disk) keeps what it had.
  static func note(_ failure: CheckoutFailure, in ledger: any OrderLedger) async {
    switch failure {
    case .orderEnded, .orderPaid, .keyReused, .interrupted: return
    default: break
    }
    guard let order = failure.recordedOrder else { return }
    try? await ledger.noteFailure(order, failure.code)
  }

  private func run(
    _ request: CheckoutRequest, log: SagaLog, progress: (Step) -> Void,
    resumed: (OrderState) -> Void
  ) async throws(CheckoutFailure) -> Ticket {
    // The recorded order is read before the trip is judged: an order that already has its
    // ticket, or its places, is answered from the ledger, whatever the trip's places are now.
    let earlier = try await storage(nil) { () async throws(TicketingError) in
      try await dependencies.ledger.record(of: request.orderID)
    }
    log.started(request, resumedFrom: earlier?.state)
    return try await run(
      request, from: earlier, log: log, progress: progress, resumed: resumed, mayReread: true)
  }

  /// The saga from the order `earlier` recorded under the request's key (`nil`: none yet).
  /// `mayReread`: whether a refusal of the trip (sold out, too few places) may first read the
  /// ledger again, once.
  private func run(
    _ request: CheckoutRequest, from earlier: OrderRecord?, log: SagaLog,
    progress: (Step) -> Void, resumed: (OrderState) -> Void, mayReread: Bool
  ) async throws(CheckoutFailure) -> Ticket {
    if let earlier { resumed(earlier.state) }
    if let earlier {
      // The ledger checks it again when the order is begun; checking here first answers a
      // reused key before the trip is looked up or its places judged.
      guard
        earlier.isSameRequest(
          tripID: request.tripID, places: request.places, travellerName: request.traveller.name,
          card: request.card.masked)
      else { throw .keyReused(request.orderID) }
      switch earlier.state {
      case .ticketed: return try await issuedTicket(earlier)
      case .released, .refunded, .cancelling, .placesReturned, .cancelled:
        throw .orderEnded(earlier.id, earlier.state)
      case .drafted, .held, .charged: break
      }
    }
    let trip = try await fetchTrip(request.tripID)
    // Places this order may already have at the supplier: held, or asked for just before a
    // crash that left the order drafted. The supplier's keyed hold is the judge of those.
    let placesHeld = earlier?.places ?? 0
    let order: DraftOrder
    do {
      order = try DraftOrder(
        id: request.orderID, trip: trip, places: request.places,
        traveller: request.traveller, placesHeld: placesHeld)
    } catch {
      // Another process with this key may have recorded the order, and held the trip's last
      // places, between this one's reading of the ledger and its reading of the trip: those
      // places are this order's, so the ledger is read again before the trip is refused.
      if earlier == nil, mayReread,
        let raced = try await storage(
          nil,
          { () async throws(TicketingError) in
            try await dependencies.ledger.record(of: request.orderID)
          })
      {
        return try await run(
          request, from: raced, log: log, progress: progress, resumed: resumed, mayReread: false)
      }
      throw .rejected(error)
    }
    var record = try await log.step(
      "draft",
      { () async throws(CheckoutFailure) in
        try await storage(nil) { () async throws(TicketingError) in
          try await dependencies.ledger.begin(order, card: request.card.masked)
        }
      }, produced: { ["state": .text($0.state.rawValue)] })
    if earlier == nil { progress(.recorded(.drafted)) }
    resumed(record.state)
    while true {
      switch record.state {
      case .drafted:
        progress(.holding)
        let hold: PlaceHold
        do {
          hold = try await log.step(
            "hold", { () async throws(CheckoutFailure) in try await holdPlaces(for: order) },
            produced: { ["hold": .text($0.id.rawValue)] })
        } catch {
          // Refused outright: nothing is held or charged, and the order ends here.
          if case .rejected = error { _ = try await advance(order.id, by: .released, progress) }
          throw error
        }
        record = try await advance(order.id, by: .held(hold), progress)
      case .held, .charged:
        progress(.charging)
        let receipt = try await log.step(
          "charge",
          { () async throws(CheckoutFailure) in
            try await charge(order, request.card, record: record, log, progress)
          }, produced: { ["charge": .text($0.chargeID)] })
        if record.state == .held {
          record = try await advance(order.id, by: .charged(chargeID: receipt.chargeID), progress)
        }
        let paid: PaidOrder
        do {
          paid = try order.confirm(with: receipt)
        } catch {
          log.compensating("refund", because: "the receipt does not match the order: \(error)")
          try await refund(order, receipt.chargeID, progress)
          throw .rejected(error)
        }
        progress(.confirming)
        let reference = try await log.step(
          "confirm",
          { () async throws(CheckoutFailure) in
            try await confirmPlaces(record, order, receipt.chargeID, log, progress)
          }, produced: { ["reference": .text($0.rawValue)] })
        let ticket = try await log.step(
          "ticket",
          { () async throws(CheckoutFailure) in
            try await storage(order.id) { () async throws(TicketingError) in
              try await dependencies.ledger.issueTicket(for: paid, reference: reference)
            }
          }, produced: { ["ticket": .text($0.id.rawValue)] })
        progress(.recorded(.ticketed))
        return ticket
      case .ticketed:
        return try await issuedTicket(record)
      case .released, .refunded, .cancelling, .placesReturned, .cancelled:
        throw .orderEnded(order.id, record.state)
      }
    }
  }

  // MARK: - Steps

  private func fetchTrip(_ id: TripID) async throws(CheckoutFailure) -> Trip {
    do {
      return try await dependencies.trips.trip(id: id)
    } catch TripError.notFound(let id) {
      throw .unknown(.trip(id))
    } catch TripError.storageFailed(let reason) {
      throw .supplier(.storage(reason), order: nil)
    } catch {
      throw .supplier(.unreachable(String(describing: error)), order: nil)
    }
  }

  private func holdPlaces(for order: DraftOrder) async throws(CheckoutFailure) -> PlaceHold {
    do {
      return try await dependencies.reservations.hold(
        order.places, on: order.tripID, key: order.id)
    } catch {
      switch error {
      case .soldOut(let id): throw .rejected(.soldOut(id))
      case .notEnoughPlaces(let requested, let available):
        throw .rejected(.notEnoughPlaces(requested: requested, available: available))
      case .tripNotFound(let id): throw .unknown(.trip(id))
      case .keyReused(let key): throw .keyReused(key)
      default: throw Self.supplierFailure(error, order.id)
      }
    }
  }

  /// Charges the card, or (for an order already charged) has the provider replay its receipt.
  /// A refusal releases the hold and ends the order; an unknown outcome leaves both as they are.
  private func charge(
    _ order: DraftOrder, _ card: PaymentCard, record: OrderRecord, _ log: SagaLog,
    _ progress: (Step) -> Void
  ) async throws(CheckoutFailure) -> PaymentReceipt {
    do {
      return try await dependencies.payments.charge(
        order.amount, to: card, idempotencyKey: order.id)
    } catch {
      switch error {
      case .idempotencyKeyReused: throw .keyReused(order.id)
      case .outcomeUnknown, .unavailable, .storageFailed, .processingFailed(isRetryable: true):
        throw .payment(error, order: order.id)
      default:
        guard record.state == .held, let hold = record.hold else {
          throw .payment(error, order: order.id)
        }
        log.compensating("release", because: "the payment was refused: \(error)")
        do {
          try await dependencies.reservations.release(hold.id)
        } catch {
          throw Self.supplierFailure(error, order.id)
        }
        _ = try await advance(order.id, by: .released, progress)
        throw .payment(error, order: order.id)
      }
    }
  }

  /// Confirms the held places. A supplier that will not confirm (the hold expired) gets the
  /// charge refunded and the order ended.
  private func confirmPlaces(
    _ record: OrderRecord, _ order: DraftOrder, _ chargeID: String, _ log: SagaLog,
    _ progress: (Step) -> Void
  ) async throws(CheckoutFailure) -> SupplierReference {
    if let reference = record.supplierReference { return reference }
    guard let hold = record.hold else {
      throw .ledger(
        .failed(.storageFailed(reason: "order \(order.id) was charged but holds no places")),
        order: order.id)
    }
    do {
      return try await dependencies.reservations.confirm(hold.id)
    } catch {
      switch error {
      case .holdExpired, .unknownReservation:
        log.compensating("refund", because: "the supplier would not confirm: \(error)")
        try await refund(order, chargeID, progress)
        throw .supplier(.refused(error.description), order: order.id)
      default: throw Self.supplierFailure(error, order.id)
      }
    }
  }

  private func refund(_ order: DraftOrder, _ chargeID: String, _ progress: (Step) -> Void)
    async throws(CheckoutFailure)
  {
    let refund = try await Self.refund(
      order.amount, ofCharge: chargeID, order: order.id, through: dependencies.payments)
    _ = try await advance(order.id, by: .refunded(refundID: refund.id), progress)
  }

  /// Gives a charge back, keyed by its order, so asking again never refunds twice.
  static func refund(
    _ amount: Money, ofCharge chargeID: String, order: OrderID,
    through payments: any PaymentGateway
  ) async throws(CheckoutFailure) -> PaymentRefund {
    do {
      return try await payments.refund(amount, ofCharge: chargeID, idempotencyKey: order)
    } catch {
      throw .refund(error, order: order)
    }
  }

  private func issuedTicket(_ record: OrderRecord) async throws(CheckoutFailure) -> Ticket {
    let tickets = try await storage(record.id) { () async throws(TicketingError) in
      try await dependencies.ledger.tickets()
    }
    guard let ticket = tickets.first(where: { $0.orderID == record.id }) else {
      throw .ledger(
        .failed(.storageFailed(reason: "order \(record.id) is ticketed but has no ticket")),
        order: record.id)
    }
    return ticket
  }

  private func advance(_ id: OrderID, by step: OrderStep, _ progress: (Step) -> Void)
    async throws(CheckoutFailure) -> OrderRecord
  {
    let record = try await storage(id) { () async throws(TicketingError) in
      try await dependencies.ledger.advance(id, by: step)
    }
    progress(.recorded(record.state))
    return record
  }

  /// Runs a ledger call. Once the order is recorded (`order` is its key), a failure keeps the
  /// key, so the traveller is told how to finish it rather than that nothing was recorded.
  private func storage<Result>(
    _ order: OrderID?, _ body: () async throws(TicketingError) -> Result
  ) async throws(CheckoutFailure) -> Result {
    do {
      return try await body()
    } catch {
      if case .orderConflict(let key) = error { throw .keyReused(key) }
      throw .ledger(.failed(error), order: order)
    }
  }

  static func supplierFailure(_ error: ReservationError, _ order: OrderID) -> CheckoutFailure {
    switch error {
    case .outcomeUnknown(let reason): .supplier(.outcomeUnknown(reason), order: order)
    case .storageFailed(let reason): .supplier(.storage(reason), order: order)
    default: .supplier(.unreachable(error.description), order: order)
    }
  }
}
