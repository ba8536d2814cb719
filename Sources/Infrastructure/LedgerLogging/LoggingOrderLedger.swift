import BookingInterface
import EventLog
import SharedKernel

/// Any ledger, each call told to the log: the operation, the order, how long it took, and the
/// error if it failed. A decorator, so the SQLite ledger, the PostgreSQL one and a test's double
/// are logged the same way without any of them knowing.
struct LoggingOrderLedger: OrderLedger {
  let ledger: any OrderLedger
  let log: EventLogger

  func issueTicket(for order: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
  {
    try await logged("issue ticket", order.order.id) { () async throws(TicketingError) in
      try await ledger.issueTicket(for: order, reference: reference)
    }
  }

  func tickets() async throws(TicketingError) -> [Ticket] {
    try await logged("list tickets", nil) { () async throws(TicketingError) in
      try await ledger.tickets()
    }
  }

  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord {
    try await logged("begin order", order.id) { () async throws(TicketingError) in
      try await ledger.begin(order, card: card)
    }
  }

  func record(of id: OrderID) async throws(TicketingError) -> OrderRecord? {
    try await logged("read order", id) { () async throws(TicketingError) in
      try await ledger.record(of: id)
    }
  }

  func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord? {
    try await logged("read order of ticket", nil) { () async throws(TicketingError) in
      try await ledger.record(of: ticket)
    }
  }

  func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord {
    try await logged("advance order", id) { () async throws(TicketingError) in
      try await ledger.advance(id, by: step)
    }
  }

  func noteFailure(_ id: OrderID, _ failure: String) async throws(TicketingError) {
    try await logged("note failure", id) { () async throws(TicketingError) in
      try await ledger.noteFailure(id, failure)
    }
  }

  func unfinishedOrders() async throws(TicketingError) -> [OrderRecord] {
    try await logged("list unfinished orders", nil) { () async throws(TicketingError) in
      try await ledger.unfinishedOrders()
    }
  }

  private func logged<Result>(
    _ operation: String, _ order: OrderID?, _ body: () async throws(TicketingError) -> Result
  ) async throws(TicketingError) -> Result {
    let started = ContinuousClock.now
    var metadata: LogMetadata = ["operation": .text(operation)]
    if let order { metadata["order"] = .text(order.rawValue) }
    do {
      let result = try await body()
      metadata["duration_ms"] = .milliseconds(ContinuousClock.now - started)
      log.info("call answered", metadata)
      return result
    } catch {
      metadata["duration_ms"] = .milliseconds(ContinuousClock.now - started)
      metadata["error"] = .text(error.description)
      log.warning("call failed", metadata)
      throw error
    }
  }
}
