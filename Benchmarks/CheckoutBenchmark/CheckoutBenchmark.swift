import BookingInterface
import Foundation
import LedgerData
import PaymentData
import PaymentInterface
import PaymentSandbox
import SharedKernel

enum CheckoutBenchmark {
  static func run() async {
    do {
      print("Checkout benchmark (release build expected): payment sandbox + SQLite ledger")
      print()
      print(
        "   scenario                                      checkouts  tickets  charges  per second   p50 ms   p99 ms"
      )
      try await scenario(
        "1,000 checkouts, distinct keys, 8 at a time", checkouts: 1_000, keys: 1_000, width: 8)
      try await scenario(
        "1,000 concurrent retries of 100 keys", checkouts: 1_000, keys: 100, width: 1_000)
    } catch {
      print("benchmark failed: \(error)")
    }
  }

  static func scenario(_ name: String, checkouts: Int, keys: Int, width: Int) async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let ledger = try await LedgerDataAssembly.ledger(home: home)
    let sandbox = try PaymentSandbox(home: home)
    let gateway = PaymentDataAssembly.gateway(transport: sandbox.transport)
    let card = try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada")
    let orders = try (0..<keys).map { index in
      try DraftOrder(
        id: OrderID("bench-\(index)") ?? { preconditionFailure("valid identifier") }(),
        booking: booking,
        guests: 1, traveller: Traveller(name: "Traveller \(index)"))
    }

    let start = ContinuousClock.now
    var latencies: [Double] = []
    try await withThrowingTaskGroup(of: Double.self) { group in
      var next = 0
      func launch() {
        let order = orders[next % keys]
        next += 1
        group.addTask {
          let began = ContinuousClock.now
          if case .completed = try await ledger.begin(order) {
            return seconds(began.duration(to: .now))
          }
          let receipt = try await gateway.charge(order.amount, to: card, idempotencyKey: order.id)
          _ = try await ledger.issueTicket(for: order.confirm(with: receipt))
          return seconds(began.duration(to: .now))
        }
      }
      while next < min(width, checkouts) { launch() }
      while let latency = try await group.next() {
        latencies.append(latency)
        if next < checkouts { launch() }
      }
    }
    let elapsed = seconds(start.duration(to: .now))
    latencies.sort()
    let tickets = try await ledger.tickets().count
    let charges = try await sandbox.chargeCount()
    print(
      "   \(name.padding(toLength: 46, withPad: " ", startingAt: 0))\(pad(checkouts, 9))\(pad(tickets, 9))\(pad(charges, 9))"
        + "\(pad(Int(Double(checkouts) / elapsed), 12))\(pad(format(percentile(latencies, 0.5) * 1_000), 9))"
        + "\(pad(format(percentile(latencies, 0.99) * 1_000), 9))")
    if tickets != keys || charges != keys {
      print("   ✗ expected \(keys) tickets and \(keys) charges")
    }
  }

  static let booking = Booking(
    id: BookingID("LIS-001") ?? { preconditionFailure("valid identifier") }(),
    title: "Old Town Walks in Lisbon",
    destination: Destination(city: "Lisbon", country: "Portugal"),
    startDate: CalendarDate(daysSinceEpoch: 21_000), endDate: CalendarDate(daysSinceEpoch: 21_004),
    price: Money(minorUnits: 45_000, currency: .eur),
    rating: Rating(tenths: 45) ?? { preconditionFailure("valid rating") }(), seatsLeft: 9_999,
    details: "")

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
