import Foundation
import Locking
import SQLValues
import SQLite
import SharedKernel

/// The supplier's places, durably: every hold and booking in one SQLite file, so separate
/// processes share one inventory and nothing oversells whatever their interleaving.
///
/// A trip's places left are its catalog capacity minus the places of its confirmed bookings and
/// of its holds that have not expired. Every change runs in one `BEGIN IMMEDIATE` transaction,
/// so the check "enough places?" and the write that takes them cannot be split by another
/// process. An expired hold needs no sweeper: it simply stops counting.
struct SandboxInventory: Sendable {
  /// A hold or booking as stored.
  struct Hold: Sendable, Equatable {
    enum Status: String, Sendable {
      case held, confirmed, released, expired, cancelled
    }
    let id: String
    let tripID: String
    let places: Int
    let status: Status
    let expiresAt: Double
    let reference: String?
  }

  /// Why a change was refused; each becomes one of the API's 4xx answers.
  enum Refusal: Error, Equatable {
    case notEnoughPlaces(left: Int)
    case keyReused
    case holdNotFound
    case expired
    case released
    case confirmed
    case bookingNotFound
  }

  /// What a change did, or why it could not be made.
  enum Outcome: Sendable {
    case done(Hold)
    case refused(Refusal)
  }

  static let fileName = "supplier-sandbox.sqlite"

  static let migrations = [
    """
    CREATE TABLE holds (
      id TEXT PRIMARY KEY,
      idempotency_key TEXT NOT NULL UNIQUE,
      trip_id TEXT NOT NULL,
      places INTEGER NOT NULL CHECK (places > 0),
      status TEXT NOT NULL
        CHECK (status IN ('held', 'confirmed', 'released', 'expired', 'cancelled')),
      expires_at REAL NOT NULL,
      reference TEXT UNIQUE,
      created_at REAL NOT NULL
    );
    CREATE INDEX holds_by_trip ON holds (trip_id, status);
    """
  ]

  private let open: @Sendable () throws(SQLiteError) -> SQLiteDatabase

  /// An inventory in `home` (opened on first use, so a sandbox that is never asked about places
  /// never touches the disk), or in memory when `home` is `nil`.
  init(home: URL?, busyTimeout: Duration) {
    let opened = LockedValue<SQLiteDatabase?>(nil)
    open = { () throws(SQLiteError) -> SQLiteDatabase in
      do {
        return try opened.withLock { database in
          if let database { return database }
          let fresh =
            if let home {
              // Processes racing for the last places wait their turn, as at a real supplier,
              // for as long as their callers wait.
              try SQLiteDatabase(
                file: home.appendingPathComponent(Self.fileName), migrations: Self.migrations,
                busyTimeout: busyTimeout)
            } else {
              try SQLiteDatabase(inMemoryWith: Self.migrations)
            }
          database = fresh
          return fresh
        }
      } catch let error as SQLiteError {
        throw error
      } catch {
        throw .failed(code: -1, message: String(describing: error))
      }
    }
  }

  /// Places taken on each trip that has any: confirmed bookings and unexpired holds.
  func placesTaken(now: Double) async throws(SQLiteError) -> [String: Int] {
    let database = try open()
    let taken = try await database.read { connection throws(SQLiteError) in
      try connection.query(
        """
        SELECT trip_id, SUM(places) AS places FROM holds
        WHERE status = 'confirmed' OR (status = 'held' AND expires_at > ?)
        GROUP BY trip_id
        """, [.real(now)],
        reading: { row throws(SQLRowError) in
          (try row.text("trip_id"), Int(try row.integer("places")))
        })
    }
    return Dictionary(taken, uniquingKeysWith: +)
  }

  /// Holds `places` on `tripID` (of `capacity` places in all) under `key`, until `expiresAt`.
  /// The same key for the same trip and places answers with the hold it already made.
  func hold(
    places: Int, tripID: String, capacity: Int, key: String, now: Double, expiresAt: Double
  ) async throws(SQLiteError) -> Outcome {
    let database = try open()
    return try await database.transaction { connection throws(SQLiteError) -> Outcome in
      if let existing = try Self.hold(where: "idempotency_key = ?", .text(key), in: connection) {
        guard existing.tripID == tripID, existing.places == places else {
          return .refused(.keyReused)
        }
        return .done(existing)
      }
      let taken =
        try connection.query(
          """
          SELECT COALESCE(SUM(places), 0) AS taken FROM holds
          WHERE trip_id = ? AND (status = 'confirmed' OR (status = 'held' AND expires_at > ?))
          """, [.text(tripID), .real(now)],
          reading: { row throws(SQLRowError) in try row.integer("taken") }
        ).first ?? 0
      let left = max(0, capacity - Int(taken))
      guard places <= left else { return .refused(.notEnoughPlaces(left: left)) }
      let id = "HLD-" + Self.randomSuffix()
      try connection.execute(
        """
        INSERT INTO holds (id, idempotency_key, trip_id, places, status, expires_at, created_at)
        VALUES (?, ?, ?, ?, 'held', ?, ?)
        """,
        [
          .text(id), .text(key), .text(tripID), .integer(Int64(places)), .real(expiresAt),
          .real(now),
        ])
      return .done(
        Hold(
          id: id, tripID: tripID, places: places, status: .held, expiresAt: expiresAt,
          reference: nil))
    }
  }

  /// Turns a live hold into a booking with a reference; confirming it again answers the same.
  func confirm(holdID: String, now: Double) async throws(SQLiteError) -> Outcome {
    try await change(holdID: holdID) { hold, connection throws(SQLiteError) -> Outcome in
      switch hold.status {
      case .confirmed: return .done(hold)
      case .released: return .refused(.released)
      case .expired, .cancelled: return .refused(.expired)
      case .held where hold.expiresAt <= now:
        try connection.execute(
          "UPDATE holds SET status = 'expired' WHERE id = ?", [.text(hold.id)])
        return .refused(.expired)
      case .held:
        let reference = "SBR-" + Self.randomSuffix()
        try connection.execute(
          "UPDATE holds SET status = 'confirmed', reference = ? WHERE id = ?",
          [.text(reference), .text(hold.id)])
        return .done(hold.with(status: .confirmed, reference: reference))
      }
    }
  }

  /// Gives a hold's places back; releasing it again, or releasing an expired hold, is fine.
  func release(holdID: String) async throws(SQLiteError) -> Outcome {
    try await change(holdID: holdID) { hold, connection throws(SQLiteError) -> Outcome in
      switch hold.status {
      case .confirmed: return .refused(.confirmed)
      case .released, .expired, .cancelled: return .done(hold)
      case .held:
        try connection.execute(
          "UPDATE holds SET status = 'released' WHERE id = ?", [.text(hold.id)])
        return .done(hold.with(status: .released, reference: nil))
      }
    }
  }

  /// Cancels a confirmed booking: its places return. Cancelling it again is fine.
  func cancel(reference: String) async throws(SQLiteError) -> Outcome {
    let database = try open()
    return try await database.transaction { connection throws(SQLiteError) -> Outcome in
      guard let hold = try Self.hold(where: "reference = ?", .text(reference), in: connection)
      else { return .refused(.bookingNotFound) }
      guard hold.status == .confirmed else { return .done(hold) }
      try connection.execute(
        "UPDATE holds SET status = 'cancelled' WHERE id = ?", [.text(hold.id)])
      return .done(hold.with(status: .cancelled, reference: hold.reference))
    }
  }

  /// Every hold and booking, oldest first: for tests that prove nothing was left behind.
  func allHolds() async throws(SQLiteError) -> [Hold] {
    let database = try open()
    return try await database.read { connection throws(SQLiteError) in
      try connection.query(Self.columns + " ORDER BY created_at, id", reading: Hold.init(row:))
    }
  }

  private func change(
    holdID: String,
    _ body: @escaping @Sendable (Hold, SQLiteConnection) throws(SQLiteError) -> Outcome
  ) async throws(SQLiteError) -> Outcome {
    let database = try open()
    return try await database.transaction { connection throws(SQLiteError) -> Outcome in
      guard let hold = try Self.hold(where: "id = ?", .text(holdID), in: connection) else {
        return .refused(.holdNotFound)
      }
      return try body(hold, connection)
    }
  }

  private static let columns =
    "SELECT id, trip_id, places, status, expires_at, reference FROM holds"

  private static func hold(
    where condition: String, _ value: SQLValue, in connection: SQLiteConnection
  )
    throws(SQLiteError) -> Hold?
  {
    try connection.query(columns + " WHERE " + condition, [value], reading: Hold.init(row:)).first
  }

  private static func randomSuffix() -> String {
    String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12))
  }
}

extension SandboxInventory.Hold {
  /// A hold read by name from a row of `columns`.
  fileprivate init(row: SQLRow) throws(SQLRowError) {
    self.init(
      id: try row.text("id"), tripID: try row.text("trip_id"),
      places: Int(try row.integer("places")),
      status: try row.text("status", as: Status.init(rawValue:)),
      expiresAt: try row.real("expires_at"), reference: try row.nullableText("reference"))
  }

  fileprivate func with(status: Status, reference: String?) -> Self {
    Self(
      id: id, tripID: tripID, places: places, status: status, expiresAt: expiresAt,
      reference: reference)
  }
}
