import BookingInterface
import EmbeddedDatabase
import Foundation
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
  ]

  func begin(_ order: DraftOrder, card: MaskedCard) async throws(TicketingError) -> OrderRecord {
    let now = Date().timeIntervalSince1970
    let expiry = Self.expiry(card)
    let row = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction { connection throws(SQLiteError) -> [SQLValue]? in
        if let existing = try connection.query(
          Self.orderColumns + " WHERE id = ?", [.text(order.id.rawValue)]
        ).first {
          let sameRequest =
            existing[1].text == order.bookingID.rawValue
            && existing[2].integer == Int64(order.guests)
            && existing[3].integer == order.amount.minorUnits
            && existing[4].text == order.amount.currency.code
            && existing[5].text == order.traveller.name
            && existing[6].text == card.brand && existing[7].text == card.lastFour
            && existing[8].text == expiry
            && [card.fingerprint, ""].contains(existing[17].text ?? "")
          return sameRequest ? existing : nil
        }
        try connection.execute(
          """
          INSERT INTO orders (id, booking_id, guests, amount_minor_units, currency,
            traveller_name, traveller_email, card_brand, card_last_four, card_expiry,
            card_fingerprint, state, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'drafted', ?, ?)
          """,
          [
            .text(order.id.rawValue), .text(order.bookingID.rawValue),
            .integer(Int64(order.guests)), .integer(order.amount.minorUnits),
            .text(order.amount.currency.code), .text(order.traveller.name),
            order.traveller.email.map(SQLValue.text) ?? .null, .text(card.brand),
            .text(card.lastFour), .text(expiry), .text(card.fingerprint), .real(now), .real(now),
          ])
        return try connection.query(Self.orderColumns + " WHERE id = ?", [.text(order.id.rawValue)])
          .first
      }
    }
    guard let row else { throw .orderConflict(order.id) }
    return try Self.record(from: row)
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
    let (assignments, values) = Self.columns(for: step)
    let outcome = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction { connection throws(SQLiteError) -> Advance in
        guard
          let current = try connection.query(
            Self.orderColumns + " WHERE id = ?", [.text(id.rawValue)]
          ).first, let state = current[9].text.flatMap(OrderState.init)
        else { return .unknown }
        // Two processes working on one key both make each step; the second to record it finds
        // it already there (the order may even have moved on) and gets the record as it is.
        // A step that produced something else would rewrite history: that is refused.
        if Self.alreadyRecords(current, step) { return .moved(current) }
        guard state.next.contains(step.state) else { return .illegal(state) }
        try connection.execute(
          "UPDATE orders SET "
            + (["state = ?", "updated_at = ?", "last_failure = NULL"] + assignments)
            .joined(separator: ", ")
            + " WHERE id = ?",
          [.text(step.state.rawValue), .real(now)] + values + [.text(id.rawValue)])
        if case .cancelled = step {
          try connection.execute(
            "UPDATE tickets SET cancelled_at = ? WHERE order_id = ?",
            [.real(now), .text(id.rawValue)])
        }
        return try connection.query(Self.orderColumns + " WHERE id = ?", [.text(id.rawValue)])
          .first.map(Advance.moved) ?? .unknown
      }
    }
    switch outcome {
    case .moved(let row): return try Self.record(from: row)
    case .unknown: throw .unknownOrder(id.rawValue)
    case .illegal(let state): throw .illegalTransition(id, from: state, to: step.state)
    }
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
    let rows = try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(
          Self.orderColumns
            + " WHERE state IN ('drafted', 'held', 'charged') ORDER BY created_at, id")
      }
    }
    var records: [OrderRecord] = []
    for row in rows { records.append(try Self.record(from: row)) }
    return records
  }

  func issueTicket(for paid: PaidOrder, reference: SupplierReference) async throws(TicketingError)
    -> Ticket
  {
    let order = paid.order
    let now = Date().timeIntervalSince1970
    let candidate = Ticket(
      id: Self.newTicketID(), for: paid, issuedAt: Date(timeIntervalSince1970: now))
    let outcome = try await translatingErrors { () async throws(SQLiteError) in
      try await database.transaction { connection throws(SQLiteError) -> Advance in
        guard
          let state = try connection.query(
            "SELECT state FROM orders WHERE id = ?", [.text(order.id.rawValue)]
          ).first?.first?.text.flatMap(OrderState.init)
        else { return .unknown }
        if state == .ticketed,
          let issued = try connection.query(
            Self.ticketColumns + " WHERE order_id = ?", [.text(order.id.rawValue)]
          ).first
        {
          return .moved(issued)
        }
        guard state == .charged else { return .illegal(state) }
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
        let values: [SQLValue] = [
          .text(candidate.id.rawValue), .text(order.id.rawValue), .text(order.bookingID.rawValue),
          .text(candidate.travellerName), .integer(Int64(candidate.guests)),
          .integer(candidate.amountPaid.minorUnits), .text(candidate.amountPaid.currency.code),
          .text(candidate.cardBrand), .text(paid.receipt.chargeID), .real(now), .null,
          .text(candidate.cardLastFour),
        ]
        // `paid_with` keeps the first schema's text, which that schema's code shows as is.
        try connection.execute(
          """
          INSERT INTO tickets (id, order_id, booking_id, traveller_name, guests, amount_minor_units,
            currency, card_brand, charge_id, issued_at, cancelled_at, card_last_four, paid_with)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """, values + [.text("\(candidate.cardBrand) •••• \(candidate.cardLastFour)")])
        return .moved(values)
      }
    }
    switch outcome {
    case .moved(let row): return try Self.ticket(from: row)
    case .unknown: throw .unknownOrder(order.id.rawValue)
    case .illegal(let state): throw .illegalTransition(order.id, from: state, to: .ticketed)
    }
  }

  func tickets() async throws(TicketingError) -> [Ticket] {
    let rows = try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(Self.ticketColumns + " ORDER BY issued_at DESC, id")
      }
    }
    var tickets: [Ticket] = []
    for row in rows { tickets.append(try Self.ticket(from: row)) }
    return tickets
  }

  // MARK: - Mapping

  /// What a write found, decided inside its transaction and turned into a result or an error
  /// outside it.
  private enum Advance: Sendable {
    case moved([SQLValue])
    case unknown
    case illegal(OrderState)
  }

  private func record(where condition: String, _ value: SQLValue) async throws(TicketingError)
    -> OrderRecord?
  {
    let row = try await translatingErrors { () async throws(SQLiteError) in
      try await database.read { connection throws(SQLiteError) in
        try connection.query(Self.orderColumns + " WHERE " + condition, [value]).first
      }
    }
    return try row.map { row throws(TicketingError) in try Self.record(from: row) }
  }

  private static let orderColumns = """
    SELECT id, booking_id, guests, amount_minor_units, currency, traveller_name, card_brand,
      card_last_four, card_expiry, state, hold_id, hold_expires_at, charge_id,
      supplier_reference, refund_id, updated_at,
      (SELECT id FROM tickets WHERE tickets.order_id = orders.id), card_fingerprint, last_failure
    FROM orders
    """

  private static let ticketColumns = """
    SELECT id, order_id, booking_id, traveller_name, guests, amount_minor_units, currency,
      card_brand, charge_id, issued_at, cancelled_at, card_last_four FROM tickets
    """

  /// The columns a step writes, and their values.
  private static func columns(for step: OrderStep) -> ([String], [SQLValue]) {
    switch step {
    case .held(let hold):
      (
        ["hold_id = ?", "hold_expires_at = ?"],
        [.text(hold.id.rawValue), .real(hold.expiresAt.timeIntervalSince1970)]
      )
    case .charged(let chargeID): (["charge_id = ?"], [.text(chargeID)])
    case .released: ([], [])
    case .refunded(let refundID), .cancelled(let refundID): (["refund_id = ?"], [.text(refundID)])
    }
  }

  /// Whether the recorded row already holds what `step` would write: the same hold or charge
  /// (whatever came after it), or the same ending.
  private static func alreadyRecords(_ row: [SQLValue], _ step: OrderStep) -> Bool {
    switch step {
    case .held(let hold): row[10].text == hold.id.rawValue
    case .charged(let chargeID): row[12].text == chargeID
    case .released: row[9].text == OrderState.released.rawValue
    case .refunded(let refundID), .cancelled(let refundID):
      row[9].text == step.state.rawValue && row[14].text == refundID
    }
  }

  private static func expiry(_ card: MaskedCard) -> String {
    "\(card.expiryMonth)/\(card.expiryYear)"
  }

  private static func record(from row: [SQLValue]) throws(TicketingError) -> OrderRecord {
    guard row.count == 19, let id = row[0].text.flatMap(OrderID.init),
      let bookingID = row[1].text.flatMap(BookingID.init), let guests = row[2].integer,
      let minorUnits = row[3].integer, let currency = row[4].text.flatMap({ Currency(code: $0) }),
      let name = row[5].text, let brand = row[6].text, let lastFour = row[7].text,
      let expiry = row[8].text, let state = row[9].text.flatMap(OrderState.init),
      let updatedAt = row[15].real
    else { throw .storageFailed(reason: "an order row in the ledger is malformed") }
    let expiryParts = expiry.split(separator: "/").compactMap { Int($0) }
    let hold = row[10].text.flatMap(HoldID.init).map { holdID in
      SeatHold(
        id: holdID, bookingID: bookingID, places: Int(guests),
        expiresAt: Date(timeIntervalSince1970: row[11].real ?? 0))
    }
    return OrderRecord(
      id: id, bookingID: bookingID, guests: Int(guests),
      amount: Money(minorUnits: minorUnits, currency: currency), travellerName: name,
      card: MaskedCard(
        brand: brand, lastFour: lastFour, expiryMonth: expiryParts.first ?? 0,
        expiryYear: expiryParts.last ?? 0, fingerprint: row[17].text ?? ""),
      state: state, hold: hold, chargeID: row[12].text,
      supplierReference: row[13].text.flatMap(SupplierReference.init),
      ticketID: row[16].text.flatMap(TicketID.init), refundID: row[14].text,
      updatedAt: Date(timeIntervalSince1970: updatedAt), lastFailure: row[18].text)
  }

  private static func ticket(from row: [SQLValue]) throws(TicketingError) -> Ticket {
    guard row.count == 12, let id = row[0].text.flatMap(TicketID.init),
      let orderID = row[1].text.flatMap(OrderID.init),
      let bookingID = row[2].text.flatMap(BookingID.init),
      let name = row[3].text, let guests = row[4].integer, let minorUnits = row[5].integer,
      let currency = row[6].text.flatMap({ Currency(code: $0) }), let brand = row[7].text,
      let lastFour = row[11].text, let issuedAt = row[9].real
    else { throw .storageFailed(reason: "a ticket row in the ledger is malformed") }
    return Ticket(
      id: id, orderID: orderID, bookingID: bookingID, travellerName: name, guests: Int(guests),
      amountPaid: Money(minorUnits: minorUnits, currency: currency), cardBrand: brand,
      cardLastFour: lastFour,
      issuedAt: Date(timeIntervalSince1970: issuedAt),
      cancelledAt: row[10].real.map(Date.init(timeIntervalSince1970:)))
  }

  private static func newTicketID() -> TicketID {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    // "TKT-" and twelve hexadecimal digits: always a valid identifier.
    guard let id = TicketID("TKT-\(suffix)") else { preconditionFailure("ticket identifier") }
    return id
  }

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
    case .locked(let path): .ledgerLocked(path: path)
    case .diskFull(let path): .diskFull(path: path)
    case .newerSchema(let path, _, _): .newerSchema(path: path)
    case .failed: .storageFailed(reason: error.description)
    }
  }
}
