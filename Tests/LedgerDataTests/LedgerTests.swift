import BookingInterface
import EmbeddedDatabase
import Foundation
import Networking
import PaymentData
import PaymentInterface
import PaymentSandbox
import SharedKernel
import Testing

@testable import LedgerData

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

  static let reference = SupplierReference("SBR-TEST") ?? { preconditionFailure("valid") }()

  func hold(for order: DraftOrder) -> SeatHold {
    SeatHold(
      id: HoldID("HLD-\(order.id)") ?? { preconditionFailure("valid identifier") }(),
      bookingID: order.bookingID, places: order.guests, expiresAt: Date() + 600)
  }

  /// The checkout saga's ledger writes, as CheckoutFeature makes them, with a real charge.
  func checkout(_ order: DraftOrder, ledger: any OrderLedger, gateway: any PaymentGateway)
    async throws -> Ticket
  {
    var record = try await ledger.begin(order, card: Self.card.masked)
    if record.state == .drafted {
      record = try await ledger.advance(order.id, by: .held(hold(for: order)))
    }
    if record.state == .ticketed {
      return try #require(try await ledger.tickets().first { $0.orderID == order.id })
    }
    let receipt = try await gateway.charge(order.amount, to: Self.card, idempotencyKey: order.id)
    if record.state == .held {
      record = try await ledger.advance(order.id, by: .charged(chargeID: receipt.chargeID))
    }
    return try await ledger.issueTicket(
      for: order.confirm(with: receipt), reference: Self.reference)
  }

  func gateway(_ sandbox: PaymentSandbox) -> any PaymentGateway {
    PaymentDataAssembly.gateway(transport: sandbox.transport, deadline: .seconds(3_600))
  }

  @Test func aTicketSurvivesReopeningTheLedger() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let ticket = try await checkout(
      order(), ledger: ledger, gateway: gateway(PaymentSandbox(home: home)))
    let reopened = try await LedgerDataAssembly.ledger(home: home)
    #expect(try await reopened.tickets() == [ticket])
    #expect(ticket.amountPaid == Money(minorUnits: 90_000, currency: .eur))
    #expect(ticket.cardBrand == "Visa" && ticket.cardLastFour == "4242")
  }

  @Test func beginRecordsADraftOnceAndThenReportsHowFarTheOrderGot() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    #expect(try await ledger.begin(order(), card: Self.card.masked).state == .drafted)
    _ = try await ledger.advance(try order().id, by: .held(hold(for: order())))
    #expect(try await ledger.begin(order(), card: Self.card.masked).state == .held)
    let ticket = try await checkout(
      order(), ledger: ledger, gateway: gateway(PaymentSandbox(home: home)))
    let record = try await ledger.begin(order(), card: Self.card.masked)
    #expect(record.state == .ticketed && record.ticketID == ticket.id)
    let expectedHold = hold(for: try order())
    #expect(record.supplierReference == Self.reference && record.hold?.id == expectedHold.id)
    let found = try await ledger.record(of: ticket.id)
    #expect(found == record)
  }

  @Test(arguments: ["guests", "traveller", "card"])
  func aKeyIsBoundToItsFirstRequest(changed: String) async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    _ = try await ledger.begin(order(guests: 2), card: Self.card.masked)
    let other = MaskedCard(brand: "Visa", lastFour: "1881", expiryMonth: 12, expiryYear: 2099)
    let (again, card): (DraftOrder, MaskedCard) =
      switch changed {
      case "guests": (try order(guests: 3), Self.card.masked)
      case "traveller":
        (
          try DraftOrder(
            id: try #require(OrderID("order-1")), booking: Self.booking, guests: 2,
            traveller: Traveller(name: "Grace Hopper")), Self.card.masked
        )
      default: (try order(guests: 2), other)
      }
    await #expect(throws: TicketingError.orderConflict(try #require(OrderID("order-1")))) {
      try await ledger.begin(again, card: card)
    }
  }

  /// Every cell of the saga's transition table, against the real ledger: an order is brought to
  /// each state, then every step is tried on it. A move the table allows is written; any other
  /// is refused and leaves the record as it was.
  @Test func theLedgerWritesExactlyTheMovesOfTheTransitionTable() async throws {
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    let receipt = { (order: DraftOrder) in
      try await gateway(sandbox).charge(order.amount, to: Self.card, idempotencyKey: order.id)
    }
    /// Brings a fresh order to `state` by the table's own roads.
    func order(in state: OrderState, _ key: String) async throws -> DraftOrder {
      let order = try self.order(key)
      _ = try await ledger.begin(order, card: Self.card.masked)
      let road: [OrderState] =
        switch state {
        case .drafted: []
        case .held: [.held]
        case .charged: [.held, .charged]
        case .ticketed: [.held, .charged, .ticketed]
        case .released: [.released]
        case .refunded: [.held, .charged, .refunded]
        case .cancelled: [.held, .charged, .ticketed, .cancelled]
        }
      for next in road {
        switch next {
        case .held: _ = try await ledger.advance(order.id, by: .held(hold(for: order)))
        case .charged:
          _ = try await ledger.advance(
            order.id, by: .charged(chargeID: try await receipt(order).chargeID))
        case .ticketed:
          _ = try await ledger.issueTicket(
            for: order.confirm(with: try await receipt(order)), reference: Self.reference)
        case .released: _ = try await ledger.advance(order.id, by: .released)
        case .refunded: _ = try await ledger.advance(order.id, by: .refunded(refundID: "re_1"))
        case .cancelled: _ = try await ledger.advance(order.id, by: .cancelled(refundID: "re_2"))
        case .drafted: break
        }
      }
      return order
    }
    var table = [
      "from \\ to      "
        + OrderState.allCases.map { $0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) }
        .joined()
    ]
    var number = 0
    for from in OrderState.allCases {
      var row = from.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)
      for to in OrderState.allCases {
        number += 1
        let subject = try await order(in: from, "cell-\(number)")
        let before = try #require(try await ledger.record(of: subject.id))
        #expect(before.state == from)
        var written: Bool
        do {
          switch to {
          case .drafted: throw TicketingError.illegalTransition(subject.id, from: from, to: to)
          case .held:
            let other = SeatHold(
              id: try #require(HoldID("HLD-other")), bookingID: subject.bookingID, places: 2,
              expiresAt: Date())
            _ = try await ledger.advance(subject.id, by: .held(other))
          case .charged:
            _ = try await ledger.advance(subject.id, by: .charged(chargeID: "ch_other"))
          case .ticketed:
            _ = try await ledger.issueTicket(
              for: subject.confirm(with: try await receipt(subject)), reference: Self.reference)
          case .released: _ = try await ledger.advance(subject.id, by: .released)
          case .refunded: _ = try await ledger.advance(subject.id, by: .refunded(refundID: "re_x"))
          case .cancelled:
            _ = try await ledger.advance(subject.id, by: .cancelled(refundID: "re_x"))
          }
          written = true
        } catch is TicketingError {
          written = false
        }
        let after = try #require(try await ledger.record(of: subject.id))
        let allowed = from.next.contains(to)
        // Repeating the step that ended here (a second process on the same key) answers with
        // the record as it is: the same ticket, the same release. It changes nothing.
        let repeated = from == to && [.ticketed, .released].contains(to)
        #expect(written == (allowed || repeated), "\(from) → \(to)")
        #expect(after.state == (allowed ? to : from), "\(from) → \(to)")
        row += (allowed ? "yes" : "-").padding(toLength: 10, withPad: " ", startingAt: 0)
      }
      table.append(row)
    }
    print(table.joined(separator: "\n"))
  }

  @Test func theDatabaseItselfRefusesAMoveOutsideTheTable() async throws {
    _ = try await LedgerDataAssembly.ledger(home: home).begin(order(), card: Self.card.masked)
    // Opened as a later version would open it (its migrations all applied), to write raw SQL.
    let raw = try Database(
      file: home.appendingPathComponent(LedgerDataAssembly.fileName),
      migrations: Array(repeating: "SELECT 1;", count: SQLiteOrderLedger.migrations.count))
    await #expect(throws: DatabaseError.self) {
      try await raw.transaction { connection throws(DatabaseError) in
        try connection.execute("UPDATE orders SET state = 'ticketed' WHERE id = 'order-1'")
      }
    }
    let state = try await raw.read { connection throws(DatabaseError) in
      try connection.query("SELECT state FROM orders WHERE id = 'order-1'")
    }
    #expect(state == [[.text("drafted")]])
  }

  @Test func aLedgerOfTheFirstSchemaIsMigratedWithItsOrdersAndTickets() async throws {
    // Written as the first version of the ledger wrote it: one completed order, one started.
    let file = home.appendingPathComponent(LedgerDataAssembly.fileName)
    let old = try Database(file: file, migrations: [SQLiteOrderLedger.migrations[0]])
    try await old.transaction { connection throws(DatabaseError) in
      try connection.execute(
        """
        INSERT INTO orders VALUES
          ('old-done', 'LIS-001', 2, 90000, 'EUR', 'Ada', NULL, 'completed', 1),
          ('old-open', 'LIS-001', 1, 45000, 'EUR', 'Ada', NULL, 'started', 2)
        """)
      try connection.execute(
        """
        INSERT INTO tickets VALUES ('TKT-OLD', 'old-done', 'LIS-001', 'Ada', 2, 90000, 'EUR',
          'Visa •••• 4242', 'ch_old', 1)
        """)
    }
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let key = try #require(OrderID("old-done"))
    let done = try #require(try await ledger.record(of: key))
    #expect(done.state == .ticketed && done.chargeID == "ch_old")
    #expect(try await ledger.unfinishedOrders().map(\.id.rawValue) == ["old-open"])
    let oldTicket = try #require(try await ledger.tickets().first)
    #expect(oldTicket.id.rawValue == "TKT-OLD" && oldTicket.cardBrand == "Visa")
    #expect(oldTicket.cardLastFour == "4242")
  }

  @Test func aLedgerWrittenByANewerVoyageIsRefusedAndLeftUntouched() async throws {
    let file = home.appendingPathComponent(LedgerDataAssembly.fileName)
    _ = try Database(file: file, migrations: Array(repeating: "SELECT 1;", count: 9))
    let bytes = try Data(contentsOf: file)
    await #expect(throws: TicketingError.newerSchema(path: file.path)) {
      try await LedgerDataAssembly.ledger(home: home)
    }
    #expect(try Data(contentsOf: file) == bytes)
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
      // The first process holds, is charged, then dies before it records the charge.
      let ledger = try await LedgerDataAssembly.ledger(home: home)
      #expect(try await ledger.begin(order, card: Self.card.masked).state == .drafted)
      _ = try await ledger.advance(order.id, by: .held(hold(for: order)))
      _ = try await gateway(PaymentSandbox(home: home)).charge(
        order.amount, to: Self.card, idempotencyKey: order.id)
    }
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    #expect(try await ledger.begin(order, card: Self.card.masked).state == .held)
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
