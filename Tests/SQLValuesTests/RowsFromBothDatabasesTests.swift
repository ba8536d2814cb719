import PostgreSQL
import PostgreSQLTestServer
import SQLValues
import SQLite
import Testing

/// One contract for the two databases' rows: the same `SELECT` gives rows with the same names
/// and values from SQLite and from PostgreSQL, they fail the same way, and a row a reader cannot
/// read fails the statement with the database's own error, giving the same reason. (The
/// PostgreSQL half runs against `VOYAGE_TEST_DATABASE_URL`, and is left out without it.)
@Suite("Rows from both databases")
struct RowsFromBothDatabasesTests {
  /// A database engine the contract runs on.
  enum Engine: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgreSQL

    var testDescription: String { rawValue }

    /// The engines this run reaches: SQLite always, PostgreSQL when a server is named.
    static let available = allCases.filter { $0 == .sqlite || TestServer.runs }

    /// The rows of `sql`, read by `read`, or the reason the database gave for a row `read`
    /// could not read.
    func query<Row: Sendable>(
      _ sql: String, reading read: @escaping @Sendable (SQLRow) throws(SQLRowError) -> Row
    ) async throws -> Result<[Row], UnreadableRow> {
      switch self {
      case .sqlite:
        let database = try SQLiteDatabase(inMemoryWith: [])
        do {
          return .success(
            try await database.read { connection throws(SQLiteError) in
              try connection.query(sql, reading: read)
            })
        } catch .unreadableRow(let reason) {
          return .failure(UnreadableRow(reason: reason))
        }
      case .postgreSQL:
        let database = try await PostgreSQLDatabase(
          connectionString: TestServer.url(), migrations: [], versionTable: "unused",
          connections: 1)
        do {
          return .success(
            try await database.autocommit { connection throws(PostgreSQLError) in
              try await connection.query(sql, reading: read)
            })
        } catch .unreadableRow(let reason) {
          return .failure(UnreadableRow(reason: reason))
        }
      }
    }

    /// The rows of `sql`, as they come.
    func rows(_ sql: String) async throws -> [SQLRow] {
      try await query(sql) { row throws(SQLRowError) in row }.get()
    }
  }

  /// The reason a database gave for a row its reader could not read.
  struct UnreadableRow: Error, Equatable {
    let reason: String

    init(reason: String) {
      self.reason = reason
    }

    init(_ problem: SQLRowError) {
      reason = problem.description
    }
  }

  /// Written once, in SQL both databases read alike.
  static let order = """
    SELECT 'held' AS state, CAST(2 AS bigint) AS places, CAST(0.5 AS double precision) AS rate,
      CAST(NULL AS text) AS hold_id
    """

  @Test(arguments: Engine.available)
  func columnsAreNamedByTheStatementItself(_ engine: Engine) async throws {
    let row = try #require(try await engine.rows(Self.order).first)
    #expect(row.columns == ["state", "places", "rate", "hold_id"])
  }

  @Test(arguments: Engine.available)
  func theSameStatementReadsAsTheSameValues(_ engine: Engine) async throws {
    let row = try #require(try await engine.rows(Self.order).first)
    #expect(try row.text("state") == "held")
    #expect(try row.integer("places") == 2)
    #expect(try row.real("rate") == 0.5)
    #expect(try row.nullableText("hold_id") == nil)
    #expect(
      row
        == SQLRow(
          columns: ["state", "places", "rate", "hold_id"],
          values: [.text("held"), .integer(2), .real(0.5), .null]))
  }

  @Test(arguments: Engine.available)
  func aRowThatCannotBeReadFailsTheStatementWithTheReasonNamingTheColumn(_ engine: Engine)
    async throws
  {
    let null = try await engine.query(Self.order) { row throws(SQLRowError) in
      try row.text("hold_id")
    }
    #expect(throws: UnreadableRow(.null(column: "hold_id"))) { try null.get() }
    let wrongType = try await engine.query(Self.order) { row throws(SQLRowError) in
      try row.integer("state")
    }
    #expect(throws: UnreadableRow(.wrongType(column: "state", expected: "integer", found: "text")))
    {
      try wrongType.get()
    }
    let missing = try await engine.query(Self.order) { row throws(SQLRowError) in
      try row.text("card_fingerprint")
    }
    #expect(
      throws: UnreadableRow(
        .missingColumn("card_fingerprint", selected: ["state", "places", "rate", "hold_id"]))
    ) { try missing.get() }
  }

  @Test(arguments: Engine.available)
  func aColumnSelectedTwiceUnderOneNameIsNeverGuessed(_ engine: Engine) async throws {
    let row = try #require(try await engine.rows("SELECT 'order-1' AS id, 'TKT-1' AS id").first)
    #expect(throws: SQLRowError.ambiguousColumn("id")) { try row.text("id") }
  }
}
