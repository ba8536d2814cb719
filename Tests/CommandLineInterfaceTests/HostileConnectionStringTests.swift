// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import PostgreSQLTestServer
import Testing

/// A connection string written by a person, its password in every odd place: the password is
/// in no standard output, standard error, `--json` document or log file of any command, whether
/// the string is refused (64), names a server that cannot be used (74) or works (a trusting
/// test server takes any password).
struct HostileConnectionString: Sendable, CustomTestStringConvertible {
  /// The string, with `HOST` for the test server's socket folder and `OPTIONS` for the options
  /// that choose the test's schema.
  let template: String
  /// The exit status of `voyage orders` with it.
  let status: Int32
  let testDescription: String

  /// Pieces of the password that must not be printed, whatever the string split it into.
  static let pieces = ["Sup3r", "Secret", "Pw9"]

  static let all = [
    HostileConnectionString(
      template: "postgresql://postgres:Sup3r/SecretPw9@127.0.0.1:55432/voyage", status: 64,
      testDescription: "a '/' in the password"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3r@SecretPw9@127.0.0.1:55432/voyage", status: 64,
      testDescription: "an '@' in the password"),
    HostileConnectionString(
      template: "postgresql://postgres@[::1/voyage?password=Sup3rSecretPw9", status: 64,
      testDescription: "an IPv6 host without its ']'"),
    HostileConnectionString(
      template: "postgresql://postgres:12345/Sup3rSecretPw9@db.example/voyage", status: 64,
      testDescription: "a password of digits, then a '/'"),
    HostileConnectionString(
      template: "host=HOST password=Sup3r SecretPw9 dbname=voyage", status: 64,
      testDescription: "a space in an unquoted password"),
    HostileConnectionString(
      template: "host=HOST password='Sup3rSecretPw9", status: 64,
      testDescription: "a quote left open"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3rSecretPw9@/voyage?host=HOST&Sup3rSecretPw9",
      status: 64, testDescription: "a parameter without '='"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3rSecretPw9@/voyage?host=/nonexistent-HOST",
      status: 74, testDescription: "no server at that socket"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3rSecretPw9@/no_such_database?host=HOST", status: 74,
      testDescription: "no such database"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3rSecretPw9@/voy%1B%5D0%3Bowned%07age?host=HOST",
      status: 74, testDescription: "escape sequences in the database's name"),
    HostileConnectionString(
      template: "postgresql://postgres:Sup3rSecretPw9@/voyage?host=HOST&OPTIONS", status: 0,
      testDescription: "a working URL"),
    HostileConnectionString(
      template: "postgresql://postgres@/voyage?host=HOST&password=Sup3r%2FSecretPw9&OPTIONS",
      status: 0, testDescription: "a working URL, the password encoded in its query"),
    HostileConnectionString(
      template: "host=HOST dbname=voyage user=postgres password='Sup3r Secret\\'Pw9' OPTIONS",
      status: 0, testDescription: "working key=value pairs, the password quoted"),
  ]

  /// The string for a server whose socket is in `host`, working in `schema`.
  func text(host: String, schema: String) -> String {
    let options =
      template.contains("://")
      ? "options=-csearch_path%3D\(schema)" : "options=-csearch_path=\(schema)"
    return template.replacingOccurrences(of: "OPTIONS", with: options)
      .replacingOccurrences(of: "HOST", with: host)
  }
}

extension VoyageCommandLineTests {
  @Test(.enabled(if: TestServer.runs, TestServer.skipped), arguments: HostileConnectionString.all)
  func theDatabasePasswordIsPrintedNowhere(_ hostile: HostileConnectionString) async throws {
    let server = try await serverSchema()
    let host = try #require(
      server.split(separator: "host=").last?.split(separator: "&").first.map(String.init))
    let schema = try #require(server.split(separator: "%3D").last.map(String.init))
    let url = hostile.text(host: host, schema: schema)
    let trip = try await bookableTrip()
    let logFile = home.appendingPathComponent("voyage.log")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let runs: [([String], [String: String])] = [
      (["orders", "--json"], ["VOYAGE_LOG": "debug", "VOYAGE_LOG_FILE": logFile.path]),
      (["tickets"], ["VOYAGE_LOG": "debug"]),
      (["show", trip], ["VOYAGE_LOG": "debug", "VOYAGE_LOG_FORMAT": "json"]),
      (["show", trip, "--json"], [:]),
      (
        ["checkout", trip, "--name", "Ada", "--json"] + Self.card,
        ["VOYAGE_LOG": "debug", "VOYAGE_LOG_FORMAT": "json", "VOYAGE_LOG_FILE": logFile.path]
      ),
      (["checkout", trip, "--name", "Ada"] + Self.card, ["VOYAGE_LOG": "debug"]),
    ]
    for (command, logging) in runs {
      let outcome = try await run(
        command, environment: logging.merging(["VOYAGE_DATABASE_URL": url]) { $1 })
      if command.first == "orders" {
        #expect(outcome.status == hostile.status, "\(printed(outcome))")
      }
      let logged = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
      for piece in HostileConnectionString.pieces {
        #expect(!printed(outcome).contains(piece), "\(command): \(printed(outcome))")
        #expect(!logged.contains(piece), "\(command): \(logged)")
      }
      #expect(!printed(outcome).contains("\u{1B}"), "\(command): \(printed(outcome))")
    }
  }

  /// A password of one letter, or a word that libpq's words hold, garbles no word of a message
  /// (`PGPASSWORD=e` once printed `conn•••ction to s•••rv•••r`, which told the password), and
  /// Voyage's own sentence, built from the parsed settings, is whole.
  @Test(arguments: [
    ("host=/nonexistent-voyage dbname=voyage password=e", [:]),
    ("host=/nonexistent-voyage dbname=voyage", ["PGPASSWORD": "e"]),
    ("host=/nonexistent-voyage dbname=voyage password=on", [:]),
    ("postgresql://postgres:connect@/voyage?host=/nonexistent-voyage", [:]),
    ("postgresql://postgres:socket@/voyage?host=/nonexistent-voyage", [:]),
  ])
  func aOneLetterOrDictionaryWordPasswordGarblesNoWord(url: String, environment: [String: String])
    async throws
  {
    let outcome = try await run(
      ["orders"], environment: environment.merging(["VOYAGE_DATABASE_URL": url]) { $1 })
    #expect(outcome.status == 74, "\(printed(outcome))")
    let glued = printed(outcome).unicodeScalars.indices.contains { index in
      let text = printed(outcome).unicodeScalars
      guard text[index] == "•" else { return false }
      let neighbours = [
        index > text.startIndex ? text[text.index(before: index)] : nil,
        text.index(after: index) < text.endIndex ? text[text.index(after: index)] : nil,
      ]
      return neighbours.contains { $0?.properties.isAlphabetic == true }
    }
    #expect(!glued, "\(printed(outcome))")
    #expect(
      outcome.error.contains("the PostgreSQL database 'voyage' at the socket /nonexistent-voyage"),
      "\(outcome.error)")
  }
}
