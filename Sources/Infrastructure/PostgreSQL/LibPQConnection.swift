import CLibPQ
import Foundation
import SQLValues

/// One libpq connection, whose statements the ``ServerConnection`` handed to the closures of
/// ``PostgreSQLDatabase/transaction(until:_:)`` and
/// ``PostgreSQLDatabase/autocommit(until:followingNoAnswer:_:)`` run. It speaks libpq's non-blocking
/// interface (`PQsendQueryParams`, `PQconsumeInput`, and `poll(2)` on `PQsocket`), so the client
/// holds each call's deadline itself: a server that stops answering (stopped with SIGSTOP, a
/// cable cut) ends the call at its deadline, as a cancelled task ends it at once; the statement
/// in flight is then cancelled at the server and the connection dropped. Only a
/// `PooledConnection` (an actor on a thread outside Swift's cooperative pool) ever uses one.
final class LibPQConnection {
  private let handle: OpaquePointer
  private let settings: ConnectionSettings
  private let wait: InterruptibleWait
  /// The notice receiver's state; it lives as long as the connection it receives for.
  private let notices: ServerNotices
  /// When the call in progress must end; set by the `PooledConnection` before each call.
  var deadline: ContinuousClock.Instant
  /// Whether a call gave up on this connection in the middle of a statement (its deadline
  /// passed, its task was cancelled): what the server will answer is unknown, so the
  /// connection is never used again.
  private(set) var isAbandoned = false

  /// How long a cancel request may take before the connection is dropped anyway: half a
  /// second, within the margin a command may run past its deadline; none for a call that
  /// follows one the server did not answer, whose deadline is that margin's end.
  var cancelPatience = LibPQConnection.usualCancelPatience

  /// The cancel's patience of a call that follows no unanswered one.
  static let usualCancelPatience: Duration = .milliseconds(500)

  /// Connects as `settings` say, by `deadline` (ended early by `wait`'s interruption), then
  /// applies the statement and lock timeouts and the schema.
  init(_ settings: ConnectionSettings, wait: InterruptibleWait, deadline: ContinuousClock.Instant)
    throws(PostgreSQLError)
  {
    self.settings = settings
    self.wait = wait
    self.deadline = deadline
    // The settings as Voyage read them, never expanded again by libpq (`expand_dbname` 0), each
    // host name already looked up: libpq's own lookup would block here, past any deadline.
    var given = settings.settings
    if let hosts = settings.hosts {
      given = try hosts.lookedUp(
        in: given, server: settings.server, timeout: settings.deadline, wait: wait,
        until: deadline)
    }
    if !given.contains(where: { $0.keyword == "fallback_application_name" }) {
      given.insert(.init(keyword: "fallback_application_name", value: "voyage"), at: 0)
    }
    let started = withCStrings(given.map(\.keyword)) { keywords in
      withCStrings(given.map(\.value)) { values in PQconnectStartParams(keywords, values, 0) }
    }
    guard let started else {
      throw .unreachable(server: settings.server, reason: "libpq could not allocate a connection")
    }
    // Before the first poll, so what the server says while connecting follows these too: its
    // refusals with their SQLSTATE, its notices to the log (libpq's default prints them on
    // stderr, escape sequences and all, even under --json).
    PQsetErrorVerbosity(started, PQERRORS_VERBOSE)
    let notices = ServerNotices(settings)
    PQsetNoticeReceiver(
      started, { argument, result in ServerNotices.receive(argument, result) },
      Unmanaged.passUnretained(notices).toOpaque())
    // The first poll waits for the socket to be writable, as libpq's documentation says.
    var polling = PGRES_POLLING_WRITING
    while polling != PGRES_POLLING_OK {
      guard polling != PGRES_POLLING_FAILED, PQstatus(started) != CONNECTION_BAD else {
        let message = settings.redacting(String(cString: PQerrorMessage(started)))
        PQfinish(started)
        throw .connectionFailure(
          message, server: settings.server, password: settings.passwordSource)
      }
      let events = polling == PGRES_POLLING_READING ? Int16(POLLIN) : Int16(POLLOUT)
      switch wait.socket(PQsocket(started), ready: events, until: deadline) {
      case .ready: polling = PQconnectPoll(started)
      case .deadlinePassed:
        PQfinish(started)
        throw .timedOut(server: settings.server, after: settings.deadline)
      case .interrupted:
        PQfinish(started)
        throw .interrupted(server: settings.server)
      }
    }
    handle = started
    self.notices = notices
    PQsetnonblocking(handle, 1)
    _ = try query(
      "SELECT set_config('statement_timeout', $1, false), set_config('lock_timeout', $2, false)",
      [.text("\(settings.deadlineMilliseconds)"), .text("\(settings.lockTimeoutMilliseconds)")])
    if let schema = settings.schema {
      _ = try query("SELECT set_config('search_path', $1, false)", [.text(schema)])
    }
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the connection broke, or was abandoned mid-statement, and must be replaced.
  var isBroken: Bool { isAbandoned || PQstatus(handle) != CONNECTION_OK }

  /// How many statements the server has answered on this connection, failures included: a
  /// connection that broke before its first answer to a caller never ran that caller's work.
  private(set) var answers = 0

  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  func execute(_ sql: String, _ parameters: [SQLValue] = []) throws(PostgreSQLError)
    -> Int
  {
    let result = try run(sql, parameters)
    defer { PQclear(result) }
    return Int(String(cString: PQcmdTuples(result))) ?? 0
  }

  /// Runs one statement with bound `parameters` and returns its rows, each knowing the names the
  /// statement gave its columns.
  func query(_ sql: String, _ parameters: [SQLValue] = []) throws(PostgreSQLError) -> [SQLRow] {
    let result = try run(sql, parameters)
    defer { PQclear(result) }
    let count = PQnfields(result)
    // The names the statement gives its columns: an `AS` alias, or the column's own name.
    let columns = (0..<count).map { String(cString: PQfname(result, $0)) }
    let types = (0..<count).map { PostgreSQLType(rawValue: PQftype(result, $0)) }
    var rows: [SQLRow] = []
    for row in 0..<PQntuples(result) {
      let values = zip(0..<count, types).map { column, type -> SQLValue in
        guard PQgetisnull(result, row, column) == 0 else { return .null }
        let text = String(cString: PQgetvalue(result, row, column))
        switch type {
        case .int2, .int4, .int8: return Int64(text).map(SQLValue.integer) ?? .text(text)
        case .float4, .float8: return Double(text).map(SQLValue.real) ?? .text(text)
        case .text, .varchar, nil: return .text(text)
        }
      }
      rows.append(SQLRow(columns: columns, values: values))
    }
    return rows
  }

  /// Runs a script of several statements without parameters: for migrations, which are code.
  func executeScript(_ sql: String) throws(PostgreSQLError) {
    try refuseIfCancelled()
    guard PQsendQuery(handle, sql) == 1 else { throw failure(nil) }
    guard let result = try answer() else { throw failure(nil) }
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK
    else { throw failure(result) }
  }

  private func run(_ sql: String, _ parameters: [SQLValue]) throws(PostgreSQLError)
    -> OpaquePointer
  {
    try refuseIfCancelled()
    let texts = parameters.map(\.wireText)
    let copies = texts.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    let values = copies.map { $0.map { UnsafePointer($0) } }
    let sent = PQsendQueryParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0)
    guard sent == 1 else { throw failure(nil) }
    guard let result = try answer() else { throw failure(nil) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      defer { PQclear(result) }
      throw failure(result)
    }
    return result
  }

  /// Sends what libpq holds and reads the whole answer to the statement just sent, by the
  /// deadline: the first failed result if any, the last result otherwise (`nil` when the
  /// connection broke before any came).
  private func answer() throws(PostgreSQLError) -> OpaquePointer? {
    while true {
      let flushed = PQflush(handle)
      if flushed == 0 { break }
      guard flushed > 0 else { return nil }
      // Read while writing too: a server blocked writing to us would never read the rest.
      try waitForSocket(Int16(POLLIN) | Int16(POLLOUT))
      guard PQconsumeInput(handle) == 1 else { return nil }
    }
    var kept: OpaquePointer?
    while true {
      while PQisBusy(handle) == 1 {
        do throws(PostgreSQLError) {
          try waitForSocket(Int16(POLLIN))
        } catch {
          PQclear(kept)
          throw error
        }
        guard PQconsumeInput(handle) == 1 else {
          PQclear(kept)
          return nil
        }
      }
      guard let next = PQgetResult(handle) else { break }
      let failed = { (result: OpaquePointer) in
        let status = PQresultStatus(result)
        return status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK
      }
      if let previous = kept, failed(previous) {
        PQclear(next)
      } else {
        PQclear(kept)
        kept = next
      }
    }
    if kept != nil, !isBroken { answers += 1 }
    return kept
  }

  /// Waits for the socket to be ready for `events`. At the deadline, or when the calling task
  /// is cancelled, the statement in flight is cancelled at the server and the connection
  /// abandoned.
  private func waitForSocket(_ events: Int16) throws(PostgreSQLError) {
    switch wait.socket(PQsocket(handle), ready: events, until: deadline) {
    case .ready: return
    case .deadlinePassed:
      abandon()
      throw .timedOut(server: settings.server, after: settings.deadline)
    case .interrupted:
      abandon()
      throw .interrupted(server: settings.server)
    }
  }

  /// Sends nothing for a task already cancelled: between two statements of a transaction its
  /// closure may have awaited something else, and the cancellation came then. The connection,
  /// maybe inside an open transaction, is never used again (the server rolls that back).
  private func refuseIfCancelled() throws(PostgreSQLError) {
    guard Task.isCancelled else { return }
    isAbandoned = true
    throw .interrupted(server: settings.server)
  }

  private func abandon() {
    isAbandoned = true
    StatementCancellation.send(on: handle, waitingAtMost: cancelPatience)
  }

  private func failure(_ result: OpaquePointer?) -> PostgreSQLError {
    let server = settings.server
    if isBroken { return .connectionLost(server: server) }
    let field = { (code: UInt8) -> String in
      guard let result, let value = PQresultErrorField(result, Int32(code)) else { return "" }
      return String(cString: value)
    }
    let sqlState = field(UInt8(ascii: "C"))
    var message = field(UInt8(ascii: "M"))
    if message.isEmpty { message = String(cString: PQerrorMessage(handle)) }
    message = settings.redacting(message.trimmingCharacters(in: .whitespacesAndNewlines))
    return .statementFailure(
      sqlState: sqlState, message: message, server: server, timeout: settings.deadline,
      lockTimeout: settings.lockTimeout, password: settings.passwordSource)
  }
}

/// The PostgreSQL types a result's values are read as, by their `pg_type` OIDs (fixed for the
/// built-in types: `SELECT oid, typname FROM pg_type`). Integers and floating-point numbers
/// become numbers; `text`, `varchar` and every type not named here (`numeric`, `bool`, dates)
/// stay the text the server sent.
private enum PostgreSQLType: Oid {
  case int8 = 20
  case int2 = 21
  case int4 = 23
  case text = 25
  case float4 = 700
  case float8 = 701
  case varchar = 1043
}

extension SQLValue {
  /// The parameter's text form; `nil` is SQL's NULL. Values go over the wire as text, and the
  /// server reads them as the type the statement gives them; a double's shortest exact form
  /// reads back as the same double.
  fileprivate var wireText: String? {
    switch self {
    case .integer(let value): String(value)
    case .real(let value): "\(value)"
    case .text(let value): value
    case .null: nil
    }
  }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result
) -> Result {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
}
