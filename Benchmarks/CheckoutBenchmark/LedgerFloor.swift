import BookingInterface
import CLibPQ
import Dispatch
import Foundation
import Locking
import PaymentData
import PaymentInterface
import PaymentSandbox
import PostgreSQLLedgerData
import SharedKernel
import SupplierSandbox

/// The server ledger against its floor, in one run: the ledger's work for one checkout (read the
/// key, draft, held, charged, the ticket) through the ledger, Voyage's code (the interface, the
/// connection pool, the non-blocking calls with their deadline), beside the same statements
/// sent by a bare libpq loop (blocking `PQexecParams`, a thread and a connection per worker, no
/// Voyage code), from the same number of workers. The saga's rows measure the sandboxes too;
/// these measure the ledger alone, and what a server on the same cores allows at best.
enum LedgerFloor {
  static func run(url: String) async throws {
    print()
    print("   The PostgreSQL ledger beside its floor (the same statements, bare libpq):")
    print(
      "   workers  checkouts   ledger/s    floor/s   ledger/floor   round trips a checkout (floor)"
    )
    for (width, checkouts) in [(1, 300), (8, 1_000)] {
      let orders = try await paidOrders(checkouts)
      let ledger = try await ledgerRate(url: url, orders: orders, width: width)
      let (floor, roundTrips) = try await floorRate(url: url, checkouts: checkouts, width: width)
      print(
        "   \(CheckoutBenchmark.pad(width, 7))\(CheckoutBenchmark.pad(checkouts, 11))"
          + "\(CheckoutBenchmark.pad(Int(ledger), 11))\(CheckoutBenchmark.pad(Int(floor), 11))"
          + "\(CheckoutBenchmark.pad(CheckoutBenchmark.format(ledger / floor), 15))"
          + "\(CheckoutBenchmark.pad(CheckoutBenchmark.format(roundTrips), 33))")
    }
  }

  /// `count` orders on ten trips, each with its receipt from the payment sandbox, made before
  /// the clock starts.
  static func paidOrders(_ count: Int) async throws -> [(PaidOrder, MaskedCard)] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-floor-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let supplier = SupplierSandbox(
      firstDay: CalendarDate(daysSinceEpoch: 20_800), tripsPerDestination: 10, home: home)
    let payments = PaymentDataAssembly.gateway(transport: try PaymentSandbox(home: home).transport)
    let trips = Array(supplier.allTrips.filter { !$0.isSoldOut }.prefix(10))
    let card = try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    let traveller = try Traveller(name: "Ada Lovelace")
    var orders: [(PaidOrder, MaskedCard)] = []
    for index in 0..<count {
      let key = OrderID("ledger-\(UUID().uuidString.prefix(8))-\(index)")
      guard let key else { preconditionFailure("valid identifier") }
      let order = try DraftOrder(
        id: key, trip: trips[index % trips.count], places: 1, traveller: traveller)
      let receipt = try await payments.charge(order.amount, to: card, idempotencyKey: key)
      orders.append((try order.confirm(with: receipt), card.masked))
    }
    return orders
  }

  /// Checkouts a second through the ledger, `width` at a time.
  static func ledgerRate(url: String, orders: [(PaidOrder, MaskedCard)], width: Int) async throws
    -> Double
  {
    let ledger = try await PostgreSQLLedgerDataAssembly.ledger(
      connectionString: url, schema: freshSchema(), deadline: .seconds(30), connections: width)
    let next = LockedValue(0)
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<width {
        group.addTask {
          while case let index = next.withLock({ value in
            defer { value += 1 }
            return value
          }), index < orders.count {
            let (paid, card) = orders[index]
            let order = paid.order
            _ = try await ledger.record(of: order.id)
            _ = try await ledger.begin(order, card: card)
            let hold = PlaceHold(
              id: HoldID("HLD-\(index)") ?? { preconditionFailure("valid identifier") }(),
              tripID: order.tripID, places: order.places,
              expiresAt: Date(timeIntervalSinceNow: 600))
            _ = try await ledger.advance(order.id, by: .held(hold))
            _ = try await ledger.advance(order.id, by: .charged(chargeID: paid.receipt.chargeID))
            _ = try await ledger.issueTicket(
              for: paid,
              reference: SupplierReference("REF-\(index)")
                ?? { preconditionFailure("valid identifier") }())
          }
        }
      }
      try await group.waitForAll()
    }
    return Double(orders.count) / CheckoutBenchmark.seconds(start.duration(to: .now))
  }

  /// Checkouts a second, and round trips a checkout, of the ledger's statements sent by bare
  /// libpq, `width` threads at a time, in a schema the ledger's migrations made.
  static func floorRate(url: String, checkouts: Int, width: Int) async throws -> (Double, Double) {
    let schema = freshSchema()
    _ = try await PostgreSQLLedgerDataAssembly.ledger(
      connectionString: url, schema: schema, deadline: .seconds(30))
    let next = LockedValue(0)
    let statements = LockedValue(0)
    let failures = LockedValue<[FloorFailure]>([])
    let group = DispatchGroup()
    let start = ContinuousClock.now
    for _ in 0..<width {
      group.enter()
      Thread {
        defer { group.leave() }
        let sent = BareCheckouts(url: url, schema: schema).run {
          next.withLock { value in
            defer { value += 1 }
            return value < checkouts ? value : nil
          }
        }
        switch sent {
        case .success(let count): statements.withLock { $0 += count }
        case .failure(let reason): failures.withLock { $0.append(reason) }
        }
      }.start()
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    let elapsed = CheckoutBenchmark.seconds(start.duration(to: .now))
    if let failure = failures.withLock({ $0.first }) { throw failure }
    return (
      Double(checkouts) / elapsed, Double(statements.withLock { $0 }) / Double(checkouts)
    )
  }

  static func freshSchema() -> String { CheckoutBenchmark.freshSchema() }

  struct FloorFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { "the floor's libpq loop failed: \(reason)" }
  }
}
