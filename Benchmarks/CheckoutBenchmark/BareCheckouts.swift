import CLibPQ
import Foundation

/// The floor of the server ledger: one blocking libpq connection sending, for each checkout,
/// the statements `PostgreSQLOrderLedger` sends on a checkout's happy path (read the key, the
/// draft's insert, the held and charged updates, the ticket's transaction), with the same
/// columns and parameters, and nothing else: no pool, no deadline, no mapping of rows.
struct BareCheckouts {
  let url: String
  let schema: String

  private static let now = "extract(epoch FROM clock_timestamp())::float8"
  private static let orderColumns = """
    id, trip_id, places, amount_minor_units, currency, traveller_name, card_brand,
      card_last_four, card_expiry, state, hold_id, hold_expires_at, charge_id,
      supplier_reference, refund_id, updated_at,
      (SELECT id FROM tickets WHERE tickets.order_id = orders.id) AS ticket_id, card_fingerprint,
      coalesce((SELECT failure FROM order_failures WHERE order_failures.order_id = orders.id
        AND noted_at >= orders.updated_at ORDER BY noted_at DESC LIMIT 1), last_failure)
    """
  private static let ticketColumns = """
    SELECT id, order_id, trip_id, traveller_name, places, amount_minor_units, currency,
      card_brand, charge_id, issued_at, cancelled_at, card_last_four,
      (SELECT state FROM orders WHERE orders.id = tickets.order_id) AS order_state
    FROM tickets
    """

  /// Runs checkouts while `next` hands out an index; returns the statements sent, or why the
  /// loop stopped.
  func run(next: () -> Int?) -> Result<Int, LedgerFloor.FloorFailure> {
    let keywords = ["dbname", "options"]
    let values = [url, "-csearch_path=\(schema)"]
    let connection = keywords.withCStrings { keywords in
      values.withCStrings { values in PQconnectdbParams(keywords, values, 1) }
    }
    guard let connection else { return .failure(.init(reason: "no connection")) }
    defer { PQfinish(connection) }
    guard PQstatus(connection) == CONNECTION_OK else {
      return .failure(.init(reason: String(cString: PQerrorMessage(connection))))
    }
    var sent = 0
    func send(_ sql: String, _ parameters: [String]) -> String? {
      sent += 1
      let result = parameters.withCStrings { values in
        PQexecParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
      }
      defer { PQclear(result) }
      let status = PQresultStatus(result)
      return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK
        ? nil : String(cString: PQerrorMessage(connection))
    }
    while let index = next() {
      let key = "floor-\(schema.suffix(8))-\(index)"
      let steps: [(String, [String])] = [
        ("SELECT \(Self.orderColumns) FROM orders WHERE id = $1", [key]),
        (
          """
          INSERT INTO orders (id, trip_id, places, amount_minor_units, currency,
            traveller_name, traveller_email, card_brand, card_last_four, card_expiry,
            card_fingerprint, state, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, $9, $10, 'drafted', \(Self.now),
            \(Self.now))
          ON CONFLICT (id) DO NOTHING RETURNING \(Self.orderColumns)
          """,
          [key, "LIS-001", "1", "45000", "EUR", "Ada Lovelace", "Visa", "4242", "12/2099", "fp"]
        ),
        (
          """
          UPDATE orders SET state = $1, updated_at = \(Self.now), last_failure = NULL,
            hold_id = $3, hold_expires_at = $4 WHERE id = $2 AND state IN ('drafted')
          RETURNING \(Self.orderColumns)
          """,
          ["held", key, "HLD-\(index)", "4000000000"]
        ),
        (
          """
          UPDATE orders SET state = $1, updated_at = \(Self.now), last_failure = NULL,
            charge_id = $3 WHERE id = $2 AND state IN ('held') RETURNING \(Self.orderColumns)
          """,
          ["charged", key, "ch_\(index)"]
        ),
        ("BEGIN", []),
        ("SELECT state FROM orders WHERE id = $1 FOR UPDATE", [key]),
        (
          """
          UPDATE orders SET state = 'ticketed', supplier_reference = $1, charge_id = $2,
            updated_at = \(Self.now), last_failure = NULL
          WHERE id = $3
          """,
          ["REF-\(index)", "ch_\(index)", key]
        ),
        (
          """
          INSERT INTO tickets (id, order_id, trip_id, traveller_name, places,
            amount_minor_units, currency, card_brand, charge_id, issued_at, cancelled_at,
            card_last_four)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, \(Self.now), NULL, $10)
          """,
          [
            "TKT-\(index)-\(schema.suffix(6))", key, "LIS-001", "Ada Lovelace", "1", "45000",
            "EUR", "Visa", "ch_\(index)", "4242",
          ]
        ),
        (Self.ticketColumns + " WHERE id = $1", ["TKT-\(index)-\(schema.suffix(6))"]),
        ("COMMIT", []),
      ]
      for (sql, parameters) in steps {
        if let failure = send(sql, parameters) { return .failure(.init(reason: failure)) }
      }
    }
    return .success(sent)
  }
}

extension Array where Element == String {
  /// Calls `body` with the strings as C strings (and a NULL after the last).
  fileprivate func withCStrings<Result>(_ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
  }
}
