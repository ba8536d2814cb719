import BookingData
import BookingInterface
import CheckoutFeature
import DesignSystem
import EventLog
import Foundation
import LedgerLogging
import Locking
import LogSinks
import PaymentData
import PaymentInterface
import PaymentSandbox
import PostgreSQL
import PostgreSQLLedgerData
import SQLValues
import SQLiteLedgerData
import SharedKernel
import SupplierSandbox

/// The checkout saga end to end, as the app composes it: the supplier sandbox's durable
/// inventory, the payment sandbox and a ledger, all in one temporary Voyage home. Each scenario
/// runs on the SQLite ledger and, when `VOYAGE_BENCH_DATABASE_URL` names a server, on the
/// PostgreSQL ledger (in a schema of its own, dropped at the end), one row beside the other.
/// `VOYAGE_DATABASE_URL`, the ledger production uses, is never written to.
enum CheckoutBenchmark {
  /// The ledger a scenario runs on.
  enum Ledger {
    case sqlite
    case postgreSQL(url: String)

    var name: String {
      switch self {
      case .sqlite: "SQLite"
      case .postgreSQL: "PostgreSQL"
      }
    }
  }

  static func run() async {
    var ledgers = [Ledger.sqlite]
    do {
      print("Checkout benchmark (release build expected): the saga against both sandboxes")
      let environment = ProcessInfo.processInfo.environment
      if let url = environment[databaseVariable], !url.isEmpty {
        ledgers.append(.postgreSQL(url: url))
        print("PostgreSQL: \(try await settings(of: url))")
      } else if environment["VOYAGE_DATABASE_URL"]?.isEmpty == false {
        print(
          "PostgreSQL rows skipped: VOYAGE_DATABASE_URL is production's ledger, which the benchmark never writes to; name a database of its own with \(databaseVariable)"
        )
      } else {
        print(
          "PostgreSQL rows skipped: set \(databaseVariable) (Scripts/start-postgres.sh starts one)")
      }
      print()
      print(
        "   scenario                                   ledger      checkouts  tickets  charges  refunds  sold/capacity  per second   p50 ms   p99 ms"
      )
      for ledger in ledgers {
        try await scenario(
          "300 checkouts, 1 at a time, 10 trips", on: ledger, checkouts: 300, trips: 10, width: 1,
          keys: 300)
      }
      for ledger in ledgers {
        try await scenario(
          "1,000 checkouts, 8 at a time, 10 trips", on: ledger, checkouts: 1_000, trips: 10,
          width: 8, keys: 1_000)
      }
      for ledger in ledgers {
        try await scenario(
          "1,000 checkouts, 16 at a time, 10 trips", on: ledger, checkouts: 1_000, trips: 10,
          width: 16, keys: 1_000)
      }
      for ledger in ledgers {
        try await scenario(
          "1,000 checkouts of 100 keys, 16 at a time", on: ledger, checkouts: 1_000, trips: 10,
          width: 16, keys: 100)
      }
      for ledger in ledgers {
        try await scenario(
          "200 checkouts whose holds expire at once", on: ledger, checkouts: 200, trips: 10,
          width: 16, keys: 200, holdDuration: .zero)
      }
      print()
      print("   Every seventh key pays with the declined card: its hold is released.")
      print("   A hold that expires before it is confirmed has its charge refunded.")
      for case .postgreSQL(let url) in ledgers { try await LedgerFloor.run(url: url) }
      try await costOfTheLog()
    } catch {
      print("benchmark failed: \(error)")
    }
    for case .postgreSQL(let url) in ledgers { await dropSchemas(url: url) }
  }

  /// The variable that names the server database the benchmark may fill, and empties again.
  static let databaseVariable = "VOYAGE_BENCH_DATABASE_URL"

  /// The schemas this run made, dropped when it ends.
  static let schemas = LockedValue<[String]>([])

  /// A schema name no other run uses, kept to be dropped at the end.
  static func freshSchema() -> String {
    let schema = "bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    schemas.withLock { $0.append(schema) }
    return schema
  }

  /// Drops every schema this run made, so a run leaves the database as it found it.
  static func dropSchemas(url: String) async {
    let made = schemas.withLock { $0 }
    do {
      let database = try await PostgreSQLDatabase(
        connectionString: url, migrations: [], versionTable: "unused", connections: 1)
      for schema in made {
        try await database.autocommit { connection throws(PostgreSQLError) in
          try await connection.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        }
      }
      print("   Dropped the \(made.count) schemas this run made.")
    } catch {
      print(
        "   Could not drop the schemas this run made (\(made.joined(separator: ", "))): \(error)")
    }
  }

  /// The same checkouts with no log, with every event built and dropped, and with every event
  /// written as a JSON line to a file (what `VOYAGE_LOG=debug VOYAGE_LOG_FORMAT=json
  /// VOYAGE_LOG_FILE=…` costs), each beside the others in the same run.
  static func costOfTheLog() async throws {
    print()
    print("   The cost of the log, on the SQLite ledger:")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-bench-log-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let logs: [(String, EventLogger)] = [
      ("no log", .disabled),
      ("debug, events dropped", EventLogger(label: "bench", level: .debug, sink: DroppedEvents())),
      (
        "debug, JSON to a file",
        EventLogger(
          label: "bench", level: .debug,
          sink: LogSinksAssembly.sink(
            .json, theme: .plain, write: try LogSinksAssembly.appending(toFileAt: file.path)))
      ),
    ]
    for (name, log) in logs {
      try await scenario(
        "300, 1 at a time, \(name)", on: .sqlite, checkouts: 300, trips: 10, width: 1,
        keys: 300, log: log)
    }
    for (name, log) in logs {
      try await scenario(
        "1,000, 8 at a time, \(name)", on: .sqlite, checkouts: 1_000, trips: 10,
        width: 8, keys: 1_000, log: log)
    }
    let lines = (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n").count ?? 0
    print("   The JSON runs wrote \(lines) lines.")
  }

  /// A sink that takes each event and keeps nothing: what building the events costs.
  struct DroppedEvents: LogSink {
    func record(_ event: LogEvent) {}
  }

  /// The server's version and the settings that decide its write speed.
  static func settings(of url: String) async throws -> String {
    let database = try await PostgreSQLDatabase(
      connectionString: url, migrations: [], versionTable: "unused")
    let rows = try await database.autocommit { connection throws(PostgreSQLError) in
      try await connection.query(
        """
        SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN
          ('server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections')
        ORDER BY name
        """)
    }
    return try rows.map { "\(try $0.text("name"))=\(try $0.text("setting"))" }
      .joined(separator: ", ")
  }

  /// The ledger for one scenario: a fresh SQLite file in `home`, or a fresh schema on the server.
  static func open(_ ledger: Ledger, home: URL, connections: Int) async throws
    -> any OrderLedger
  {
    switch ledger {
    case .sqlite: return try await SQLiteLedgerDataAssembly.ledger(home: home)
    case .postgreSQL(let url):
      return try await PostgreSQLLedgerDataAssembly.ledger(
        connectionString: url,
        schema: freshSchema(),
        deadline: .seconds(30), connections: connections)
    }
  }

  @MainActor
  static func scenario(
    _ name: String, on ledger: Ledger, checkouts: Int, trips tripCount: Int, width: Int,
    keys: Int, holdDuration: Duration = .seconds(600), log: EventLogger = .disabled
  ) async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let supplier = SupplierSandbox(
      firstDay: CalendarDate(daysSinceEpoch: 20_800), tripsPerDestination: 10, home: home,
      holdDuration: holdDuration)
    let payments = try PaymentSandbox(home: home)
    let trips = Array(supplier.allTrips.filter { !$0.isSoldOut }.prefix(tripCount))
    let capacity = trips.reduce(0) { $0 + $1.placesLeft }
    let dependencies = CheckoutDependencies(
      trips: BookingDataAssembly.supplier(
        transport: supplier.transport, log: log.labelled("supplier")),
      reservations: BookingDataAssembly.reservations(
        transport: supplier.transport, log: log.labelled("supplier")),
      payments: PaymentDataAssembly.gateway(
        transport: payments.transport, log: log.labelled("payments")),
      ledger: LedgerLoggingAssembly.logging(
        try await open(ledger, home: home, connections: width), to: log.labelled("ledger")),
      log: log.labelled("checkout"))
    let good = try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    let declined = try PaymentCard(
      number: "4000000000000002", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    let traveller = try Traveller(name: "Ada Lovelace")
    let requests = (0..<keys).map { index in
      CheckoutRequest(
        tripID: trips[index % trips.count].id, places: 1, traveller: traveller,
        card: index % 7 == 6 ? declined : good,
        orderID: OrderID("bench-\(index)") ?? { preconditionFailure("valid identifier") }())
    }

    let start = ContinuousClock.now
    var latencies: [Double] = []
    // A pool of `width` workers, each taking the next request until all are done.
    let queue = RequestQueue(requests, count: checkouts)
    await withTaskGroup(of: [Double].self) { group in
      for _ in 0..<width {
        group.addTask { await work(through: queue, with: dependencies) }
      }
      for await measured in group { latencies += measured }
    }
    let elapsed = seconds(start.duration(to: .now))
    latencies.sort()
    let tickets = try await dependencies.ledger.tickets()
    let charges = try await payments.chargeCount()
    let refunds = try await payments.refundCount()
    let taken = try await supplier.placesTaken()
    let sold = trips.reduce(0) { $0 + (taken[$1.id.rawValue] ?? 0) }
    let ticketed = tickets.reduce(0) { $0 + $1.places }
    print(
      "   \(name.padding(toLength: 43, withPad: " ", startingAt: 0))"
        + "\(ledger.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(pad(checkouts, 11))"
        + "\(pad(tickets.count, 9))\(pad(charges, 9))\(pad(refunds, 9))"
        + "\(pad("\(sold)/\(capacity)", 15))"
        + "\(pad(Int(Double(checkouts) / elapsed), 12))\(pad(format(percentile(latencies, 0.5) * 1_000), 9))"
        + "\(pad(format(percentile(latencies, 0.99) * 1_000), 9))")
    let liveHolds = try await supplier.liveHolds()
    if sold > capacity || sold != ticketed || charges != tickets.count + refunds || liveHolds != 0 {
      print(
        "   ✗ sold \(sold) of \(capacity), \(ticketed) places ticketed, \(charges) charges for "
          + "\(tickets.count) tickets and \(refunds) refunds, \(liveHolds) holds left behind")
    }
  }

  /// One worker: checks requests out, one after another, until the queue is empty.
  @MainActor
  static func work(through queue: RequestQueue, with dependencies: CheckoutDependencies) async
    -> [Double]
  {
    var measured: [Double] = []
    while let request = queue.next() {
      let began = ContinuousClock.now
      let feature = CheckoutFeature(dependencies: dependencies) { _ in }
      await feature.checkout(request)
      measured.append(seconds(began.duration(to: .now)))
    }
    return measured
  }

  /// Hands out `count` requests, cycling through the distinct ones, to the main-actor workers.
  @MainActor
  final class RequestQueue {
    private let requests: [CheckoutRequest]
    private let count: Int
    private var handedOut = 0

    init(_ requests: [CheckoutRequest], count: Int) {
      self.requests = requests
      self.count = count
    }

    func next() -> CheckoutRequest? {
      guard handedOut < count else { return nil }
      defer { handedOut += 1 }
      return requests[handedOut % requests.count]
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
