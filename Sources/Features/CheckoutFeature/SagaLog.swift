import BookingInterface
import EventLog
import SharedKernel

/// What the saga tells the log, one order at a time: each step with its outcome and duration,
/// each state the ledger recorded, each compensation and why, and how the checkout (or the
/// cancellation of its ticket) ended. Every event carries the order's key, so the log of a run
/// that failed and of the run that finished it read as one story when filtered by `order`.
///
/// | message | level | metadata besides `order` |
/// |---|---|---|
/// | checkout started | info | `trip`, `places`, `resumed_from` (the recorded state, if any) |
/// | cancellation started | info | `ticket`, `resumed_from` (the recorded state, when it was under way) |
/// | step finished | info | `step`, `duration_ms`, and what it produced (`hold`, `charge`, `ticket`, `reference`, `refund`) |
/// | step failed | warning | `step`, `duration_ms`, `error` (the code `--json` prints) |
/// | order recorded | info | `state` |
/// | compensating | warning | `compensation` (`release` or `refund`), `because` |
/// | checkout finished | info | `ticket`, `duration_ms` |
/// | ticket cancelled | info | `ticket`, `duration_ms` |
/// | checkout failed, cancellation failed | warning (refused, interrupted) or error | `error`, `message`, `duration_ms` |
struct SagaLog {
  let log: EventLogger
  /// The commands a failure's message suggests, as the screen's does.
  private let commands: CheckoutCommands
  private let started = ContinuousClock.now

  init(_ log: EventLogger, order: OrderID, commands: CheckoutCommands) {
    self.log = log.adding(["order": .text(order.rawValue)])
    self.commands = commands
  }

  func started(_ request: CheckoutRequest, resumedFrom state: OrderState?) {
    var metadata: LogMetadata = [
      "trip": .text(request.tripID.rawValue), "places": .integer(request.places),
    ]
    if let state { metadata["resumed_from"] = .text(state.rawValue) }
    log.info("checkout started", metadata)
  }

  func cancellationStarted(_ ticket: TicketID, resumedFrom state: OrderState) {
    var metadata: LogMetadata = ["ticket": .text(ticket.rawValue)]
    if state != .ticketed { metadata["resumed_from"] = .text(state.rawValue) }
    log.info("cancellation started", metadata)
  }

  /// Runs one step, logging its outcome (with what `produced` says of its result) or its failure.
  func step<Result>(
    _ name: String, _ body: () async throws(CheckoutFailure) -> Result,
    produced: (Result) -> LogMetadata = { _ in [:] }
  ) async throws(CheckoutFailure) -> Result {
    let start = ContinuousClock.now
    do {
      let result = try await body()
      let finished: LogMetadata = [
        "step": .text(name), "duration_ms": .milliseconds(ContinuousClock.now - start),
      ]
      log.info("step finished", finished.merging(produced(result)))
      return result
    } catch {
      log.warning(
        "step failed",
        [
          "step": .text(name), "duration_ms": .milliseconds(ContinuousClock.now - start),
          "error": .text(error.code),
        ])
      throw error
    }
  }

  func recorded(_ state: OrderState) {
    log.info("order recorded", ["state": .text(state.rawValue)])
  }

  func compensating(_ compensation: String, because reason: String) {
    log.warning("compensating", ["compensation": .text(compensation), "because": .text(reason)])
  }

  func finished(_ ticket: Ticket) {
    log.info(
      "checkout finished",
      [
        "ticket": .text(ticket.id.rawValue),
        "duration_ms": .milliseconds(ContinuousClock.now - started),
      ])
  }

  func cancelled(_ ticket: Ticket) {
    log.info(
      "ticket cancelled",
      [
        "ticket": .text(ticket.id.rawValue),
        "duration_ms": .milliseconds(ContinuousClock.now - started),
      ])
  }

  /// Logs how the checkout, or the operation `operation` names, failed.
  func failed(
    _ failure: CheckoutFailure, finishing operation: CheckoutViewModel.Operation = .checkout
  ) {
    let level: LogLevel = failure.isRefusal ? .warning : .error
    log.log(
      level, operation == .checkout ? "checkout failed" : "cancellation failed",
      [
        "error": .text(failure.code),
        "message": .text(
          CheckoutScreen.message(failure, finishing: operation, commands: commands)),
        "duration_ms": .milliseconds(ContinuousClock.now - started),
      ])
  }
}
