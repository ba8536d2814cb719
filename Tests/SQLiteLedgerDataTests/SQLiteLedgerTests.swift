import BookingInterface
import BookingInterfaceTestSupport
import Foundation
import Networking
import PaymentData
import PaymentInterface
import PaymentSandbox
import SQLValues
import SQLite
import SharedKernel
import TemporaryFolders
import Testing

@testable import SQLiteLedgerData

/// The SQLite ledger: the order ledger's contract, then what is SQLite's own (its file, its
/// migrations, raw SQL against its trigger) and the checkout sequence against the real payment
/// sandbox, in a temporary Voyage home.
@Suite("Order ledger")
struct LedgerTests {
  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("ledger")
  var home: URL { temporary.url }

  static let trip = Trip.fixture()

  func order(_ key: String = "order-1", places: Int = 2) throws -> DraftOrder {
    try DraftOrder(
      id: try #require(OrderID(key)), trip: Self.trip, places: places,
      traveller: Traveller(name: "Ada Lovelace", email: "ada@example.com"))
  }

  /// The card that succeeds.
  static func card() throws -> PaymentCard {
    try PaymentCard(
      number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
  }

  static let reference = SupplierReference.fixture("SBR-TEST")

  func hold(for order: DraftOrder) -> PlaceHold {
    PlaceHold(
      id: HoldID.fixture("HLD-\(order.id)"),
      tripID: order.tripID, places: order.places, expiresAt: Date() + 600)
  }

  /// The checkout saga's ledger writes, as CheckoutFeature makes them, with a real charge.
  func checkout(_ order: DraftOrder, ledger: any OrderLedger, gateway: any PaymentGateway)
    async throws -> Ticket
  {
    var record = try await ledger.begin(order, card: Self.card().masked)
    if record.state == .drafted {
      record = try await ledger.advance(order.id, by: .held(hold(for: order)))
    }
    if record.state == .ticketed {
      return try #require(try await ledger.tickets().first { $0.orderID == order.id })
    }
    let receipt = try await gateway.charge(order.amount, to: Self.card(), idempotencyKey: order.id)
    if record.state == .held {
      record = try await ledger.advance(order.id, by: .charged(chargeID: receipt.chargeID))
    }
    return try await ledger.issueTicket(
      for: order.confirm(with: receipt), reference: Self.reference)
  }

  func gateway(_ sandbox: PaymentSandbox) -> any PaymentGateway {
    PaymentDataAssembly.gateway(transport: sandbox.transport, deadline: .seconds(3_600))
  }

  /// Each call opens the ledger again on the same file: another connection, as another
  /// process would, so the contract's races meet only in SQLite's lock.
  @Test(arguments: OrderLedgerContract.allCases)
  func theSQLiteLedgerKeepsTheContract(_ rule: OrderLedgerContract) async throws {
    try await rule.check { [home] in try await SQLiteLedgerDataAssembly.ledger(home: home) }
  }

  @Test func theDatabaseItselfRefusesAMoveOutsideTheTable() async throws {
    _ = try await SQLiteLedgerDataAssembly.ledger(home: home).begin(
      order(), card: Self.card().masked)
    // Opened as a later version would open it (its migrations all applied), to write raw SQL.
    let raw = try SQLiteDatabase(
      file: home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName),
      migrations: Array(repeating: "SELECT 1;", count: SQLiteOrderLedger.migrations.count))
    await #expect(throws: SQLiteError.self) {
      try await raw.transaction { connection throws(SQLiteError) in
        try connection.execute("UPDATE orders SET state = 'ticketed' WHERE id = 'order-1'")
      }
    }
    let state = try await raw.read { connection throws(SQLiteError) in
      try connection.query("SELECT state FROM orders WHERE id = 'order-1'")
    }
    #expect(try state.map { try $0.text("state") } == ["drafted"])
  }

  @Test func aRowTheLedgerCannotReadIsAStorageFailureThatNamesTheColumn() async throws {
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
    _ = try await ledger.begin(order(), card: Self.card().masked)
    let raw = try SQLiteDatabase(
      file: home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName),
      migrations: Array(repeating: "SELECT 1;", count: SQLiteOrderLedger.migrations.count))
    try await raw.transaction { connection throws(SQLiteError) in
      try connection.execute("UPDATE orders SET currency = 'euros' WHERE id = 'order-1'")
    }
    await #expect(
      throws: TicketingError.storageFailed(
        reason:
          "a row in the ledger is malformed: column \"currency\" does not hold a valid Currency")
    ) {
      try await ledger.record(of: try #require(OrderID("order-1")))
    }
  }

  @Test func aLedgerOfTheFirstSchemaIsMigratedWithItsOrdersAndTickets() async throws {
    // Written as the first version of the ledger wrote it: one completed order, one started.
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    let old = try SQLiteDatabase(file: file, migrations: [SQLiteOrderLedger.migrations[0]])
    try await old.transaction { connection throws(SQLiteError) in
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
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
    let key = try #require(OrderID("old-done"))
    let done = try #require(try await ledger.record(of: key))
    #expect(done.state == .ticketed && done.chargeID == "ch_old")
    #expect(try await ledger.unfinishedOrders().map(\.id.rawValue) == ["old-open"])
    let oldTicket = try #require(try await ledger.tickets().first)
    #expect(oldTicket.id.rawValue == "TKT-OLD" && oldTicket.cardBrand == "Visa")
    #expect(oldTicket.cardLastFour == "4242")
  }

  /// Writes one ticketed order per key into the ledger's file as a release that ran only the
  /// first `migrations` wrote it, with that release's column names (the trip in `booking_id`
  /// before the seventh migration, `trip_id` from it; the count in `guests`, as every release
  /// before the eighth): drafted, then moved by the transition table to ticketed, with its ticket.
  func writeTicketedOrders(_ keys: [String], asTheReleaseThatRan migrations: Int) async throws
    -> SQLiteDatabase
  {
    try #require(migrations < 8, "a release from before the count's column was renamed")
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    let old = try SQLiteDatabase(
      file: file, migrations: Array(SQLiteOrderLedger.migrations.prefix(migrations)))
    let card = try Self.card().masked
    let trip = migrations < 7 ? "booking_id" : "trip_id"
    for key in keys {
      let order = try order(key)
      let value = SQLValue.text(key)
      try await old.transaction { connection throws(SQLiteError) in
        try connection.execute(
          """
          INSERT INTO orders (id, \(trip), guests, amount_minor_units, currency,
            traveller_name, traveller_email, card_brand, card_last_four, card_expiry,
            card_fingerprint, state, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'drafted', 1, 1)
          """,
          [
            value, .text(order.tripID.rawValue), .integer(Int64(order.places)),
            .integer(order.amount.minorUnits), .text(order.amount.currency.code),
            .text(order.traveller.name), .null, .text(card.brand), .text(card.lastFour),
            .text("\(card.expiryMonth)/\(card.expiryYear)"), .text(card.fingerprint),
          ])
        try connection.execute(
          "UPDATE orders SET state = 'held', hold_id = 'HLD-' || id, hold_expires_at = 2e9 WHERE id = ?",
          [value])
        try connection.execute(
          "UPDATE orders SET state = 'charged', charge_id = 'ch_' || id WHERE id = ?", [value])
        try connection.execute(
          "UPDATE orders SET state = 'ticketed', supplier_reference = 'SBR-TEST' WHERE id = ?",
          [value])
        try connection.execute(
          """
          INSERT INTO tickets (id, order_id, \(trip), traveller_name, guests, amount_minor_units,
            currency, card_brand, charge_id, issued_at, cancelled_at, card_last_four, paid_with)
          SELECT 'TKT-' || id, id, \(trip), traveller_name, guests, amount_minor_units, currency,
            card_brand, charge_id, 2, NULL, card_last_four, card_brand || ' •••• ' || card_last_four
          FROM orders WHERE id = ?
          """, [value])
      }
    }
    return old
  }

  /// A ledger written before cancellations had states of their own: its orders keep theirs,
  /// a ticketed one is cancelled by the new road, and the database now refuses the old move
  /// straight from ticketed to cancelled.
  @Test func aLedgerFromBeforeCancellationsIsMigratedAndCancelsByTheNewRoad() async throws {
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    do {
      // The release before cancellations ran the first five migrations.
      let old = try await writeTicketedOrders(["kept", "cancelled"], asTheReleaseThatRan: 5)
      // The move that schema allowed, written as it wrote it.
      try await old.transaction { connection throws(SQLiteError) in
        try connection.execute("UPDATE orders SET state = 'cancelled' WHERE id = 'cancelled'")
        try connection.execute(
          "UPDATE tickets SET cancelled_at = 1800000000 WHERE order_id = 'cancelled'")
      }
    }
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
    let kept = try #require(OrderID("kept"))
    #expect(try await ledger.record(of: kept)?.state == .ticketed)
    #expect(try await ledger.record(of: try #require(OrderID("cancelled")))?.state == .cancelled)
    let raw = try SQLiteDatabase(file: file, migrations: SQLiteOrderLedger.migrations)
    await #expect(throws: SQLiteError.self) {
      try await raw.transaction { connection throws(SQLiteError) in
        try connection.execute("UPDATE orders SET state = 'cancelled' WHERE id = 'kept'")
      }
    }
    for step in [OrderStep.cancelling, .placesReturned, .cancelled(refundID: "re_1")] {
      #expect(try await ledger.advance(kept, by: step).state == step.state)
    }
    #expect(try await ledger.tickets().map(\.status) == [.cancelled, .cancelled])
    #expect(try SQLiteDatabase.integrityCheck(of: file) == "ok")
  }

  /// A ledger written by a release before a column was renamed: the trip's (`booking_id`, by
  /// the release that ran six migrations) and the count's (`guests`, by the release that ran
  /// seven). This release renames both in place and keeps every row, lists its tickets with
  /// their trips and places, knows a key's request again, cancels a ticket, and still refuses
  /// an order of no places.
  @Test(arguments: [6, 7])
  func aLedgerFromBeforeAColumnWasRenamedListsItsTicketsAndCancelsOne(releaseThatRan: Int)
    async throws
  {
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    _ = try await writeTicketedOrders(["kept", "given-back"], asTheReleaseThatRan: releaseThatRan)
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
    let tickets = try await ledger.tickets()
    #expect(Set(tickets.map(\.id.rawValue)) == ["TKT-kept", "TKT-given-back"])
    #expect(tickets.allSatisfy { $0.tripID == Self.trip.id && $0.status == .issued })
    #expect(tickets.allSatisfy { $0.places == 2 })
    // The same request under the same key is answered from the ledger, not refused.
    #expect(try await ledger.begin(order("kept"), card: Self.card().masked).state == .ticketed)
    let givenBack = try #require(OrderID("given-back"))
    for step in [OrderStep.cancelling, .placesReturned, .cancelled(refundID: "re_1")] {
      #expect(try await ledger.advance(givenBack, by: step).state == step.state)
    }
    #expect(
      try await ledger.tickets().map { [$0.id.rawValue, $0.status.rawValue] }.sorted {
        $0[0] < $1[0]
      }
        == [["TKT-given-back", "cancelled"], ["TKT-kept", "issued"]])
    let raw = try SQLiteDatabase(file: file, migrations: SQLiteOrderLedger.migrations)
    let columns = try await raw.read { connection throws(SQLiteError) in
      try connection.query(
        "SELECT name FROM pragma_table_info('orders') UNION ALL SELECT name FROM pragma_table_info('tickets')",
        reading: { row throws(SQLRowError) in try row.text("name") })
    }
    #expect(columns.filter { $0 == "trip_id" }.count == 2 && !columns.contains("booking_id"))
    #expect(columns.filter { $0 == "places" }.count == 2 && !columns.contains("guests"))
    // The column's CHECK was renamed with it.
    await #expect(throws: SQLiteError.self) {
      try await raw.transaction { connection throws(SQLiteError) in
        try connection.execute("UPDATE orders SET places = 0 WHERE id = 'kept'")
      }
    }
    #expect(try SQLiteDatabase.integrityCheck(of: file) == "ok")
  }

  @Test func aLedgerWrittenByANewerVoyageIsRefusedAndLeftUntouched() async throws {
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    // One migration past the ledger's own, whatever their number.
    let newer = Array(repeating: "SELECT 1;", count: SQLiteOrderLedger.migrations.count + 1)
    _ = try SQLiteDatabase(file: file, migrations: newer)
    let bytes = try Data(contentsOf: file)
    await #expect(throws: TicketingError.newerSchema(path: file.path)) {
      try await SQLiteLedgerDataAssembly.ledger(home: home)
    }
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// Another process holds the file's write lock (a backup, a `sqlite3` shell in a
  /// transaction) past the busy timeout: the step fails as a lock held elsewhere, which says
  /// nothing was written, and the order stays where it was recorded.
  @Test func aStepALockHeldElsewhereKeepsOutFailsWithNothingWritten() async throws {
    let order = try order()
    let card = try Self.card().masked
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    _ = try await SQLiteLedgerDataAssembly.ledger(home: home).begin(order, card: card)
    let ledger = SQLiteOrderLedger(
      database: try SQLiteDatabase(
        file: file, migrations: SQLiteOrderLedger.migrations, busyTimeout: .milliseconds(100)))
    let holder = try SQLiteDatabase(file: file, migrations: SQLiteOrderLedger.migrations)
    try await holder.read { connection throws(SQLiteError) in
      try connection.execute("BEGIN IMMEDIATE")
    }
    await #expect(
      throws: TicketingError.lockedElsewhere(
        reason: "another process held \(file.path) locked for longer than the ledger waits")
    ) {
      try await ledger.advance(order.id, by: .held(hold(for: order)))
    }
    try await holder.read { connection throws(SQLiteError) in try connection.execute("ROLLBACK") }
    #expect(try await ledger.record(of: order.id)?.state == .drafted)
    #expect(
      "\(TicketingError.lockedElsewhere(reason: "R"))" == "R; nothing was written")
  }

  @Test func manyConcurrentCheckoutsWithTheSameKeyChargeOnceAndIssueOneTicket() async throws {
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
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

  @Test func aRestartAfterACrashBetweenChargeAndTicketCompletesWithoutASecondCharge() async throws {
    let order = try order()
    do {
      // The first process holds, is charged, then dies before it records the charge.
      let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
      #expect(try await ledger.begin(order, card: Self.card().masked).state == .drafted)
      _ = try await ledger.advance(order.id, by: .held(hold(for: order)))
      _ = try await gateway(PaymentSandbox(home: home)).charge(
        order.amount, to: Self.card(), idempotencyKey: order.id)
    }
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    #expect(try await ledger.begin(order, card: Self.card().masked).state == .held)
    let ticket = try await checkout(order, ledger: ledger, gateway: gateway(sandbox))
    #expect(try await ledger.tickets() == [ticket])
    #expect(try await sandbox.chargeCount() == 1)
  }

  @Test func aCorruptLedgerFileIsAClearErrorAndIsLeftUntouched() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName)
    let garbage =
      Data("this is not a database, it is a shopping list\n".utf8)
      + Data(repeating: 7, count: 4_096)
    try garbage.write(to: file)
    await #expect(throws: TicketingError.unreadableLedger(path: file.path)) {
      try await SQLiteLedgerDataAssembly.ledger(home: home)
    }
    #expect(try Data(contentsOf: file) == garbage)
  }

  @Test func noFullCardNumberIsAnywhereInTheDatabaseFiles() async throws {
    let ledger = try await SQLiteLedgerDataAssembly.ledger(home: home)
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
    #expect(files.contains(SQLiteLedgerDataAssembly.fileName))
    for file in files {
      let bytes = try Data(contentsOf: home.appendingPathComponent(file))
      for number in ["4242424242424242", "4000000000000002"] {
        #expect(bytes.range(of: Data(number.utf8)) == nil, "a full card number is in \(file)")
      }
    }
  }
}
