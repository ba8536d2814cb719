package import Foundation
import Locking
package import Networking
import PaymentInterface
import SQLValues
package import SQLite
import SharedKernel

/// Plays a payment provider's test mode in-process, over Networking's in-process transport, so
/// checkout's real request path runs offline. Its charges are kept in its own SQLite file under
/// the Voyage home folder, so an idempotency key is honoured across restarts and processes, as a
/// real provider's would be.
///
/// `POST /v1/charges` with an `Idempotency-Key` header and a JSON body
/// (`amount_minor_units`, `currency`, `card_number`, `expiry_month`, `expiry_year`, `holder_name`).
/// Test cards: `4242 4242 4242 4242` succeeds; `4000 0000 0000 0002` is declined;
/// `4000 0000 0000 9995` has insufficient funds; `4000 0000 0000 0119` fails transiently (503,
/// retryable); `4000 0000 0000 0069` is expired. Any other Luhn-valid number with a future
/// expiry succeeds. The full card number is used to decide and then dropped: only its brand and
/// last four digits are stored.
///
/// `POST /v1/refunds` with an `Idempotency-Key` header and a JSON body (`charge_id`,
/// `amount_minor_units`, `currency`) gives a whole charge back, once: 409 `already_refunded` for
/// a second refund under another key, 400 `invalid_refund` for another amount or currency.
/// A failure of the sandbox's own file is answered with 507 `storage_failed`.
package final class PaymentSandbox: Sendable {
  /// The sandbox's file inside the Voyage home folder.
  package static let fileName = "payment-sandbox.sqlite"

  private let database: SQLiteDatabase
  private let today: @Sendable () -> Date
  private let faults = LockedValue(0)
  private let committed: @Sendable (PaymentSandboxChange) -> Void

  /// Opens (creating on first use) the sandbox's store in `home` and checks that it is sound,
  /// so a damaged file is found when the graph is built, before a checkout changes anything
  /// outside, not at the charge. `today` decides expiry. `committed` hears of every charge and
  /// refund once it is durable and before it is answered: tests use it to stop a process at
  /// that exact point. `storeTimeout` is the longest it waits for its file while another
  /// process writes it.
  package init(
    home: URL, today: @escaping @Sendable () -> Date = { Date() },
    storeTimeout: Duration = .seconds(5),
    committed: @escaping @Sendable (PaymentSandboxChange) -> Void = { _ in }
  ) throws(SQLiteError) {
    database = try SQLiteDatabase(
      file: home.appendingPathComponent(Self.fileName), migrations: Self.migrations,
      busyTimeout: storeTimeout, checkingIntegrity: true)
    self.today = today
    self.committed = committed
  }

  /// A transport whose requests this sandbox answers.
  package var transport: InProcessTransport {
    InProcessTransport { [self] request in await self.handle(request) }
  }

  /// How many successful charges the sandbox has made, over its whole life.
  package func chargeCount() async throws(SQLiteError) -> Int {
    let counted = try await database.read { connection throws(SQLiteError) in
      try connection.query(
        "SELECT COUNT(*) AS charges FROM charges WHERE status = 200",
        reading: { row throws(SQLRowError) in try row.integer("charges") })
    }
    return Int(counted.first ?? 0)
  }

  /// How many refunds the sandbox has made, over its whole life.
  package func refundCount() async throws(SQLiteError) -> Int {
    let counted = try await database.read { connection throws(SQLiteError) in
      try connection.query(
        "SELECT COUNT(*) AS refunds FROM refunds",
        reading: { row throws(SQLRowError) in try row.integer("refunds") })
    }
    return Int(counted.first ?? 0)
  }

  /// Makes the next `count` requests fail with 503 before they are looked at, then recover.
  package func failNextRequests(_ count: Int) {
    faults.withLock { $0 = count }
  }

  static let migrations = [
    """
    CREATE TABLE charges (
      idempotency_key TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      status INTEGER NOT NULL,
      body TEXT NOT NULL,
      created_at REAL NOT NULL
    );
    """,
    """
    CREATE INDEX charges_by_charge_id ON charges (json_extract(body, '$.id'));
    CREATE TABLE refunds (
      idempotency_key TEXT PRIMARY KEY,
      charge_id TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL,
      created_at REAL NOT NULL
    );
    """,
  ]

  /// The request as the sandbox decodes it.
  private struct ChargeRequest: Decodable {
    let amountMinorUnits: Int64
    let currency: String
    let cardNumber: String
    let expiryMonth: Int
    let expiryYear: Int
    let holderName: String
  }

  /// Answers one request as the provider's API would.
  package func handle(_ request: TransportRequest) async -> TransportResponse {
    let injected = faults.withLock { count -> Bool in
      guard count > 0 else { return false }
      count -= 1
      return true
    }
    if injected { return Self.error(503, "processing_error", "the sandbox was told to fail") }
    if request.method == .post, request.path == "/v1/refunds" { return await refund(request) }
    if request.method == .post, request.path == "/v1/charges/close" {
      return await closeCharges(request)
    }
    guard request.method == .post, request.path == "/v1/charges" else {
      return Self.error(404, "not_found", "no route for \(request.method.rawValue) \(request.path)")
    }
    guard let key = request.header("Idempotency-Key"), !key.isEmpty, key.count <= 255 else {
      return Self.error(
        400, "missing_idempotency_key", "every charge needs an Idempotency-Key header")
    }
    guard let body = request.body,
      let charge = try? RetryingHTTPClient.decode(ChargeRequest.self, from: body)
    else {
      return Self.error(400, "invalid_request", "the body is not a charge request")
    }
    let digits = charge.cardNumber.filter(\.isNumber)
    // The card value knows its brand and last four digits; an invalid number has neither.
    let card = try? PaymentCard(
      number: charge.cardNumber, expiryMonth: charge.expiryMonth, expiryYear: charge.expiryYear,
      holderName: charge.holderName)
    let brand = card?.brand ?? "Card"
    let lastFour = card?.lastFour ?? String(digits.suffix(4))
    let fingerprint =
      "\(charge.amountMinorUnits)|\(charge.currency)|\(brand)|\(lastFour)|\(charge.expiryMonth)/\(charge.expiryYear)|\(charge.holderName)"
    let decided = decide(charge, digits: digits, brand: brand, lastFour: lastFour, key: key)
    do {
      let response = try await database.transaction {
        connection throws(SQLiteError) -> TransportResponse in
        if let stored = try connection.query(
          "SELECT fingerprint, status, body FROM charges WHERE idempotency_key = ?", [.text(key)],
          reading: StoredCharge.init(row:)
        ).first {
          // A closed key answers every later charge with its refusal.
          guard [fingerprint, Self.closedFingerprint].contains(stored.fingerprint) else {
            return Self.error(
              409, "idempotency_key_reused", "this key was used for a different charge")
          }
          return TransportResponse(
            status: stored.status,
            headers: ["Content-Type": "application/json", "Idempotent-Replayed": "true"],
            body: Data(stored.body.utf8))
        }
        // A transient failure is not remembered: the same key may succeed when retried.
        guard decided.status != 503 else { return decided }
        try connection.execute(
          "INSERT INTO charges (idempotency_key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?)",
          [
            .text(key), .text(fingerprint), .integer(Int64(decided.status)),
            .text(String(decoding: decided.body, as: UTF8.self)),
            .real(today().timeIntervalSince1970),
          ])
        return decided
      }
      if response.isSuccess { committed(.charged) }
      return response
    } catch {
      return Self.storageFailure(error)
    }
  }

  /// A charge as stored under its key: what it was asked for (or that the key was closed), and
  /// the answer it was given, replayed as is.
  private struct StoredCharge {
    let fingerprint: String
    let status: Int
    let body: String

    init(row: SQLRow) throws(SQLRowError) {
      fingerprint = try row.text("fingerprint")
      status = Int(try row.integer("status"))
      body = try row.text("body")
    }
  }

  /// What a closed key's row holds instead of a charge's fingerprint.
  private static let closedFingerprint = "closed"

  /// Closes a key to charges: the row it writes answers every later charge under the key with
  /// 409 `charges_closed`; a charge already taken is returned as `{"charge": …}`.
  private func closeCharges(_ request: TransportRequest) async -> TransportResponse {
    guard let key = request.header("Idempotency-Key"), !key.isEmpty, key.count <= 255 else {
      return Self.error(400, "missing_idempotency_key", "closing needs an Idempotency-Key header")
    }
    let refusal = Self.error(
      409, "charges_closed", "the order was given up; nothing can be charged under its key")
    do {
      return try await database.transaction { connection throws(SQLiteError) -> TransportResponse in
        if let stored = try connection.query(
          "SELECT fingerprint, status, body FROM charges WHERE idempotency_key = ?", [.text(key)],
          reading: StoredCharge.init(row:)
        ).first {
          guard stored.status == 200 else {
            return TransportResponse(status: 200, body: Data(#"{"charge": null}"#.utf8))
          }
          return TransportResponse(status: 200, body: Data(#"{"charge": \#(stored.body)}"#.utf8))
        }
        try connection.execute(
          "INSERT INTO charges (idempotency_key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?)",
          [
            .text(key), .text(Self.closedFingerprint), .integer(409),
            .text(String(decoding: refusal.body, as: UTF8.self)),
            .real(today().timeIntervalSince1970),
          ])
        return TransportResponse(status: 200, body: Data(#"{"charge": null}"#.utf8))
      }
    } catch {
      return Self.storageFailure(error)
    }
  }

  private struct RefundRequest: Decodable {
    let chargeId: String
    let amountMinorUnits: Int64
    let currency: String
  }

  private struct RefundPayload: Encodable {
    let id: String
    let chargeId: String
    let amountMinorUnits: Int64
    let currency: String
    let created: Double
  }

  private func refund(_ request: TransportRequest) async -> TransportResponse {
    guard let key = request.header("Idempotency-Key"), !key.isEmpty, key.count <= 255 else {
      return Self.error(
        400, "missing_idempotency_key", "every refund needs an Idempotency-Key header")
    }
    guard let body = request.body,
      let refund = try? RetryingHTTPClient.decode(RefundRequest.self, from: body)
    else {
      return Self.error(400, "invalid_request", "the body is not a refund request")
    }
    let now = today().timeIntervalSince1970
    do {
      let response = try await database.transaction {
        connection throws(SQLiteError) -> TransportResponse in
        if let stored = try connection.query(
          "SELECT charge_id, body FROM refunds WHERE idempotency_key = ?", [.text(key)],
          reading: { row throws(SQLRowError) in
            (chargeID: try row.text("charge_id"), body: try row.text("body"))
          }
        ).first {
          guard stored.chargeID == refund.chargeId else {
            return Self.error(
              409, "idempotency_key_reused", "this key was used for a different refund")
          }
          return TransportResponse(
            status: 200, headers: ["Content-Type": "application/json"],
            body: Data(stored.body.utf8))
        }
        // What the charge's own answer says it took.
        guard
          let charged = try connection.query(
            """
            SELECT json_extract(body, '$.amount_minor_units') AS amount_minor_units,
              json_extract(body, '$.currency') AS currency
            FROM charges WHERE status = 200 AND json_extract(body, '$.id') = ?
            """, [.text(refund.chargeId)],
            reading: { row throws(SQLRowError) in
              (
                amountMinorUnits: try row.nullableInteger("amount_minor_units"),
                currency: try row.nullableText("currency")
              )
            }
          ).first
        else {
          return Self.error(404, "charge_not_found", "no charge has the identifier given")
        }
        guard charged.amountMinorUnits == refund.amountMinorUnits,
          charged.currency == refund.currency
        else {
          return Self.error(
            400, "invalid_refund", "a refund gives back the whole charge, in its currency")
        }
        guard
          try connection.query(
            "SELECT 1 FROM refunds WHERE charge_id = ?", [.text(refund.chargeId)]
          ).isEmpty
        else {
          return Self.error(409, "already_refunded", "this charge was already refunded")
        }
        let payload = RefundPayload(
          id: "re_" + Self.randomSuffix(), chargeId: refund.chargeId,
          amountMinorUnits: refund.amountMinorUnits, currency: refund.currency, created: now)
        let answer = Self.json(payload, status: 200)
        try connection.execute(
          "INSERT INTO refunds (idempotency_key, charge_id, body, created_at) VALUES (?, ?, ?, ?)",
          [
            .text(key), .text(refund.chargeId), .text(String(decoding: answer.body, as: UTF8.self)),
            .real(now),
          ])
        return answer
      }
      if response.isSuccess { committed(.refunded) }
      return response
    } catch {
      return Self.storageFailure(error)
    }
  }

  private static func storageFailure(_ error: SQLiteError) -> TransportResponse {
    Self.error(507, "storage_failed", "the payment sandbox's store failed: \(error)")
  }

  private static func randomSuffix() -> String {
    UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24).lowercased()
  }

  private func decide(
    _ charge: ChargeRequest, digits: String, brand: String, lastFour: String, key: String
  ) -> TransportResponse {
    guard charge.amountMinorUnits > 0 else {
      return Self.error(400, "invalid_amount", "the amount must be greater than zero")
    }
    guard Currency(code: charge.currency) != nil else {
      return Self.error(400, "unsupported_currency", "\(charge.currency) is not supported")
    }
    guard (12...19).contains(digits.count), digits.count == charge.cardNumber.count,
      PaymentCard.passesLuhnCheck(digits)
    else {
      return Self.error(400, "invalid_number", "the card number is not valid")
    }
    guard (1...12).contains(charge.expiryMonth) else {
      return Self.error(400, "invalid_expiry", "the expiry month is not valid")
    }
    let now = Calendar(identifier: .gregorian).dateComponents(
      in: TimeZone(identifier: "UTC") ?? .current, from: today())
    let (year, month) = (now.year ?? 0, now.month ?? 0)
    let isExpired =
      charge.expiryYear < year || (charge.expiryYear == year && charge.expiryMonth < month)
    switch digits {
    case "4000000000000002": return Self.error(402, "card_declined", "the card was declined")
    case "4000000000009995":
      return Self.error(402, "insufficient_funds", "the card has insufficient funds")
    case "4000000000000119":
      return Self.error(503, "processing_error", "the provider could not process the charge")
    case "4000000000000069": return Self.error(402, "expired_card", "the card has expired")
    default: break
    }
    guard !isExpired else { return Self.error(402, "expired_card", "the card has expired") }
    let charge = ChargePayload(
      id: "ch_" + Self.randomSuffix(),
      amountMinorUnits: charge.amountMinorUnits, currency: charge.currency, brand: brand,
      lastFour: lastFour, created: today().timeIntervalSince1970)
    return Self.json(charge, status: 200)
  }

  private struct ChargePayload: Encodable {
    let id: String
    let amountMinorUnits: Int64
    let currency: String
    let brand: String
    let lastFour: String
    let created: Double
  }

  private struct ErrorPayload: Encodable {
    struct Detail: Encodable {
      let code: String
      let message: String
    }
    let error: Detail
  }

  private static func json(_ payload: some Encodable, status: Int) -> TransportResponse {
    let body = (try? RetryingHTTPClient.encode(payload)) ?? Data()
    return TransportResponse(
      status: status, headers: ["Content-Type": "application/json"], body: body)
  }

  private static func error(_ status: Int, _ code: String, _ message: String) -> TransportResponse {
    json(ErrorPayload(error: .init(code: code, message: message)), status: status)
  }
}

/// A change to the payment sandbox's store, reported once it is durable.
package enum PaymentSandboxChange: String, Sendable {
  case charged, refunded
}
