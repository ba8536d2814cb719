import BookingInterface
import EmbeddedDatabase
import Foundation
import LedgerData
import Networking
import PaymentData
import PaymentInterface
import PaymentSandbox
import SharedKernel
import Testing

/// The ledger, and the checkout sequence it exists for (begin → charge → confirm → issue),
/// against the real payment sandbox, in a temporary Voyage home.
@Suite("Order ledger")
struct LedgerTests {
  let home = FileManager.default.temporaryDirectory.appendingPathComponent(
    "voyage-ledger-\(UUID().uuidString)")

  static let booking = Booking(
    id: BookingID("LIS-001") ?? { preconditionFailure("valid identifier") }(),
    title: "Old Town Walks in Lisbon",
    destination: Destination(city: "Lisbon", country: "Portugal"),
    startDate: CalendarDate(daysSinceEpoch: 21_000), endDate: CalendarDate(daysSinceEpoch: 21_004),
    price: Money(minorUnits: 45_000, currency: .eur),
    rating: Rating(tenths: 45) ?? { preconditionFailure("valid rating") }(), seatsLeft: 9,
    details: "")

  func order(_ key: String = "order-1", guests: Int = 2) throws -> DraftOrder {
    try DraftOrder(
      id: try #require(OrderID(key)), booking: Self.booking, guests: guests,
      traveller: Traveller(name: "Ada Lovelace", email: "ada@example.com"))
  }

  static let card: PaymentCard = {
    do {
      return try PaymentCard(
        number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    } catch {
      preconditionFailure("the succeeding test card is valid")
    }
  }()

  /// The checkout sequence, as CheckoutFeature runs it.
  func checkout(_ order: DraftOrder, ledger: any OrderLedger, gateway: any PaymentGateway)
    async throws -> Ticket
  {
    if case .completed(let ticket) = try await ledger.begin(order) { return ticket }
    let receipt = try await gateway.charge(order.amount, to: Self.card, idempotencyKey: order.id)
    return try await ledger.issueTicket(for: order.confirm(with: receipt))
  }

  func gateway(_ sandbox: PaymentSandbox) -> any PaymentGateway {
    PaymentDataAssembly.gateway(transport: sandbox.transport)
  }

  @Test func aTicketSurvivesReopeningTheLedger() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let ticket = try await checkout(
      order(), ledger: ledger, gateway: gateway(PaymentSandbox(home: home)))
    let reopened = try await LedgerDataAssembly.ledger(home: home)
    #expect(try await reopened.tickets() == [ticket])
    #expect(ticket.amountPaid == Money(minorUnits: 90_000, currency: .eur))
    #expect(ticket.paidWith == "Visa •••• 4242")
  }

  @Test func beginReportsHowFarAnEarlierAttemptWithTheSameKeyGot() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    #expect(try await ledger.begin(order()) == .started)
    #expect(try await ledger.begin(order()) == .resumed)
    let ticket = try await checkout(
      order(), ledger: ledger, gateway: gateway(PaymentSandbox(home: home)))
    #expect(try await ledger.begin(order()) == .completed(ticket))
  }

  @Test func theSameKeyForADifferentOrderIsAConflict() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    _ = try await ledger.begin(order(guests: 2))
    await #expect(throws: TicketingError.orderConflict(try #require(OrderID("order-1")))) {
      try await ledger.begin(order(guests: 3))
    }
  }

  @Test func manyConcurrentCheckoutsWithTheSameKeyChargeOnceAndIssueOneTicket() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    let order = try order()
    let tickets = try await withThrowingTaskGroup(of: Ticket.self) { group in
      for _ in 0..<25 {
        group.addTask { try await checkout(order, ledger: ledger, gateway: gateway(sandbox)) }
      }
      return try await group.reduce(into: [Ticket]()) { $0.append($1) }
    }
    #expect(Set(tickets.map(\.id)).count == 1)
    #expect(try await ledger.tickets().count == 1)
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func checkoutsThroughSeparateConnectionsLikeSeparateProcessesTicketOnce() async throws {
    // Each side opens its own ledger and sandbox connection, as two processes would; SQLite's
    // file lock, not an actor, is what orders them.
    let order = try order()
    let tickets = try await withThrowingTaskGroup(of: Ticket.self) { group in
      for _ in 0..<6 {
        group.addTask {
          let ledger = try await LedgerDataAssembly.ledger(home: home)
          return try await checkout(
            order, ledger: ledger, gateway: gateway(PaymentSandbox(home: home)))
        }
      }
      return try await group.reduce(into: [Ticket]()) { $0.append($1) }
    }
    #expect(Set(tickets.map(\.id)).count == 1)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 1)
  }

  @Test func aRestartAfterACrashBetweenChargeAndTicketCompletesWithoutASecondCharge() async throws {
    let order = try order()
    do {
      // The first process records the order and is charged, then dies before the ticket.
      let ledger = try await LedgerDataAssembly.ledger(home: home)
      #expect(try await ledger.begin(order) == .started)
      _ = try await gateway(PaymentSandbox(home: home)).charge(
        order.amount, to: Self.card, idempotencyKey: order.id)
    }
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    #expect(try await ledger.begin(order) == .resumed)
    let ticket = try await checkout(order, ledger: ledger, gateway: gateway(sandbox))
    #expect(try await ledger.tickets() == [ticket])
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func aCorruptLedgerFileIsAClearErrorAndIsLeftUntouched() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent(LedgerDataAssembly.fileName)
    let garbage =
      Data("this is not a database, it is a shopping list\n".utf8)
      + Data(repeating: 7, count: 4_096)
    try garbage.write(to: file)
    await #expect(throws: TicketingError.unreadableLedger(path: file.path)) {
      try await LedgerDataAssembly.ledger(home: home)
    }
    #expect(try Data(contentsOf: file) == garbage)
  }

  @Test func noFullCardNumberIsAnywhereInTheDatabaseFiles() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    _ = try await checkout(order(), ledger: ledger, gateway: gateway(sandbox))
    await #expect(throws: PaymentError.declined) {
      let declined = try PaymentCard(
        number: "4000000000000002", expiryMonth: 12, expiryYear: 2099, holderName: "A")
      _ = try await gateway(sandbox).charge(
        Money(minorUnits: 1_000, currency: .eur), to: declined,
        idempotencyKey: try #require(OrderID("order-2")))
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: home.path)
    #expect(files.contains(LedgerDataAssembly.fileName))
    for file in files {
      let bytes = try Data(contentsOf: home.appendingPathComponent(file))
      for number in ["4242424242424242", "4000000000000002"] {
        #expect(bytes.range(of: Data(number.utf8)) == nil, "a full card number is in \(file)")
      }
    }
  }
}
