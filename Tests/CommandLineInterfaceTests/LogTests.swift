// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import PostgreSQL
import PostgreSQLTestServer
import Testing

/// The log, end to end: `--verbose` on stderr, JSON lines in a file, its settings refused when
/// they mean nothing, never a secret in it, and standard output the same with or without it.
extension VoyageCommandLineTests {
  func checkout(_ trip: String, key: String, _ extra: String...) async throws -> Outcome {
    try await run(
      [
        "checkout", trip, "--card", "4242 4242 4242 4242", "--expiry", "12/30", "--name",
        "Ada Lovelace", "--idempotency-key", key,
      ] + extra)
  }

  @Test func aVerboseCheckoutLogsEachStepOnStandardErrorAndTheSameScreenOnStandardOutput()
    async throws
  {
    let trip = try await bookableTrip()
    let outcome = try await checkout(trip, key: "ord-verbose", "-v")
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("Ticket TKT-"), "\(outcome.output)")
    let lines = outcome.error.split(separator: "\n").map(String.init)
    for step in ["draft", "hold", "charge", "confirm", "ticket"] {
      #expect(
        lines.contains { $0.contains("checkout  step finished") && $0.contains("step=\(step)") },
        "no line for \(step) in:\n\(outcome.error)")
    }
    #expect(lines.allSatisfy { $0.contains("order=ord-verbose") || !$0.contains("checkout  ") })
    #expect(lines.contains { $0.contains("payments  call answered") && $0.contains("status=200") })
    #expect(lines.contains { $0.contains("ledger    call answered") })
    #expect(lines.last?.contains("checkout finished") == true)
    // Every line starts with the seconds since start, right-aligned, then the level.
    #expect(
      lines.allSatisfy {
        $0.range(of: #"^ *\d+\.\d{3}s (info|warning|error|debug) "#, options: .regularExpression)
          != nil
      })
  }

  @Test func standardOutputIsTheSameByteForByteWithAndWithoutALog() async throws {
    let quiet = try await voyage("search", "Lisbon", "--places", "2", "--json")
    let logged = try await run(
      ["--verbose", "search", "Lisbon", "--places", "2", "--json"],
      environment: ["VOYAGE_LOG": "debug"])
    #expect(quiet.status == 0 && logged.status == 0)
    #expect(logged.output == quiet.output)
    #expect(quiet.error.isEmpty)
    #expect(logged.error.contains("cache     missed"))
  }

  @Test func theJSONLogIsOneObjectALineWithTheDocumentedKeysAppendedToTheLogFile()
    async throws
  {
    let trip = try await bookableTrip()
    let file = home.appendingPathComponent("voyage.log")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = [
      "VOYAGE_LOG": "debug", "VOYAGE_LOG_FORMAT": "json", "VOYAGE_LOG_FILE": file.path,
    ]
    let first = try await run(
      ["checkout", trip, "--card", "4242424242424242", "--expiry", "12/30", "--name", "Ada"]
        + ["--idempotency-key", "ord-json", "--json"], environment: environment)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.error.isEmpty, "the log went to the file, not to stderr: \(first.error)")
    _ = try await run(["search", "Porto"], environment: environment)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count > 10)
    var labels: Set<String> = []
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(Set(object.keys) == ["time", "level", "label", "message", "metadata"], "\(line)")
      #expect(["debug", "info", "warning", "error"].contains(object["level"] as? String ?? ""))
      #expect(object["metadata"] is [String: Any])
      labels.insert(object["label"] as? String ?? "")
    }
    #expect(labels.isSuperset(of: ["checkout", "supplier", "payments", "ledger", "cache"]))
    // The second run appended: its search is the file's last story.
    #expect(
      lines.last?.contains("/v1/trips") == true || lines.contains { $0.contains("search porto") })
  }

  @Test func aLogSettingThatMeansNothingIsRefusedBeforeAnythingRuns() async throws {
    let level = try await run(["search", "Lisbon"], environment: ["VOYAGE_LOG": "loud"])
    #expect(level.status == 64)
    #expect(level.output.isEmpty)
    #expect(
      level.error.hasPrefix("Error: VOYAGE_LOG must be debug, info, warning or error, not 'loud'"))
    let format = try await run(["search", "Lisbon"], environment: ["VOYAGE_LOG_FORMAT": "xml"])
    #expect(format.status == 64)
    #expect(format.error.hasPrefix("Error: VOYAGE_LOG_FORMAT must be text or json, not 'xml'"))
    let file = try await run(
      ["search", "Lisbon"], environment: ["VOYAGE_LOG_FILE": "/no/such/folder/voyage.log"])
    #expect(file.status == 73)
    #expect(
      file.error
        == "Error: cannot open the log file /no/such/folder/voyage.log: No such file or directory\n"
    )
    #expect(!FileManager.default.fileExists(atPath: home.path))
  }

  /// The log of a full run (a checkout, a declined card, the tickets, a give-up), at debug level
  /// in both formats, holds no card number and no database password.
  @Test func theLogOfAFullRunHoldsNoCardNumberAndNoPassword() async throws {
    let trip = try await bookableTrip()
    var environment: [String: String?] = ["VOYAGE_LOG": "debug"]
    var password: String?
    if TestServer.runs {
      // The test server trusts local connections, so a password in the URL is accepted and
      // ignored: a secret the log could leak without the connection failing.
      let schema = TestServer.freshSchema()
      let database = try await PostgreSQLDatabase(
        connectionString: TestServer.url(), migrations: [], versionTable: "unused")
      try await database.autocommit { connection throws(PostgreSQLError) in
        try await connection.execute("CREATE SCHEMA \(schema)")
      }
      let url = try TestServer.url(in: schema)
      password = "s3cret-pw-\(UUID().uuidString.prefix(8))"
      environment["VOYAGE_DATABASE_URL"] = url.replacingOccurrences(
        of: "postgresql://postgres@", with: "postgresql://postgres:\(password ?? "")@")
      #expect(environment["VOYAGE_DATABASE_URL"] != url, "the URL holds the password")
    }
    var log = ""
    for format in ["text", "json"] {
      environment["VOYAGE_LOG_FORMAT"] = format
      let key = "ord-secret-\(format)"
      let runs = [
        [
          "checkout", trip, "--card", "4242 4242 4242 4242", "--expiry", "12/30", "--name", "Ada",
          "--idempotency-key", key,
        ],
        [
          "checkout", trip, "--card", "4000000000000002", "--expiry", "12/30", "--name", "Ada",
          "--idempotency-key", key + "-declined",
        ],
        ["tickets"], ["orders", "--json"], ["cancel", key],
      ]
      for arguments in runs {
        let outcome = try await run(arguments, environment: environment)
        log += outcome.error
      }
    }
    #expect(log.contains("step finished") && log.contains("card_declined"), "\(log)")
    for secret in ["4242424242424242", "4242 4242 4242 4242", "4000000000000002"] {
      #expect(!log.contains(secret), "the log holds \(secret)")
    }
    if let password { #expect(!log.contains(password), "the log holds the database password") }
  }

  @Test func theDemoNarratesEachCheckoutFromTheSagasLog() async throws {
    let demo = try await voyage("demo")
    #expect(demo.status == 0, "\(demo.error)")
    let narrated = demo.output.split(separator: "\n").filter { $0.contains("the saga's log: ") }
    #expect(narrated.count == 3, "\(demo.output)")
    #expect(
      narrated.first?.range(
        of:
          #"draft [0-9.]+ ms → hold [0-9.]+ ms → charge [0-9.]+ ms → confirm [0-9.]+ ms → ticket [0-9.]+ ms$"#,
        options: .regularExpression) != nil, "\(narrated)")
    #expect(narrated.dropFirst().first?.hasSuffix("found ticketed in the ledger") == true)
    // The release follows the refusal that caused it.
    #expect(narrated.last?.hasSuffix("→ charge failed: card_declined → release") == true)
  }

  /// The demo keeps a home, sandboxes, ledger and log of its own, so it reads none of Voyage's
  /// variables: a log file is not created, and a log file that cannot be opened or a database
  /// URL that cannot be read does not stop it.
  @Test func theDemoReadsNoneOfTheSettingsItSaysItIgnores() async throws {
    let logFile = home.appendingPathComponent("never.log")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let settings: [[String: String?]] = [
      ["VOYAGE_LOG_FILE": logFile.path], ["VOYAGE_LOG_FILE": "/nonexistent-voyage/voyage.log"],
      ["VOYAGE_DATABASE_URL": "postgresql://ada:pw/x@db:5432/voyage"],
      ["VOYAGE_DEADLINE_SECONDS": "soon", "VOYAGE_LOG": "loud"],
    ]
    for environment in settings {
      let demo = try await run(["demo"], environment: environment)
      #expect(demo.status == 0, "\(environment): \(demo.error)")
    }
    #expect(!FileManager.default.fileExists(atPath: logFile.path))
  }

  /// A home the demo cannot write stops it before it narrates anything: one line, status 74.
  @Test func aDemoHomeThatCannotBeWrittenStopsItBeforeItNarrates() async throws {
    let demo = try await run(["demo", "--home", "/proc/voyage-demo"])
    #expect(demo.status == 74, "\(printed(demo))")
    #expect(demo.output.isEmpty, "\(demo.output)")
    #expect(demo.error.split(separator: "\n").count == 1, "\(demo.error)")
  }
}
