public import BookingInterface
public import CheckoutFeature
import PaymentInterface
public import SharedKernel

extension AppGraph {
  /// How a front offers checkout, which decides what its messages may suggest: a command a
  /// person typed, which the order's key can repeat, or a session of questions, which has no
  /// command to repeat.
  public enum CheckoutFront: Sendable {
    /// `voyage checkout` and `voyage cancel`.
    case command
    /// The interactive session that `voyage` alone starts in a terminal.
    case session
  }

  /// A checkout feature wired to this graph: its outputs become app events and move the router.
  /// `recorded` hears each state of an order the ledger made durable, before anything else
  /// does (a fault point may stop the process there): a front says an order's key only once
  /// there is an order to finish with it.
  public func checkout(
    for front: CheckoutFront, recorded: @escaping (OrderID, OrderState) -> Void = { _, _ in }
  ) async throws(GraphOpeningError) -> CheckoutFeature {
    let payments: any PaymentGateway
    let ledger: any OrderLedger
    do {
      payments = try self.payments()
    } catch {
      throw .payments(error)
    }
    do {
      ledger = try await self.ledger()
    } catch {
      throw .ledger(error)
    }
    let dependencies = CheckoutDependencies(
      trips: trips, reservations: reservations, payments: payments, ledger: ledger,
      log: logging.logger("checkout"), commands: Self.checkoutCommands(for: front))
    return CheckoutFeature(dependencies: dependencies) { [weak self] output in
      if case .orderRecorded(let order, let state) = output { recorded(order, state) }
      self?.route(output)
    }
  }

  /// The commands checkout's messages suggest: the `voyage` command line's, which the root
  /// alone knows it is composed into; the order key's option only where there is a command to
  /// run again with it.
  static func checkoutCommands(for front: CheckoutFront) -> CheckoutCommands {
    CheckoutCommands(
      finishCancelling: "voyage cancel", listUnfinishedOrders: "voyage orders",
      orderKeyOption: front == .command ? "--idempotency-key" : nil)
  }

  /// Where checkout's outputs go: ticket changes invalidate the cached trip; every recorded
  /// step is a point where a test may stop the process; the router follows to the next screen.
  private func route(_ output: CheckoutOutput) {
    switch output {
    case .ticketIssued(_, let trip): emit(.ticketIssued(trip))
    case .ticketCancelled(_, let trip): emit(.ticketCancelled(trip))
    case .paymentDeclined: break
    case .orderRecorded(_, let state): FaultPoints.reached("ledger:\(state.rawValue)")
    }
    router.follow(AppRouter.next(after: output))
  }
}

extension AppRouter {
  /// Where each of checkout's outputs leads: a ticket issued or cancelled opens the ticket's
  /// screen; a refused card and a recorded step stay where the traveller is.
  static func next(after output: CheckoutOutput) -> AppRoute? {
    switch output {
    case .ticketIssued(let ticket, _), .ticketCancelled(let ticket, _): .ticket(ticket)
    case .paymentDeclined, .orderRecorded: nil
    }
  }
}
