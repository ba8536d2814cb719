import BookingInterface
import Foundation
import LedgerRows
import Locking
import PostgreSQL
import SQLValues
import SharedKernel

/// The order ledger in a PostgreSQL database that several Voyage instances share.
///
/// The same record as SQLite's ledger, with the same guarantees: an order is written before
/// anything outside changes, each step in its own transaction, the ticket in the transaction that
/// completes the order, a key bound to its first request. Instances working on one order meet at
/// its row: a step is one `UPDATE` whose `WHERE` names the states it may follow (the row locked
/// by the statement itself, its condition tested again on the newest row), and anything else
/// locks the row (`SELECT … FOR UPDATE`) before reading what it decides on, so the second
/// instance reads what the first one wrote. The legal moves live in the database (an
/// `order_transitions` table and a trigger), so not even a hand-written `UPDATE` can skip a step.
/// Times are the server's clock, so instances on several machines agree on what is newest.
///
/// Every call ends by the database's deadline, held by the client. A write whose answer did not
/// come (the deadline passed, the connection broke) is checked, not assumed: the order is read
/// back on a new connection, and a change found recorded is a success after all. That read, and
/// the failure the saga then notes, share one margin after the missed deadline
/// (``marginAfterNoAnswer``), so a call waits at most its deadline plus that margin. A lock another
/// session holds is not a missing answer: the server stops a statement that waited for one a
/// margin before the deadline and rolls it back, so the write fails with nothing written
/// (`TicketingError.lockedElsewhere`) and nothing is read back.
struct PostgreSQLOrderLedger: OrderLedger {
  /// The server database: libpq's ``PostgreSQLDatabase`` in Voyage, or any other implementation
  /// of the same seam.
  let database: any ServerDatabase
  /// When the margin that follows a write the server did not answer ends; `nil` once a call
  /// was answered again.
  private let noAnswerMarginEnds = LockedValue<ContinuousClock.Instant?>(nil)

  /// How long after a missed deadline the calls that follow it (reading the order back, noting
  /// why the attempt stopped) may still run: what a command may take beyond its deadline.
  let marginAfterNoAnswer: Duration

  /// The ledger in `database`; the margin is 1 s unless a test needs room on a loaded machine.
  init(database: any ServerDatabase, marginAfterNoAnswer: Duration = .seconds(1)) {
    self.database = database
    self.marginAfterNoAnswer = marginAfterNoAnswer
  }

  /// The table that records which of `migrations` were applied.
  static let versionTable = "voyage_ledger_schema"

  static let migrations = [
    """
    CREATE TABLE orders (
      id text PRIMARY KEY,
      booking_id text NOT NULL,
      guests integer NOT NULL CHECK (guests > 0),
      amount_minor_units bigint NOT NULL,
      currency text NOT NULL,
      traveller_name text NOT NULL,
      traveller_email text,
      card_brand text NOT NULL,
      card_last_four text NOT NULL,
      card_expiry text NOT NULL,
      -- A one-way digest of the whole card number and expiry: a key is bound to the card,
      -- not to any card ending in the same four digits.
      card_fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN
        ('drafted', 'held', 'charged', 'ticketed', 'released', 'refunded', 'cancelled')),
      hold_id text,
      hold_expires_at double precision,
      charge_id text,
      supplier_reference text,
      refund_id text,
      created_at double precision NOT NULL,
      updated_at double precision NOT NULL
    );
    CREATE INDEX orders_by_state ON orders (state, created_at);
    CREATE TABLE tickets (
      id text PRIMARY KEY,
      order_id text NOT NULL UNIQUE REFERENCES orders (id),
      booking_id text NOT NULL,
      traveller_name text NOT NULL,
      guests integer NOT NULL,
      amount_minor_units bigint NOT NULL,
      currency text NOT NULL,
      card_brand text NOT NULL,
      card_last_four text NOT NULL,
      charge_id text NOT NULL,
      issued_at double precision NOT NULL,
      cancelled_at double precision
    );
    CREATE INDEX tickets_by_issue_time ON tickets (issued_at);
    CREATE TABLE order_transitions (
      from_state text NOT NULL,
      to_state text NOT NULL,
      PRIMARY KEY (from_state, to_state)
    );
    INSERT INTO order_transitions VALUES
      ('drafted', 'held'), ('drafted', 'released'), ('held', 'charged'), ('held', 'released'),
      ('charged', 'ticketed'), ('charged', 'refunded'), ('ticketed', 'cancelled');
    CREATE FUNCTION orders_move_by_the_table() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND NEW.state <> 'drafted' THEN
        RAISE EXCEPTION 'an order starts drafted' USING ERRCODE = 'check_violation';
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.state <> OLD.state AND NOT EXISTS (
        SELECT 1 FROM order_transitions WHERE from_state = OLD.state AND to_state = NEW.state)
      THEN
        RAISE EXCEPTION 'illegal order transition from % to %', OLD.state, NEW.state
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER orders_move_by_the_table BEFORE INSERT OR UPDATE OF state ON orders
      FOR EACH ROW EXECUTE FUNCTION orders_move_by_the_table();
    """,
    // Why the last attempt on an order stopped, until its next step: what `voyage orders` says.
    """
    ALTER TABLE orders ADD COLUMN last_failure text;
    """,
    // The same, kept apart from the order's row, so noting it never waits for the row's lock:
    // a step stuck on that lock is often why the attempt stopped. A note older than the order's
    // last step no longer applies.
    """
    CREATE TABLE order_failures (
      order_id text NOT NULL,
      failure text NOT NULL,
      noted_at double precision NOT NULL
    );
    CREATE INDEX order_failures_by_order ON order_failures (order_id, noted_at);
    """,
    // A cancellation is a saga of its own: ticketed → cancelling → places_returned → cancelled,
    // the first move recorded before anything outside changes.
    """
    ALTER TABLE orders DROP CONSTRAINT orders_state_check;
    ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN
      ('drafted', 'held', 'charged', 'ticketed', 'released', 'refunded', 'cancelling',
        'places_returned', 'cancelled'));
    DELETE FROM order_transitions WHERE from_state = 'ticketed' AND to_state = 'cancelled';
    INSERT INTO order_transitions VALUES
      ('ticketed', 'cancelling'), ('cancelling', 'places_returned'),
      ('places_returned', 'cancelled');
    """,
    // The column that holds an order's and a ticket's trip says so: it was named `booking_id`,
    // and renamed in place, so every row stays as it was.
    """
    ALTER TABLE orders RENAME COLUMN booking_id TO trip_id;
    ALTER TABLE tickets RENAME COLUMN booking_id TO trip_id;
    """,
    // The count an order and its ticket hold is places, the word the screens use: the column
    // was named `guests`, and renamed in place, so every row stays as it was; its CHECK follows
    // the column, and takes the new name too.
    """
    ALTER TABLE orders RENAME COLUMN guests TO places;
    ALTER TABLE tickets RENAME COLUMN guests TO places;
    ALTER TABLE orders RENAME CONSTRAINT orders_guests_check TO orders_places_check;
    """,
  ]

  /// The server's clock, as seconds since 1970, read once per statement.
  private static let now = "extract(epoch FROM clock_timestamp())::float8"

  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord {
    let insert = """
      INSERT INTO orders (\(OrderRow.draftedColumns), state, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'drafted', \(Self.now), \(Self.now))
      ON CONFLICT (id) DO NOTHING
      """
    let values = OrderRow.values(of: order, card: card)
    let sameRequest = { @Sendable (existing: OrderRecord) -> Bool in
      existing.isSameRequest(as: order, card: card)
    }
    let key = SQLValue.text(order.id.rawValue)
    // Read back after a lost answer: the order, if it is this request's. (The write's result is
    // itself optional: an order that is not there is `nil`, never a found `nil`.)
    let readBack = {
      (deadline: ContinuousClock.Instant) async throws(PostgreSQLError) -> OrderRecord?? in
      let found = try await database.autocommit(until: deadline, followingNoAnswer: true) {
        connection throws(PostgreSQLError) -> OrderRecord? in
        try await connection.query(
          Self.orderColumns + " WHERE id = $1", [key], reading: OrderRow.record(from:)
        ).first
      }
      guard let found, sameRequest(found) else { return nil }
      return found
    }
    // A new key, the usual case: one statement, one round trip, and the row is this request's.
    let inserted = try await write(
      { (deadline) async throws(PostgreSQLError) -> OrderRecord? in
        try await database.autocommit(until: deadline) { connection throws(PostgreSQLError) in
          try await connection.query(
            insert + " RETURNING " + Self.orderColumnList, values,
            reading: OrderRow.record(from:)
          ).first
        }
      }, readBack: { deadline async throws(PostgreSQLError) in try await readBack(deadline) })
    if let inserted { return inserted }
    let recorded = try await write(
      { (deadline) async throws(PostgreSQLError) -> OrderRecord? in
        try await database.transaction(until: deadline) {
          connection throws(PostgreSQLError) -> OrderRecord? in
          // A racing instance's insert of the same key makes this one wait for its commit, then
          // do nothing; the select that follows reads the row that instance wrote.
          try await connection.execute(insert, values)
          guard
            let existing = try await connection.query(
              Self.orderColumns + " WHERE id = $1", [key], reading: OrderRow.record(from:)
            ).first
          else { return nil }
          return sameRequest(existing) ? existing : nil
        }
      }, readBack: { deadline async throws(PostgreSQLError) in try await readBack(deadline) })
    guard let recorded else { throw .orderConflict(order.id) }
    return recorded
  }

  func record(of id: OrderID) async throws(TicketingError) -> OrderRecord? {
    try await record(where: "id = $1", .text(id.rawValue))
  }

  func record(of ticket: TicketID) async throws(TicketingError) -> OrderRecord? {
    try await record(
      where: "id = (SELECT order_id FROM tickets WHERE id = $1)", .text(ticket.rawValue))
  }

  func advance(_ id: OrderID, by step: OrderStep) async throws(TicketingError) -> OrderRecord {
    let (columns, values) = OrderRow.columns(for: step)
    let placeholders = columns.enumerated().map { "\($1) = $\($0 + 3)" }
    let update =
      "UPDATE orders SET "
      + (["state = $1", "updated_at = \(Self.now)", "last_failure = NULL"] + placeholders)
      .joined(separator: ", ") + " WHERE id = $2"
    // The usual case, an order one step behind: one statement that moves it only from a state
    // the step may follow, so it is safe to repeat, and one round trip. Anything else (a step
    // already recorded, an illegal move, an unknown key, a cancellation, which writes the
    // ticket too) is decided below, under the row's lock.
    let cancels = if case .cancelled = step { true } else { false }
    if !cancels {
      let before = OrderState.allCases.filter { $0.next.contains(step.state) }
        .map { "'\($0.rawValue)'" }.joined(separator: ", ")
      let moved = try await write(
        { deadline async throws(PostgreSQLError) -> OrderRecord? in
          try await database.autocommit(until: deadline) { connection throws(PostgreSQLError) in
            try await connection.query(
              update + " AND state IN (\(before)) RETURNING " + Self.orderColumnList,
              [.text(step.state.rawValue), .text(id.rawValue)] + values,
              reading: OrderRow.record(from:)
            ).first
          }
        },
        readBack: { deadline async throws(PostgreSQLError) -> OrderRecord?? in
          guard let recorded = try await recordedOrder(id, showing: step, until: deadline) else {
            return nil
          }
          return recorded
        })
      if let moved { return moved }
    }
    let outcome = try await write(
      { deadline async throws(PostgreSQLError) -> LedgerWriteOutcome<OrderRecord> in
        try await database.transaction(until: deadline) {
          connection throws(PostgreSQLError) -> LedgerWriteOutcome<OrderRecord> in
          guard
            let current = try await connection.query(
              Self.orderColumns + " WHERE id = $1 FOR UPDATE OF orders", [.text(id.rawValue)],
              reading: OrderRow.record(from:)
            ).first
          else { return .unknown }
          let state = current.state
          // Two instances working on one key both make each step; the second to record it finds
          // it already there (the order may even have moved on) and gets the record as it is.
          if step.isRecorded(in: current) { return .moved(current) }
          guard state.next.contains(step.state) else { return .illegal(state) }
          try await connection.execute(
            update, [.text(step.state.rawValue), .text(id.rawValue)] + values)
          if case .cancelled = step {
            try await connection.execute(
              "UPDATE tickets SET cancelled_at = \(Self.now) WHERE order_id = $1",
              [.text(id.rawValue)])
          }
          return try await connection.query(
            Self.orderColumns + " WHERE id = $1", [.text(id.rawValue)],
            reading: OrderRow.record(from:)
          ).first.map(LedgerWriteOutcome.moved) ?? .unknown
        }
      },
      readBack: { deadline async throws(PostgreSQLError) in
        try await recordedOrder(id, showing: step, until: deadline).map(LedgerWriteOutcome.moved)
      })
    return try outcome.recorded(id, movingTo: step.state)
  }

  /// The order, read back after a lost answer, if it shows `step` recorded.
  private func recordedOrder(
    _ id: OrderID, showing step: OrderStep, until deadline: ContinuousClock.Instant
  ) async throws(PostgreSQLError) -> OrderRecord? {
    try await database.autocommit(until: deadline, followingNoAnswer: true) {
      connection throws(PostgreSQLError) in
      try await connection.query(
        Self.orderColumns + " WHERE id = $1", [.text(id.rawValue)],
        reading: OrderRow.record(from:)
      ).first.flatMap { step.isRecorded(in: $0) ? $0 : nil }
    }
  }

  /// Noted in a table of its own, so a lock held on the order's row (often why the attempt
  /// stopped) never holds the note; after a write the server did not answer, it shares that
  /// write's margin instead of waiting a whole deadline again.
  func noteFailure(_ id: OrderID, _ failure: String) async throws(TicketingError) {
    let marginEnds = noAnswerMarginEnds.withLock { $0 }
    let changed = try await call { () async throws(PostgreSQLError) in
      try await database.autocommit(
        until: marginEnds ?? .now + database.deadline, followingNoAnswer: marginEnds != nil
      ) { connection throws(PostgreSQLError) in
        try await connection.execute(
          "INSERT INTO order_failures (order_id, failure, noted_at) SELECT id, $2, \(Self.now) FROM orders WHERE id = $1",
          [.text(id.rawValue), .text(failure)])
      }
    }
    guard changed == 1 else { throw .unknownOrder(id.rawValue) }
  }

  func unfinishedOrders() async throws(TicketingError) -> [OrderRecord] {
    try await call { () async throws(PostgreSQLError) in
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          Self.orderColumns + OrderRow.unfinishedOldestFirst, reading: OrderRow.record(from:))
      }
    }
  }

  func issueTicket(for paid: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
  {
    let order = paid.order
    let candidate = Ticket(id: TicketRow.newID(), for: paid, issuedAt: Date())
    let outcome = try await write(
      { deadline async throws(PostgreSQLError) -> LedgerWriteOutcome<Ticket> in
        try await database.transaction(until: deadline) {
          connection throws(PostgreSQLError) -> LedgerWriteOutcome<Ticket> in
          let state = try await connection.query(
            "SELECT state FROM orders WHERE id = $1 FOR UPDATE", [.text(order.id.rawValue)],
            reading: OrderRow.state(from:)
          ).first
          // The ticket is read only for an order already ticketed, as `issuing` would ask for it.
          let issued =
            state == .ticketed
            ? try await connection.query(
              TicketRow.select + " WHERE order_id = $1", [.text(order.id.rawValue)],
              reading: TicketRow.ticket(from:)
            ).first : nil
          if let found = LedgerWriteOutcome.issuing(from: state, issued: { issued }) {
            return found
          }
          try await connection.execute(
            """
            UPDATE orders SET state = 'ticketed', supplier_reference = $1, charge_id = $2,
              updated_at = \(Self.now), last_failure = NULL
            WHERE id = $3
            """,
            [.text(reference.rawValue), .text(paid.receipt.chargeID), .text(order.id.rawValue)])
          try await connection.execute(
            """
            INSERT INTO tickets (\(TicketRow.issuedColumns), issued_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \(Self.now))
            """, TicketRow.values(of: candidate, chargeID: paid.receipt.chargeID))
          return try await connection.query(
            TicketRow.select + " WHERE id = $1", [.text(candidate.id.rawValue)],
            reading: TicketRow.ticket(from:)
          ).first.map(LedgerWriteOutcome.moved) ?? .unknown
        }
      },
      readBack: { deadline async throws(PostgreSQLError) in
        try await database.autocommit(until: deadline, followingNoAnswer: true) {
          connection throws(PostgreSQLError) in
          try await connection.query(
            TicketRow.select + " WHERE order_id = $1", [.text(order.id.rawValue)],
            reading: TicketRow.ticket(from:)
          ).first.map(LedgerWriteOutcome.moved)
        }
      })
    return try outcome.recorded(order.id, movingTo: .ticketed)
  }

  func tickets() async throws(TicketingError) -> [Ticket] {
    try await call { () async throws(PostgreSQLError) in
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          TicketRow.newestFirst, reading: TicketRow.ticket(from:))
      }
    }
  }

  // MARK: - Statements

  private func record(where condition: String, _ value: SQLValue) async throws(TicketingError)
    -> OrderRecord?
  {
    try await call { () async throws(PostgreSQLError) in
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.query(
          Self.orderColumns + " WHERE " + condition, [value], reading: OrderRow.record(from:)
        ).first
      }
    }
  }

  /// An order's columns, as `OrderRow.record(from:)` reads them by name: the last failure is
  /// the newest note taken since the order's last step, kept apart from its row.
  private static let orderColumnList = """
    \(OrderRow.columns),
      coalesce((SELECT failure FROM order_failures WHERE order_failures.order_id = orders.id
        AND noted_at >= orders.updated_at ORDER BY noted_at DESC LIMIT 1), last_failure)
        AS last_failure
    """

  private static let orderColumns = "SELECT \(orderColumnList) FROM orders"

  /// Runs one call; an answer ends the margin of an earlier write the server did not answer.
  private func call<Result>(_ body: () async throws(PostgreSQLError) -> Result)
    async throws(TicketingError) -> Result
  {
    do {
      let result = try await body()
      noAnswerMarginEnds.withLock { $0 = nil }
      return result
    } catch {
      throw Self.ticketingError(error)
    }
  }

  /// Runs a write by the database's deadline. When its answer does not come (the deadline
  /// passed, the connection broke), `readBack` reads the order on a new connection by the
  /// deadline plus the margin: a change found recorded is the write's result after all; one
  /// found missing, or that cannot be read, is `TicketingError.unanswered`, saying which.
  private func write<Result>(
    _ body: (ContinuousClock.Instant) async throws(PostgreSQLError) -> Result,
    readBack: (ContinuousClock.Instant) async throws(PostgreSQLError) -> Result?
  ) async throws(TicketingError) -> Result {
    let deadline = ContinuousClock.now + database.deadline
    let failure: PostgreSQLError
    do {
      let result = try await body(deadline)
      noAnswerMarginEnds.withLock { $0 = nil }
      return result
    } catch {
      failure = error
    }
    switch failure {
    case .timedOut, .connectionLost: break
    default: throw Self.ticketingError(failure)
    }
    // What is left of the write's deadline, and the margin: a call and what follows it end by
    // the deadline plus the margin, however early the answer was lost.
    let marginEnds = deadline + marginAfterNoAnswer
    noAnswerMarginEnds.withLock { $0 = marginEnds }
    let found: Result?
    do {
      found = try await readBack(marginEnds)
    } catch {
      throw .unanswered(reason: failure.description, checked: false)
    }
    guard let found else { throw .unanswered(reason: failure.description, checked: true) }
    noAnswerMarginEnds.withLock { $0 = nil }
    return found
  }

  /// The interface's error for a server failure: one sentence that names the server, never
  /// its password.
  static func ticketingError(_ error: PostgreSQLError) -> TicketingError {
    switch error {
    case .diskFull(let server): .diskFull(path: server)
    case .newerSchema(let server, _, _): .newerSchema(path: server)
    // The server answered, and rolled the statement back; a transaction it was part of is
    // rolled back too: a definite failure, with nothing written, never an unanswered write.
    case .lockNotAvailable: .lockedElsewhere(reason: error.description)
    case .unreadableRow(let reason):
      .storageFailed(reason: "a row in the ledger is malformed: \(reason)")
    default: .storageFailed(reason: error.description)
    }
  }
}
