import PostgreSQL
import SQLite

/// A second implementation of the server-database seam: SQLite in memory, behind a small dialect
/// adapter (``SQLiteServerStatements``). The server ledger runs on it unchanged, so its contract
/// holds against an engine that is not libpq's, and it runs where no PostgreSQL server does.
///
/// What it is not: PostgreSQL. Its schema is the ledger's migrations written again in SQLite's
/// words (the moves the database itself refuses, by triggers), and one call runs at a time, each
/// transaction `BEGIN IMMEDIATE`, so a `FOR UPDATE` has nothing left to lock. Nothing in memory
/// can stop answering, so deadlines and cancellation are not its to hold.
actor SQLiteServerDatabase: ServerDatabase {
  nonisolated let deadline: Duration = .seconds(10)
  private let database: SQLiteDatabase
  /// Whether a call runs; the calls waiting for it to end, the longest first.
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init() throws {
    database = try SQLiteDatabase(inMemoryWith: [Self.schema])
  }

  func transaction<Result: Sendable>(
    until deadline: ContinuousClock.Instant?,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    await take()
    defer { giveBack() }
    let statements = SQLiteServerStatements(database: database)
    try await statements.execute("BEGIN IMMEDIATE")
    do throws(PostgreSQLError) {
      let result = try await body(statements)
      try await statements.execute("COMMIT")
      return result
    } catch {
      _ = try? await statements.execute("ROLLBACK")
      throw error
    }
  }

  func autocommit<Result: Sendable>(
    until deadline: ContinuousClock.Instant?, followingNoAnswer: Bool,
    _ body: @escaping @Sendable (any ServerStatements) async throws(PostgreSQLError) -> Result
  ) async throws(PostgreSQLError) -> Result {
    await take()
    defer { giveBack() }
    return try await body(SQLiteServerStatements(database: database))
  }

  /// One call at a time: while a transaction's closure awaits, another call's `BEGIN` would
  /// meet SQLite's one connection inside it.
  private func take() async {
    guard busy else {
      busy = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func giveBack() {
    if waiting.isEmpty {
      busy = false
    } else {
      waiting.removeFirst().resume()
    }
  }

  /// The ledger's schema after all its migrations, in SQLite's words.
  static let schema = """
    CREATE TABLE orders (
      id text PRIMARY KEY,
      trip_id text NOT NULL,
      places integer NOT NULL CHECK (places > 0),
      amount_minor_units integer NOT NULL,
      currency text NOT NULL,
      traveller_name text NOT NULL,
      traveller_email text,
      card_brand text NOT NULL,
      card_last_four text NOT NULL,
      card_expiry text NOT NULL,
      card_fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN
        ('drafted', 'held', 'charged', 'ticketed', 'released', 'refunded', 'cancelling',
          'places_returned', 'cancelled')),
      hold_id text,
      hold_expires_at real,
      charge_id text,
      supplier_reference text,
      refund_id text,
      created_at real NOT NULL,
      updated_at real NOT NULL,
      last_failure text
    );
    CREATE TABLE tickets (
      id text PRIMARY KEY,
      order_id text NOT NULL UNIQUE REFERENCES orders (id),
      trip_id text NOT NULL,
      traveller_name text NOT NULL,
      places integer NOT NULL,
      amount_minor_units integer NOT NULL,
      currency text NOT NULL,
      card_brand text NOT NULL,
      card_last_four text NOT NULL,
      charge_id text NOT NULL,
      issued_at real NOT NULL,
      cancelled_at real
    );
    CREATE TABLE order_failures (order_id text NOT NULL, failure text NOT NULL, noted_at real NOT NULL);
    CREATE TABLE order_transitions (from_state text NOT NULL, to_state text NOT NULL);
    INSERT INTO order_transitions VALUES
      ('drafted', 'held'), ('drafted', 'released'), ('held', 'charged'), ('held', 'released'),
      ('charged', 'ticketed'), ('charged', 'refunded'), ('ticketed', 'cancelling'),
      ('cancelling', 'places_returned'), ('places_returned', 'cancelled');
    CREATE TRIGGER orders_start_drafted BEFORE INSERT ON orders WHEN NEW.state <> 'drafted'
    BEGIN SELECT RAISE(ABORT, 'an order starts drafted'); END;
    CREATE TRIGGER orders_move_by_the_table BEFORE UPDATE OF state ON orders
    WHEN NEW.state <> OLD.state AND NOT EXISTS (
      SELECT 1 FROM order_transitions WHERE from_state = OLD.state AND to_state = NEW.state)
    BEGIN SELECT RAISE(ABORT, 'illegal order transition'); END;
    """
}
