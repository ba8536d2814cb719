import BookingInterface
import BookingInterfaceTestSupport
import EventLog
import LedgerLogging
import SharedKernel
import Testing

/// The logging decorator tells the log every call and changes none: the order ledger's contract
/// holds through it, an answer is an info event and a failure a warning that is thrown on as it was.
@Suite("A ledger told to a log")
struct LedgerLoggingTests {
  static let card = MaskedCard(
    brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099, fingerprint: "a1b2c3")

  func order(_ key: String) throws -> DraftOrder {
    try DraftOrder(
      id: try #require(OrderID(key)), trip: Trip.fixture(), places: 2,
      traveller: Traveller(name: "Ada Lovelace"))
  }

  @Test(arguments: OrderLedgerContract.allCases)
  func aLoggedLedgerKeepsTheContract(_ rule: OrderLedgerContract) async throws {
    let logged = LedgerLoggingAssembly.logging(
      InMemoryOrderLedger(), to: EventLogger(label: "ledger", level: .debug, sink: LogRecorder()))
    try await rule.check { logged }
  }

  @Test func eachAnsweredCallIsOneInfoEventNamingItsOperationAndOrder() async throws {
    let recorder = LogRecorder()
    let ledger = LedgerLoggingAssembly.logging(
      InMemoryOrderLedger(), to: EventLogger(label: "ledger", level: .info, sink: recorder))
    _ = try await ledger.begin(try order("order-1"), card: Self.card)
    _ = try await ledger.tickets()
    let events = recorder.events
    #expect(events.map(\.level) == [.info, .info])
    #expect(events.map(\.message) == ["call answered", "call answered"])
    #expect(
      events.map { $0.metadata["operation"] } == [.text("begin order"), .text("list tickets")])
    #expect(events.map { $0.metadata["order"] } == [.text("order-1"), nil])
    #expect(events.allSatisfy { $0.metadata["duration_ms"] != nil })
  }

  @Test func aFailedCallIsAWarningWithItsErrorAndIsThrownOnUnchanged() async throws {
    let recorder = LogRecorder()
    let failure = TicketingError.diskFull(path: "/full/ledger.sqlite")
    let ledger = LedgerLoggingAssembly.logging(
      InMemoryOrderLedger(readFailure: failure),
      to: EventLogger(label: "ledger", level: .info, sink: recorder))
    await #expect(throws: failure) { try await ledger.tickets() }
    let event = try #require(recorder.events.first)
    #expect(recorder.events.count == 1)
    #expect(event.level == .warning && event.message == "call failed")
    #expect(event.metadata["error"] == .text(failure.description))
  }

  @Test func aLogThatRecordsNoWarningGetsTheLedgerItselfBack() {
    let ledger = InMemoryOrderLedger()
    let quiet = LedgerLoggingAssembly.logging(ledger, to: .disabled)
    #expect((quiet as? InMemoryOrderLedger) === ledger)
    let errorsOnly = LedgerLoggingAssembly.logging(
      ledger, to: EventLogger(label: "ledger", level: .error, sink: LogRecorder()))
    #expect((errorsOnly as? InMemoryOrderLedger) === ledger)
    let warnings = LedgerLoggingAssembly.logging(
      ledger, to: EventLogger(label: "ledger", level: .warning, sink: LogRecorder()))
    #expect(!(warnings is InMemoryOrderLedger))
  }
}
