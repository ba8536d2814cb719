import BookingInterface
import EmbeddedDatabase
import Foundation
import SharedKernel

/// The order ledger in an SQLite file under the Voyage home folder.
///
/// Orders are keyed by their identifier, which is also the payment's idempotency key. `begin`
/// writes the order before any charge; `issueTicket` writes the ticket and completes the order in
/// one transaction. Both run as `BEGIN IMMEDIATE` transactions, so two processes checking out the
/// same order are ordered by SQLite's lock and the second finds the first one's ticket.
struct SQLiteOrderLedger: OrderLedger {
  let database: Database

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
    """
  ]

  func begin(_ order: DraftOrder) async throws(TicketingError) -> OrderProgress {
    let now = Date().timeIntervalSince1970
    return try await mapping { () async throws(DatabaseError) in
      try await database.transaction { connection throws(DatabaseError) -> ProgressRecord in
        let existing = try connection.query(
          "SELECT booking_id, guests, amount_minor_units, currency, status FROM orders WHERE id = ?",
          [.text(order.id.rawValue)])
        guard let row = existing.first else {
          try connection.execute(
            """
            INSERT INTO orders (id, booking_id, guests, amount_minor_units, currency,
              traveller_name, traveller_email, status, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'started', ?)
            """,
            [
              .text(order.id.rawValue), .text(order.bookingID.rawValue),
              .integer(Int64(order.guests)),
              .integer(order.amount.minorUnits), .text(order.amount.currency.code),
              .text(order.traveller.name), order.traveller.email.map(SQLValue.text) ?? .null,
              .real(now),
            ])
          return .started
        }
        let sameOrder =
          row[0].text == order.bookingID.rawValue && row[1].integer == Int64(order.guests)
          && row[2].integer == order.amount.minorUnits && row[3].text == order.amount.currency.code
        guard sameOrder else { return .conflict }
        guard row[4].text == "completed" else { return .resumed }
        let tickets = try connection.query(
          Self.ticketColumns + " WHERE order_id = ?", [.text(order.id.rawValue)])
        return tickets.first.map { .completed($0) } ?? .resumed
      }
    }.progress(for: order.id)
  }

  func issueTicket(for paid: PaidOrder) async throws(TicketingError) -> Ticket {
    let order = paid.order
    let now = Date().timeIntervalSince1970
    let candidate = Ticket(
      id: Self.newTicketID(), for: paid, issuedAt: Date(timeIntervalSince1970: now))
    let row = try await mapping { () async throws(DatabaseError) in
      try await database.transaction { connection throws(DatabaseError) -> [SQLValue] in
        if let issued = try connection.query(
          Self.ticketColumns + " WHERE order_id = ?", [.text(order.id.rawValue)]
        ).first {
          return issued
        }
        // The order row normally exists (written by `begin`); write it if a caller skipped that.
        try connection.execute(
          """
          INSERT INTO orders (id, booking_id, guests, amount_minor_units, currency, traveller_name,
            traveller_email, status, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 'completed', ?)
          ON CONFLICT (id) DO UPDATE SET status = 'completed'
          """,
          [
            .text(order.id.rawValue), .text(order.bookingID.rawValue),
            .integer(Int64(order.guests)),
            .integer(order.amount.minorUnits), .text(order.amount.currency.code),
            .text(order.traveller.name), order.traveller.email.map(SQLValue.text) ?? .null,
            .real(now),
          ])
        let values: [SQLValue] = [
          .text(candidate.id.rawValue), .text(order.id.rawValue), .text(order.bookingID.rawValue),
          .text(candidate.travellerName), .integer(Int64(candidate.guests)),
          .integer(candidate.amountPaid.minorUnits), .text(candidate.amountPaid.currency.code),
          .text(candidate.paidWith), .text(paid.receipt.chargeID), .real(now),
        ]
        try connection.execute(
          """
          INSERT INTO tickets (id, order_id, booking_id, traveller_name, guests, amount_minor_units,
            currency, paid_with, charge_id, issued_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """, values)
        return values
      }
    }
    return try Self.ticket(from: row)
  }

  func tickets() async throws(TicketingError) -> [Ticket] {
    let rows = try await mapping { () async throws(DatabaseError) in
      try await database.read { connection throws(DatabaseError) in
        try connection.query(Self.ticketColumns + " ORDER BY issued_at DESC, id")
      }
    }
    var tickets: [Ticket] = []
    for row in rows { tickets.append(try Self.ticket(from: row)) }
    return tickets
  }

  // MARK: - Mapping

  fileprivate enum ProgressRecord: Sendable {
    case started
    case resumed
    case conflict
    case completed([SQLValue])
  }

  private static let ticketColumns = """
    SELECT id, order_id, booking_id, traveller_name, guests, amount_minor_units, currency,
      paid_with, charge_id, issued_at FROM tickets
    """

  private static func ticket(from row: [SQLValue]) throws(TicketingError) -> Ticket {
    guard row.count == 10, let id = row[0].text.flatMap(TicketID.init),
      let orderID = row[1].text.flatMap(OrderID.init),
      let bookingID = row[2].text.flatMap(BookingID.init),
      let name = row[3].text, let guests = row[4].integer, let minorUnits = row[5].integer,
      let currency = row[6].text.flatMap({ Currency(code: $0) }), let paidWith = row[7].text,
      let issuedAt = row[9].real
    else { throw .storageFailed(reason: "a ticket row in the ledger is malformed") }
    return Ticket(
      id: id, orderID: orderID, bookingID: bookingID, travellerName: name, guests: Int(guests),
      amountPaid: Money(minorUnits: minorUnits, currency: currency), paidWith: paidWith,
      issuedAt: Date(timeIntervalSince1970: issuedAt))
  }

  private static func newTicketID() -> TicketID {
    let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
    // "TKT-" and twelve hexadecimal digits: always a valid identifier.
    guard let id = TicketID("TKT-\(suffix)") else { preconditionFailure("ticket identifier") }
    return id
  }

  private func mapping<Result>(_ body: () async throws(DatabaseError) -> Result)
    async throws(TicketingError)
    -> Result
  {
    do {
      return try await body()
    } catch {
      throw Self.ticketingError(error)
    }
  }

  static func ticketingError(_ error: DatabaseError) -> TicketingError {
    switch error {
    case .folderNotWritable(let path): .folderNotWritable(path: path)
    case .notADatabase(let path), .corrupt(let path): .unreadableLedger(path: path)
    case .locked(let path): .ledgerLocked(path: path)
    case .diskFull(let path): .diskFull(path: path)
    case .failed: .storageFailed(reason: error.description)
    }
  }
}

extension SQLiteOrderLedger.ProgressRecord {
  fileprivate func progress(for id: OrderID) throws(TicketingError) -> OrderProgress {
    switch self {
    case .started: return .started
    case .resumed: return .resumed
    case .conflict: throw .orderConflict(id)
    case .completed(let row): return .completed(try SQLiteOrderLedger.ticket(from: row))
    }
  }
}
