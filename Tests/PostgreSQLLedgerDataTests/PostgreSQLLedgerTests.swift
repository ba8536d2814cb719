import BookingInterface
import BookingInterfaceTestSupport
import Foundation
import PostgreSQL
import PostgreSQLTestServer
import SQLValues
import SharedKernel
import Testing

@testable import PostgreSQLLedgerData

/// The PostgreSQL ledger: the order ledger's contract, then what is the server's own (raw SQL
/// against its trigger, a newer schema, a server that is not there), each test in a schema of
/// its own.
@Suite("Server order ledger", .enabled(if: TestServer.runs, TestServer.skipped))
struct PostgreSQLLedgerTests {
  let schema = TestServer.freshSchema()

  func ledger() async throws -> any OrderLedger {
    try await PostgreSQLLedgerDataAssembly.ledger(
      connectionString: TestServer.url(), schema: schema, deadline: .seconds(20))
  }

  /// Each call connects again: another pool of connections, as another process would have, so
  /// the contract's races meet only in the server's row locks.
  @Test(arguments: OrderLedgerContract.allCases)
  func thePostgreSQLLedgerKeepsTheContract(_ rule: OrderLedgerContract) async throws {
    let url = try TestServer.url()
    let schema = schema
    try await rule.check {
      try await PostgreSQLLedgerDataAssembly.ledger(
        connectionString: url, schema: schema, deadline: .seconds(20))
    }
  }

  @Test func theDatabaseItselfRefusesAMoveOutsideTheTable() async throws {
    let trip = Trip.fixture()
    let order = try DraftOrder(
      id: try #require(OrderID("order-1")), trip: trip, places: 1,
      traveller: Traveller(name: "Ada"))
    let card = MaskedCard(brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099)
    _ = try await ledger().begin(order, card: card)
    // Opened as a later version would open it (its migrations all applied), to write raw SQL.
    let raw = try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: Array(repeating: "SELECT 1", count: PostgreSQLOrderLedger.migrations.count),
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    for sql in [
      "UPDATE orders SET state = 'ticketed' WHERE id = 'order-1'",
      """
      INSERT INTO orders SELECT 'order-2', trip_id, places, amount_minor_units, currency,
        traveller_name, traveller_email, card_brand, card_last_four, card_expiry,
        card_fingerprint, 'charged', hold_id, hold_expires_at, charge_id, supplier_reference, refund_id, created_at,
        updated_at FROM orders
      """,
    ] {
      await #expect {
        try await raw.transaction { connection throws(PostgreSQLError) in
          try await connection.execute(sql)
        }
      } throws: { error in
        (error as? PostgreSQLError)?.sqlState == "23514"
      }
    }
    let state = try await raw.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT id, state FROM orders")
    }
    #expect(
      state == [SQLRow(columns: ["id", "state"], values: [.text("order-1"), .text("drafted")])])
  }

  @Test func aRowTheLedgerCannotReadIsAStorageFailureThatNamesTheColumn() async throws {
    let trip = Trip.fixture()
    let order = try DraftOrder(
      id: try #require(OrderID("order-1")), trip: trip, places: 1,
      traveller: Traveller(name: "Ada"))
    let card = MaskedCard(brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099)
    let ledger = try await ledger()
    _ = try await ledger.begin(order, card: card)
    let raw = try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: Array(repeating: "SELECT 1", count: PostgreSQLOrderLedger.migrations.count),
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    try await raw.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("UPDATE orders SET currency = 'euros' WHERE id = 'order-1'")
    }
    await #expect(
      throws: TicketingError.storageFailed(
        reason:
          "a row in the ledger is malformed: column \"currency\" does not hold a valid Currency")
    ) {
      try await ledger.record(of: try #require(OrderID("order-1")))
    }
  }

  /// Another session holds the order's row (`SELECT … FOR UPDATE`, as an operator's open
  /// transaction would): the step waits for it a margin less than its deadline (4 s of 5 s),
  /// then the server stops it, so it fails as a lock held elsewhere with nothing written, never
  /// as a write the server did not answer; the failure is noted all the same, since noting it
  /// never waits for the row's lock.
  @Test(.timeLimit(.minutes(1)))
  func aStepALockHeldElsewhereKeepsOutFailsWithNothingWrittenAndItsFailureIsNoted()
    async throws
  {
    let trip = Trip.fixture()
    let order = try DraftOrder(
      id: try #require(OrderID("order-1")), trip: trip, places: 1,
      traveller: Traveller(name: "Ada"))
    let card = MaskedCard(brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099)
    _ = try await ledger().begin(order, card: card)
    let ledger = try await PostgreSQLLedgerDataAssembly.ledger(
      connectionString: TestServer.url(), schema: schema, deadline: .seconds(5))
    let holder = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: [], versionTable: "unused", schema: schema,
      connections: 1)
    try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("BEGIN")
      try await connection.execute("SELECT * FROM orders FOR UPDATE")
    }
    let hold = PlaceHold(
      id: try #require(HoldID("hold-1")), tripID: trip.id, places: 1,
      expiresAt: Date(timeIntervalSince1970: 4_000_000_000))
    await #expect {
      try await ledger.advance(order.id, by: .held(hold))
    } throws: { error in
      guard case .lockedElsewhere(let reason) = error as? TicketingError else { return false }
      return reason.hasPrefix("another session held a lock this statement needed at ")
        && reason.contains(" for 4 s") && "\(error)".hasSuffix("; nothing was written")
    }
    try await ledger.noteFailure(order.id, "ledger_locked")
    let noted = try await ledger.record(of: order.id)
    #expect(noted?.state == .drafted && noted?.lastFailure == "ledger_locked")
    try await holder.autocommit { connection throws(PostgreSQLError) in
      try await connection.execute("ROLLBACK")
    }
    #expect(try await ledger.record(of: order.id)?.hold == nil)
  }

  /// Writes one ticketed order per key into the test's schema as a release that ran only the
  /// first `migrations` wrote it, with that release's column names (the trip in `booking_id`
  /// before the fifth migration, `trip_id` from it; the count in `guests`, as every release
  /// before the sixth): drafted, then moved by the transition table to ticketed, with its ticket.
  func writeTicketedOrders(_ keys: [String], asTheReleaseThatRan migrations: Int) async throws
    -> PostgreSQLDatabase
  {
    try #require(migrations < 6, "a release from before the count's column was renamed")
    let trip = migrations < 5 ? "booking_id" : "trip_id"
    let old = try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: Array(PostgreSQLOrderLedger.migrations.prefix(migrations)),
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    for key in keys {
      let order = try DraftOrder(
        id: try #require(OrderID(key)), trip: Trip.fixture(), places: 1,
        traveller: Traveller(name: "Ada"))
      let value = SQLValue.text(key)
      try await old.transaction { connection throws(PostgreSQLError) in
        try await connection.execute(
          """
          INSERT INTO orders (id, \(trip), guests, amount_minor_units, currency,
            traveller_name, traveller_email, card_brand, card_last_four, card_expiry,
            card_fingerprint, state, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, NULL, 'Visa', '4242', '12/2099', '', 'drafted', 1, 1)
          """,
          [
            value, .text(order.tripID.rawValue), .integer(Int64(order.places)),
            .integer(order.amount.minorUnits), .text(order.amount.currency.code),
            .text(order.traveller.name),
          ])
        for step in [
          "state = 'held', hold_id = 'HLD-' || id, hold_expires_at = 2e9",
          "state = 'charged', charge_id = 'ch_' || id",
          "state = 'ticketed', supplier_reference = 'SBR-' || id",
        ] {
          try await connection.execute("UPDATE orders SET \(step) WHERE id = $1", [value])
        }
        try await connection.execute(
          """
          INSERT INTO tickets (id, order_id, \(trip), traveller_name, guests,
            amount_minor_units, currency, card_brand, charge_id, issued_at, cancelled_at,
            card_last_four)
          SELECT 'TKT-' || id, id, \(trip), traveller_name, guests, amount_minor_units,
            currency, card_brand, charge_id, 2, NULL, card_last_four
          FROM orders WHERE id = $1
          """, [value])
      }
    }
    return old
  }

  /// A ledger written before cancellations had states of their own: its orders keep theirs,
  /// a ticketed one is cancelled by the new road, and the database now refuses the old move
  /// straight from ticketed to cancelled.
  @Test func aLedgerFromBeforeCancellationsIsMigratedAndCancelsByTheNewRoad() async throws {
    // The release before cancellations ran the first three migrations.
    let old = try await writeTicketedOrders(["kept", "cancelled"], asTheReleaseThatRan: 3)
    // The move that schema allowed, written as it wrote it.
    try await old.transaction { connection throws(PostgreSQLError) in
      try await connection.execute("UPDATE orders SET state = 'cancelled' WHERE id = 'cancelled'")
      try await connection.execute(
        "UPDATE tickets SET cancelled_at = 1800000000 WHERE order_id = 'cancelled'")
    }
    let ledger = try await ledger()
    let kept = try #require(OrderID("kept"))
    #expect(try await ledger.record(of: kept)?.state == .ticketed)
    #expect(try await ledger.record(of: try #require(OrderID("cancelled")))?.state == .cancelled)
    let raw = try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: Array(repeating: "SELECT 1", count: PostgreSQLOrderLedger.migrations.count),
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    await #expect {
      try await raw.transaction { connection throws(PostgreSQLError) in
        try await connection.execute("UPDATE orders SET state = 'cancelled' WHERE id = 'kept'")
      }
    } throws: { error in
      (error as? PostgreSQLError)?.sqlState == "23514"
    }
    for step in [OrderStep.cancelling, .placesReturned, .cancelled(refundID: "re_1")] {
      #expect(try await ledger.advance(kept, by: step).state == step.state)
    }
    #expect(try await ledger.tickets().map(\.status) == [.cancelled, .cancelled])
  }

  /// A ledger written by a release before a column was renamed: the trip's (`booking_id`, by
  /// the release that ran four migrations) and the count's (`guests`, by the release that ran
  /// five). This release renames both in place and keeps every row, lists its tickets with
  /// their trips and places, knows a key's request again, cancels a ticket, and still refuses
  /// an order of no places, by a CHECK that has the column's new name.
  @Test(arguments: [4, 5])
  func aLedgerFromBeforeAColumnWasRenamedListsItsTicketsAndCancelsOne(releaseThatRan: Int)
    async throws
  {
    _ = try await writeTicketedOrders(["kept", "given-back"], asTheReleaseThatRan: releaseThatRan)
    let ledger = try await ledger()
    let tickets = try await ledger.tickets()
    #expect(Set(tickets.map(\.id.rawValue)) == ["TKT-kept", "TKT-given-back"])
    #expect(tickets.allSatisfy { $0.tripID == Trip.fixture().id && $0.status == .issued })
    #expect(tickets.allSatisfy { $0.places == 1 })
    // The same request under the same key is answered from the ledger, not refused.
    let kept = try DraftOrder(
      id: try #require(OrderID("kept")), trip: Trip.fixture(), places: 1,
      traveller: Traveller(name: "Ada"))
    let card = MaskedCard(brand: "Visa", lastFour: "4242", expiryMonth: 12, expiryYear: 2099)
    #expect(try await ledger.begin(kept, card: card).state == .ticketed)
    let givenBack = try #require(OrderID("given-back"))
    for step in [OrderStep.cancelling, .placesReturned, .cancelled(refundID: "re_1")] {
      #expect(try await ledger.advance(givenBack, by: step).state == step.state)
    }
    #expect(
      try await ledger.tickets().map { [$0.id.rawValue, $0.status.rawValue] }.sorted {
        $0[0] < $1[0]
      }
        == [["TKT-given-back", "cancelled"], ["TKT-kept", "issued"]])
    let raw = try await PostgreSQLDatabase(
      connectionString: TestServer.url(), migrations: PostgreSQLOrderLedger.migrations,
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    let columns = try await raw.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        """
        SELECT column_name::text AS name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name IN ('orders', 'tickets')
        """, [.text(schema)], reading: { row throws(SQLRowError) in try row.text("name") })
    }
    #expect(columns.filter { $0 == "trip_id" }.count == 2 && !columns.contains("booking_id"))
    #expect(columns.filter { $0 == "places" }.count == 2 && !columns.contains("guests"))
    await #expect {
      try await raw.transaction { connection throws(PostgreSQLError) in
        try await connection.execute("UPDATE orders SET places = 0 WHERE id = 'kept'")
      }
    } throws: { error in
      guard case .failed(let sqlState, let message) = error as? PostgreSQLError else {
        return false
      }
      return sqlState == "23514" && message.contains("orders_places_check")
    }
  }

  @Test func aLedgerWrittenByANewerVoyageIsRefusedAndLeftUntouched() async throws {
    let newer = try await PostgreSQLDatabase(
      connectionString: TestServer.url(),
      migrations: PostgreSQLOrderLedger.migrations + ["SELECT 1"],
      versionTable: PostgreSQLOrderLedger.versionTable, schema: schema)
    await #expect {
      try await ledger()
    } throws: { error in
      guard case .newerSchema(let server) = error as? TicketingError else { return false }
      return server.contains("PostgreSQL database")
        && "\(error)".contains("VOYAGE_DATABASE_URL for a server")
    }
    let version = try await newer.autocommit { connection throws(PostgreSQLError) in
      try await connection.query("SELECT version FROM \(PostgreSQLOrderLedger.versionTable)")
    }
    #expect(
      try version.map { try $0.integer("version") } == [
        Int64(PostgreSQLOrderLedger.migrations.count + 1)
      ])
  }

  @Test func aServerThatIsNotThereIsOneSentenceWithoutThePassword() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-server-\(UUID().uuidString)"
    ).path
    await #expect {
      try await PostgreSQLLedgerDataAssembly.ledger(
        connectionString: "postgresql://ada:Tr0ub4dor-secret@/voyage?host=\(missing)",
        deadline: .seconds(2))
    } throws: { error in
      let text = "\(error)"
      guard case .storageFailed = error as? TicketingError else { return false }
      return text.contains("cannot reach") && !text.contains("Tr0ub4dor") && !text.contains("\n")
    }
  }
}
