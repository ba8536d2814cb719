import CLibPQ
import Foundation

/// One libpq connection, handed to the closures of ``ServerDatabase/transaction(_:)`` and
/// ``ServerDatabase/read(_:)``. Every call blocks its thread until the server answers, which is
/// why only a `ConnectionThread` (a thread outside Swift's cooperative pool) ever makes one.
package final class ServerConnection {
  private let handle: OpaquePointer
  private let settings: ConnectionSettings

  /// Connects as `settings` say (blocking), then applies the statement timeout and schema.
  init(_ settings: ConnectionSettings) throws(ServerDatabaseError) {
    self.settings = settings
    let keywords = ["connect_timeout", "fallback_application_name", "dbname"]
    // Ours first, so that the connection string (expanded from `dbname`) overrides them.
    let values = [String(settings.connectTimeoutSeconds), "voyage", settings.connectionString]
    let handle = withCStrings(keywords) { keywords in
      withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
    }
    guard let handle else {
      throw .unreachable(server: settings.server, reason: "libpq could not allocate a connection")
    }
    guard PQstatus(handle) == CONNECTION_OK else {
      let message = settings.redacting(String(cString: PQerrorMessage(handle)))
      PQfinish(handle)
      throw Self.connectionFailure(message, server: settings.server)
    }
    self.handle = handle
    // libpq prints the server's notices ("relation already exists, skipping") on stderr;
    // they are not a person's business.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    _ = try query(
      "SELECT set_config('statement_timeout', $1, false)",
      [.text("\(settings.statementTimeoutMilliseconds)")])
    if let schema = settings.schema {
      _ = try query("SELECT set_config('search_path', $1, false)", [.text(schema)])
    }
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the connection broke and must be replaced.
  var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

  /// How many statements the server has answered on this connection, failures included: a
  /// connection that broke before its first answer to a caller never ran that caller's work.
  private(set) var answers = 0

  /// Runs one statement with bound `parameters`; returns the number of rows it changed.
  @discardableResult
  package func execute(_ sql: String, _ parameters: [ServerValue] = []) throws(ServerDatabaseError)
    -> Int
  {
    let result = try run(sql, parameters)
    defer { PQclear(result) }
    return Int(String(cString: PQcmdTuples(result))) ?? 0
  }

  /// Runs one statement with bound `parameters` and returns its rows.
  package func query(_ sql: String, _ parameters: [ServerValue] = []) throws(ServerDatabaseError)
    -> [[ServerValue]]
  {
    let result = try run(sql, parameters)
    defer { PQclear(result) }
    let columns = PQnfields(result)
    let types = (0..<columns).map { PQftype(result, $0) }
    return (0..<PQntuples(result)).map { row in
      (0..<columns).map { column in
        guard PQgetisnull(result, row, column) == 0 else { return .null }
        let text = String(cString: PQgetvalue(result, row, column))
        switch types[Int(column)] {
        case 20, 21, 23: return Int64(text).map(ServerValue.integer) ?? .text(text)  // int8/2/4
        case 700, 701: return Double(text).map(ServerValue.real) ?? .text(text)  // float4/8
        default: return .text(text)
        }
      }
    }
  }

  /// Runs a script of several statements without parameters: for migrations, which are code.
  func executeScript(_ sql: String) throws(ServerDatabaseError) {
    guard let result = PQexec(handle, sql) else { throw failure(nil) }
    defer { PQclear(result) }
    if !isBroken { answers += 1 }
    guard PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK
    else { throw failure(result) }
  }

  private func run(_ sql: String, _ parameters: [ServerValue]) throws(ServerDatabaseError)
    -> OpaquePointer
  {
    let texts = parameters.map(\.wireText)
    let copies = texts.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    let values = copies.map { $0.map { UnsafePointer($0) } }
    let result = PQexecParams(handle, sql, Int32(values.count), nil, values, nil, nil, 0)
    guard let result else { throw failure(nil) }
    if !isBroken { answers += 1 }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      defer { PQclear(result) }
      throw failure(result)
    }
    return result
  }

  private func failure(_ result: OpaquePointer?) -> ServerDatabaseError {
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
    switch sqlState {
    case "57014": return .timedOut(server: server, after: settings.statementTimeout)
    case "53100": return .diskFull(server: server)
    case "3D000": return .databaseMissing(server: server)
    case _ where sqlState.hasPrefix("28"): return .authenticationRefused(server: server)
    case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03":
      return .connectionLost(server: server)
    default: return .failed(sqlState: sqlState, message: message)
    }
  }

  /// libpq reports a failed connection as text only, without a SQLSTATE: the server's own
  /// sentences (in the C locale a throwaway or packaged cluster uses) tell the cases apart.
  private static func connectionFailure(_ message: String, server: String) -> ServerDatabaseError {
    let authentication = [
      "password authentication failed", "authentication failed", "no pg_hba.conf entry",
      "no password supplied", "role \"",
    ]
    if message.contains("database \""), message.contains("does not exist") {
      return .databaseMissing(server: server)
    }
    if authentication.contains(where: message.contains) {
      return .authenticationRefused(server: server)
    }
    let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
    return .unreachable(server: server, reason: firstLine.trimmingCharacters(in: .whitespaces))
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
