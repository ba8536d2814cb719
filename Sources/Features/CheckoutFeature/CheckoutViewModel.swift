import BookingInterface
import PaymentInterface
import SharedKernel

/// Checkout's state machine: draft → holding → charging → confirming → ticketed or failed, and
/// cancelling → cancelled or failed. A result for an older request never overwrites a newer one.
final class CheckoutViewModel {
  enum State: Equatable {
    case draft
    case holding(OrderID)
    case charging(OrderID)
    case confirming(OrderID)
    case ticketed(Ticket)
    case cancelling(TicketID)
    /// The ticket is cancelled; `earlier`: it already was, before this request.
    case cancelled(Ticket, earlier: Bool)
    case givingUp(OrderID)
    case givenUp(OrderRecord)
    case failed(CheckoutFailure)

    var failure: CheckoutFailure? {
      if case .failed(let failure) = self { return failure }
      return nil
    }
  }

  /// What the last request was, so a failure's advice names the command that finishes it.
  enum Operation: Equatable {
    /// A checkout, finished by the same checkout with its key.
    case checkout
    /// A ticket's cancellation (asked for by the ticket, or by its order's key), finished by
    /// cancelling the ticket again.
    case cancel(TicketID)
    /// Giving up an order without a ticket, finished by giving it up again.
    case giveUp(OrderID)
  }

  private(set) var state: State = .draft
  private(set) var operation: Operation = .checkout
  private let useCase: CheckoutUseCase
  private let cancellation: CancellationUseCase
  private let abandonment: AbandonmentUseCase
  private let output: (CheckoutOutput) -> Void
  private var latestRequest = 0

  init(
    useCase: CheckoutUseCase, cancellation: CancellationUseCase,
    output: @escaping (CheckoutOutput) -> Void
  ) {
    self.useCase = useCase
    self.cancellation = cancellation
    self.abandonment = AbandonmentUseCase(dependencies: cancellation.dependencies)
    self.output = output
  }

  func checkout(_ request: CheckoutRequest) async {
    latestRequest += 1
    let current = latestRequest
    state = .draft
    operation = .checkout
    do {
      let ticket = try await useCase.run(request) { step in
        switch step {
        case .recorded(let orderState):
          output(.orderRecorded(request.orderID, orderState))
          return
        case .holding where current == latestRequest: state = .holding(request.orderID)
        case .charging where current == latestRequest: state = .charging(request.orderID)
        case .confirming where current == latestRequest: state = .confirming(request.orderID)
        default: return
        }
      }
      output(.ticketIssued(ticket.id, trip: ticket.tripID))
      guard current == latestRequest else { return }
      state = .ticketed(ticket)
    } catch {
      if case .payment(let reason, let order) = error, !reason.isRetryable {
        output(.paymentDeclined(order))
      }
      guard current == latestRequest else { return }
      state = .failed(error)
    }
  }

  func cancel(_ ticketID: TicketID) async {
    latestRequest += 1
    await cancel(ticketID, request: latestRequest)
  }

  /// Cancels `ticketID` for the request numbered `current`.
  private func cancel(_ ticketID: TicketID, request current: Int) async {
    if current == latestRequest {
      state = .cancelling(ticketID)
      operation = .cancel(ticketID)
    }
    do {
      let (ticket, earlier) = try await cancellation.run(ticketID) { order, recorded in
        output(.orderRecorded(order, recorded))
      }
      output(.ticketCancelled(ticket.id, trip: ticket.tripID))
      guard current == latestRequest else { return }
      state = .cancelled(ticket, earlier: earlier)
    } catch {
      guard current == latestRequest else { return }
      state = .failed(error)
    }
  }

  func giveUp(_ order: OrderID) async {
    latestRequest += 1
    let current = latestRequest
    state = .givingUp(order)
    operation = .giveUp(order)
    do {
      switch try await abandonment.run(order) {
      case .released(let record), .refunded(let record):
        output(.orderRecorded(order, record.state))
        guard current == latestRequest else { return }
        state = .givenUp(record)
      case .ticketed(let ticket):
        // An order with a ticket is given up by cancelling the ticket.
        await cancel(ticket, request: current)
      }
    } catch {
      guard current == latestRequest else { return }
      state = .failed(error)
    }
  }
}
