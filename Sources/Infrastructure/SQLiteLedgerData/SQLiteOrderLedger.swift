import BookingInterface
import Foundation
import LedgerRows
import SQLValues
import SQLite
import SharedKernel

/// The order ledger in an SQLite file under the Voyage home folder.
///
/// One row per order, keyed by the order's identifier (also every outside call's idempotency
/// key), holding its state and what each step produced: the hold, the charge, the supplier's
/// reference, the refund. Every write is one `BEGIN IMMEDIATE` transaction, so processes working
/// on the same order are ordered by SQLite's lock. The legal moves live in the database too (an
/// `order_transitions` table and a trigger), so not even a hand-written `UPDATE` can skip a step.
struct SQLiteOrderLedger: OrderLedger {
  let database: SQLiteDatabase

  static let migrations = [
    """
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      booking_id TEXT NOT NULL,
      guests INTEGER NOT NULL CHECK (guests > 0),
      amount_minor_units INTEGER NOT NULL,
      currency TEXT NOT NULL,
      traveller_name TEXT NOT NULL,
      traveller_email TEXT,
      status TEXT NOT NULL CHECK (status IN ('started', 'completed')),
      created_at REAL NOT NULL
    );
    CREATE TABLE tickets (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL UNIQUE REFERENCES orders (id),
      booking_id TEXT NOT NULL,
      traveller_name TEXT NOT NULL,
      guests INTEGER NOT NULL,
      amount_minor_units INTEGER NOT NULL,
      currency TEXT NOT NULL,
      paid_with TEXT NOT NULL,
      charge_id TEXT NOT NULL,
      issued_at REAL NOT NULL
    );
    CREATE INDEX tickets_by_issue_time ON tickets (issued_at);
    """,
    // The saga: an order's state and what each step produced. The old `status` column goes;
    // its CHECK constraint belongs to it, so SQLite (3.35+) can drop it without a rebuild.
    """
    ALTER TABLE orders ADD COLUMN card_brand TEXT NOT NULL DEFAULT '';
    ALTER TABLE orders ADD COLUMN card_last_four TEXT NOT NULL DEFAULT '';
    ALTER TABLE orders ADD COLUMN card_expiry TEXT NOT NULL DEFAULT '';
    ALTER TABLE orders ADD COLUMN state TEXT NOT NULL DEFAULT 'drafted' CHECK (state IN
      ('drafted', 'held', 'charged', 'ticketed', 'released', 'refunded', 'cancelled'));
    ALTER TABLE orders ADD COLUMN hold_id TEXT;
    ALTER TABLE orders ADD COLUMN hold_expires_at REAL;
    ALTER TABLE orders ADD COLUMN charge_id TEXT;
    ALTER TABLE orders ADD COLUMN supplier_reference TEXT;
    ALTER TABLE orders ADD COLUMN refund_id TEXT;
    ALTER TABLE orders ADD COLUMN updated_at REAL NOT NULL DEFAULT 0;
    UPDATE orders SET updated_at = created_at,
      state = CASE status WHEN 'completed' THEN 'ticketed' ELSE 'drafted' END,
      charge_id = (SELECT charge_id FROM tickets WHERE tickets.order_id = orders.id);
    ALTER TABLE orders DROP COLUMN status;
    CREATE INDEX orders_by_state ON orders (state, created_at);
    ALTER TABLE tickets ADD COLUMN cancelled_at REAL;
    CREATE TABLE order_transitions (
      from_state TEXT NOT NULL,
      to_state TEXT NOT NULL,
      PRIMARY KEY (from_state, to_state)
    );
    INSERT INTO order_transitions VALUES
      ('drafted', 'held'), ('drafted', 'released'), ('held', 'charged'), ('held', 'released'),
      ('charged', 'ticketed'), ('charged', 'refunded'), ('ticketed', 'cancelled');
    CREATE TRIGGER orders_start_drafted BEFORE INSERT ON orders
      WHEN NEW.state <> 'drafted'
      BEGIN SELECT RAISE(ABORT, 'an order starts drafted'); END;
    CREATE TRIGGER orders_move_by_the_table BEFORE UPDATE OF state ON orders
      WHEN NEW.state <> OLD.state AND NOT EXISTS (
        SELECT 1 FROM order_transitions WHERE from_state = OLD.state AND to_state = NEW.state)
      BEGIN SELECT RAISE(ABORT, 'illegal order transition'); END;
    """,
    // A ticket keeps the card as data (brand, last four digits), not as the text a screen
    // showed; earlier tickets' text ("Visa •••• 4242") is split once, here.
    """
    ALTER TABLE tickets ADD COLUMN card_brand TEXT NOT NULL DEFAULT '';
    ALTER TABLE tickets ADD COLUMN card_last_four TEXT NOT NULL DEFAULT '';
    UPDATE tickets SET
      card_brand = CASE WHEN instr(paid_with, ' ') > 0
        THEN substr(paid_with, 1, instr(paid_with, ' ') - 1) ELSE paid_with END,
      card_last_four = substr(paid_with, -4);
    """,
    // A key is bound to the whole card, through a one-way digest of its number and expiry;
    // orders recorded before it have none and are bound as before, by brand, last four, expiry.
    """
    ALTER TABLE orders ADD COLUMN card_fingerprint TEXT NOT NULL DEFAULT '';
    """,
    // Why the last attempt on an order stopped, until its next step: what `voyage orders` says.
    """
    ALTER TABLE orders ADD COLUMN last_failure TEXT;
    """,
    // A cancellation is a saga of its own: ticketed → cancelling → places_returned → cancelled,
    // the first move recorded before anything outside changes. The state's CHECK belongs to
    // its column, which SQLite cannot alter, so the column is replaced: renamed, added again
    // with the new CHECK, copied, dropped (the index and the triggers that name it go first,
    // and come back). The table itself stays, so the tickets' foreign key never dangles.
    """
    DROP TRIGGER orders_start_drafted;
    DROP TRIGGER orders_move_by_the_table;
    DROP INDEX orders_by_state;
    ALTER TABLE orders RENAME COLUMN state TO state_before_cancellations;
    ALTER TABLE orders ADD COLUMN state TEXT NOT NULL DEFAULT 'drafted' CHECK (state IN
      ('drafted', 'held', 'charged', 'ticketed', 'released', 'refunded', 'cancelling',
        'places_returned', 'cancelled'));
    UPDATE orders SET state = state_before_cancellations;
    ALTER TABLE orders DROP COLUMN state_before_cancellations;
    CREATE INDEX orders_by_state ON orders (state, created_at);
    DELETE FROM order_transitions WHERE from_state = 'ticketed' AND to_state = 'cancelled';
    INSERT INTO order_transitions VALUES
      ('ticketed', 'cancelling'), ('cancelling', 'places_returned'),
      ('places_returned', 'cancelled');
    CREATE TRIGGER orders_start_drafted BEFORE INSERT ON orders
      WHEN NEW.state <> 'drafted'
      BEGIN SELECT RAISE(ABORT, 'an order starts drafted'); END;
    CREATE TRIGGER orders_move_by_the_table BEFORE UPDATE OF state ON orders
      WHEN NEW.state <> OLD.state AND NOT EXISTS (
        SELECT 1 FROM order_transitions WHERE from_state = OLD.state AND to_state = NEW.state)
      BEGIN SELECT RAISE(ABORT, 'illegal order transition'); END;
    """,
    // The column that holds an order's and a ticket's trip says so: it was named `booking_id`,
    // and renamed in place (SQLite 3.25+), so every row stays as it was.
    """
    ALTER TABLE orders RENAME COLUMN booking_id TO trip_id;
    ALTER TABLE tickets RENAME COLUMN booking_id TO trip_id;
    """,
    // The count an order and its ticket hold is places, the word the screens use: the column
    // was named `guests`, and renamed in place (its CHECK follows), so every row stays as it was.
    """
    ALTER TABLE orders RENAME COLUMN guests TO places;
    ALTER TABLE tickets RENAME COLUMN guests TO places;
    """,
  ]

  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord {
    let now = Date().timeIntervalSince1970
    let record = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction { connection throws(SQLiteError) -> OrderRecord? in
        if let existing = try connection.query(
          Self.orderColumns + " WHERE id = ?", [.text(order.id.rawValue)],
          reading: OrderRow.record(from:)
        ).first {
          return existing.isSameRequest(as: order, card: card) ? existing : nil
        }
        try connection.execute(
          """
          INSERT INTO orders (\(OrderRow.draftedColumns), state, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'drafted', ?, ?)
          """, OrderRow.values(of: order, card: card) + [.real(now), .real(now)])
        return try connection.query(
          Self.orderColumns + " WHERE id = ?", [.text(order.id.rawValue)],
          reading: OrderRow.record(from:)
        ).first
      }
    }
    guard let record else { throw .orderConflict(order.id) }
    return record
  }

  func record(of id: OrderID) async throws(TicketingError) -> OrderRecord? {
    try await record(where: "id = ?", .text(id.rawValue))
  }

  func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord? {
    try await record(
      where: "id = (SELECT order_id FROM tickets WHERE id = ?)", .text(ticket.rawValue))
  }

  func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord {
    let now = Date().timeIntervalSince1970
    let (columns, values) = OrderRow.columns(for: step)
    let outcome = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction {
        connection throws(SQLiteError) -> LedgerWriteOutcome<OrderRecord> in
        guard
          let current = try connection.query(
            Self.orderColumns + " WHERE id = ?", [.text(id.rawValue)],
            reading: OrderRow.record(from:)
          ).first
        else { return .unknown }
        // Two processes working on one key both make each step; the second to record it finds
        // it already there (the order may even have moved on) and gets the record as it is.
        // A step that produced something else would rewrite history: that is refused.
        if step.isRecorded(in: current) { return .moved(current) }
        guard current.state.next.contains(step.state) else { return .illegal(current.state) }
        try connection.execute(
          "UPDATE orders SET "
            + (["state = ?", "updated_at = ?", "last_failure = NULL"]
            + columns.map { "\($0) = ?" })
            .joined(separator: ", ")
            + " WHERE id = ?",
          [.text(step.state.rawValue), .real(now)] + values + [.text(id.rawValue)])
        if case .cancelled = step {
          try connection.execute(
            "UPDATE tickets SET cancelled_at = ? WHERE order_id = ?",
            [.real(now), .text(id.rawValue)])
        }
        return try connection.query(
          Self.orderColumns + " WHERE id = ?", [.text(id.rawValue)], reading: OrderRow.record(from:)
        ).first.map(LedgerWriteOutcome.moved) ?? .unknown
      }
    }
    return try outcome.recorded(id, movingTo: step.state)
  }

  func noteFailure(_ id: OrderID, _ failure: String) async throws(TicketingError) {
    let changed = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction { connection throws(SQLiteError) in
        try connection.execute(
          "UPDATE orders SET last_failure = ? WHERE id = ?", [.text(failure), .text(id.rawValue)])
      }
    }
    guard changed == 1 else { throw .unknownOrder(id.rawValue) }
  }

  func unfinishedOrders() async throws(TicketingError) -> [OrderRecord] {
    try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(
          Self.orderColumns + OrderRow.unfinishedOldestFirst, reading: OrderRow.record(from:))
      }
    }
  }

  func issueTicket(for paid: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
  {
    let order = paid.order
    let now = Date().timeIntervalSince1970
    let candidate = Ticket(
      id: TicketRow.newID(), for: paid, issuedAt: Date(timeIntervalSince1970: now))
    let outcome = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction {
        connection throws(SQLiteError) -> LedgerWriteOutcome<Ticket> in
        let state = try connection.query(
          "SELECT state FROM orders WHERE id = ?", [.text(order.id.rawValue)],
          reading: OrderRow.state(from:)
        ).first
        let found = try LedgerWriteOutcome.issuing(from: state) { () throws(SQLiteError) in
          try connection.query(
            TicketRow.select + " WHERE order_id = ?", [.text(order.id.rawValue)],
            reading: TicketRow.ticket(from:)
          ).first
        }
        if let found { return found }
        try connection.execute(
          """
          UPDATE orders SET state = 'ticketed', supplier_reference = ?, charge_id = ?,
            updated_at = ?, last_failure = NULL
          WHERE id = ?
          """,
          [
            .text(reference.rawValue), .text(paid.receipt.chargeID), .real(now),
            .text(order.id.rawValue),
          ])
        // `paid_with` keeps the first schema's text, which that schema's code shows as is.
        try connection.execute(
          """
          INSERT INTO tickets (\(TicketRow.issuedColumns), issued_at, paid_with)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          TicketRow.values(of: candidate, chargeID: paid.receipt.chargeID) + [
            .real(now), .text("\(candidate.cardBrand) •••• \(candidate.cardLastFour)"),
          ])
        return try connection.query(
          TicketRow.select + " WHERE id = ?", [.text(candidate.id.rawValue)],
          reading: TicketRow.ticket(from:)
        ).first.map(LedgerWriteOutcome.moved) ?? .unknown
      }
    }
    return try outcome.recorded(order.id, movingTo: .ticketed)
  }

  func tickets() async throws(TicketingError) -> [Ticket] {
    try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(
          TicketRow.newestFirst, reading: TicketRow.ticket(from:))
      }
    }
  }

  // MARK: - Statements

  private func record(where condition: String, _ value: SQLValue) async throws(TicketingError)
    -> OrderRecord?
  {
    try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(
          Self.orderColumns + " WHERE " + condition, [value], reading: OrderRow.record(from:)
        ).first
      }
    }
  }

  /// An order's columns, as `OrderRow.record(from:)` reads them by name.
  private static let orderColumns = "SELECT \(OrderRow.columns), last_failure FROM orders"

  /// Runs `body`, translating the database's errors into the interface's.
  private func translatingErrors<Result>(_ body: () async throws(SQLiteError) -> Result)
    async throws(TicketingError)
    -> Result
  {
    do {
      return try await body()
    } catch {
      throw Self.ticketingError(error)
    }
  }

  static func ticketingError(_ error: SQLiteError) -> TicketingError {
    switch error {
    case .folderNotWritable(let path): .folderNotWritable(path: path)
    case .notADatabase(let path), .corrupt(let path): .unreadableLedger(path: path)
    // SQLite's lock is the whole file's, taken before a write's first statement (`BEGIN
    // IMMEDIATE`) and never given up inside one: a call that waited for it in vain wrote nothing.
    case .locked(let path):
      .lockedElsewhere(
        reason: "another process held \(path) locked for longer than the ledger waits")
    case .diskFull(let path): .diskFull(path: path)
    case .newerSchema(let path, _, _): .newerSchema(path: path)
    case .unreadableRow(let reason):
      .storageFailed(reason: "a row in the ledger is malformed: \(reason)")
    case .failed: .storageFailed(reason: error.description)
    }
  }
}
