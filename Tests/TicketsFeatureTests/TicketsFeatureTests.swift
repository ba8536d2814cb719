import BookingInterface
import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SharedKernel
import Testing
import TicketsFeature

@Suite("Tickets feature")
@MainActor
struct TicketsFeatureTests {
  static func ticket(
    _ id: String, name: String = "Ada Lovelace", cancelled: Bool = false, cancelling: Bool = false
  ) throws -> Ticket {
    Ticket(
      id: try #require(TicketID(id)), orderID: try #require(OrderID("order-\(id)")),
      tripID: try #require(TripID("LIS-004")), travellerName: name, places: 2,
      amountPaid: Money(minorUnits: 57_600, currency: .eur), cardBrand: "Visa",
      cardLastFour: "4242",
      issuedAt: Date(timeIntervalSince1970: 1_800_000_000),
      cancelledAt: cancelled ? Date(timeIntervalSince1970: 1_800_000_100) : nil,
      isCancelling: cancelling)
  }

  static func order(_ state: OrderState, name: String = "Ada O'Brien") throws -> OrderRecord {
    OrderRecord(
      id: try #require(OrderID("halfway")), tripID: try #require(TripID("LIS-004")),
      places: 2, amount: Money(minorUnits: 57_600, currency: .eur), travellerName: name,
      card: MaskedCard(brand: "Visa", lastFour: "4242", expiryMonth: 3, expiryYear: 2030),
      state: state, hold: nil, chargeID: [.drafted, .held].contains(state) ? nil : "ch_1",
      supplierReference: state.isCancelling ? SupplierReference.fixture("SBR-1") : nil,
      ticketID: state.isCancelling ? TicketID.fixture("TKT-1") : nil, refundID: nil,
      updatedAt: Date())
  }

  /// The commands a command line such as `voyage` gives the feature.
  static let commands = TicketsCommands(
    checkout: "voyage checkout", finishCancelling: "voyage cancel")

  func feature(_ ledger: InMemoryOrderLedger, commands: TicketsCommands = Self.commands)
    -> TicketsFeature
  {
    TicketsFeature(dependencies: TicketsDependencies(ledger: ledger, commands: commands))
  }

  func json(_ feature: TicketsFeature) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: feature.json()) as? [String: Any])
  }

  @Test func ticketsAreListedWithTheirStatusAndCancelledOnesSaySo() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [
        try Self.ticket("TKT-2", cancelled: true), try Self.ticket("TKT-1"),
      ])
    )
    await tickets.listTickets()
    let screen = tickets.screen(theme: .plain)
    #expect(screen.hasPrefix("2 tickets\n"))
    #expect(screen.contains("TKT-2") && screen.contains("cancelled"))
    #expect(screen.contains("TKT-1") && screen.contains("issued"))
    let listed = try #require(try json(tickets)["tickets"] as? [[String: Any]])
    #expect(listed.map { $0["id"] as? String } == ["TKT-2", "TKT-1"])
    #expect(listed[0]["cancelled_at"] as? String != nil)
    #expect(listed[1]["cancelled_at"] is NSNull)
  }

  @Test func aTicketBeingCancelledIsListedAsSuchWithTheCommandThatFinishesIt() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [
        try Self.ticket("TKT-2", cancelling: true), try Self.ticket("TKT-1"),
      ]))
    await tickets.listTickets()
    let screen = tickets.screen(theme: .plain)
    let row = try #require(screen.split(separator: "\n").first { $0.hasPrefix("TKT-2") })
    #expect(row.hasSuffix("cancelling"), "\(screen)")
    #expect(screen.hasSuffix("\nFinish cancelling: voyage cancel TKT-2\n"), "\(screen)")
    #expect(!screen.contains("voyage cancel TKT-1"))
    let listed = try #require(try json(tickets)["tickets"] as? [[String: Any]])
    #expect(listed.map { $0["status"] as? String } == ["cancelling", "issued"])
    #expect(listed[0]["cancelled_at"] is NSNull)
  }

  @Test func aStoredNameWithEscapeCodesIsShownHarmlessly() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try Self.ticket("TKT-1", name: "Eve\u{1B}[2J")]))
    await tickets.listTickets()
    #expect(!tickets.screen(theme: .plain).contains("\u{1B}"))
    #expect(tickets.screen(theme: .plain).contains("Eve\\u{1B}[2J"))
  }

  @Test func noTicketsSaysHowToBuyOne() async throws {
    let tickets = feature(InMemoryOrderLedger())
    await tickets.listTickets()
    #expect(tickets.screen(theme: .plain) == "No tickets yet. Buy one with 'voyage checkout'.\n")
    #expect(try json(tickets)["tickets"] as? [Any] != nil)
  }

  @Test(arguments: [OrderState.drafted, .held, .charged])
  func anUnfinishedOrderComesWithTheCommandThatFinishesIt(state: OrderState) async throws {
    let orders = feature(InMemoryOrderLedger(orders: [try Self.order(state)]))
    await orders.listUnfinishedOrders()
    let screen = orders.screen(theme: .plain)
    #expect(screen.contains("halfway") && screen.contains(state.rawValue))
    #expect(
      screen.contains(
        "voyage checkout LIS-004 --places 2 --name 'Ada O'\\''Brien' --card '<your Visa ending 4242>' --expiry 03/30 --idempotency-key halfway"
      ))
    let listed = try #require(try json(orders)["orders"] as? [[String: Any]])
    #expect(listed.first?["state"] as? String == state.rawValue)
    #expect((listed.first?["command"] as? String)?.hasSuffix("--idempotency-key halfway") == true)
  }

  @Test(arguments: [OrderState.cancelling, .placesReturned])
  func anUnfinishedCancellationComesWithTheCancelThatFinishesIt(state: OrderState) async throws {
    let orders = feature(InMemoryOrderLedger(orders: [try Self.order(state)]))
    await orders.listUnfinishedOrders()
    let screen = orders.screen(theme: .plain)
    #expect(screen.contains("halfway") && screen.contains("\(state.rawValue): ticket TKT-1"))
    #expect(screen.hasSuffix("  $ voyage cancel TKT-1\n"), "\(screen)")
    #expect(!screen.contains("--idempotency-key"))
    let listed = try #require(try json(orders)["orders"] as? [[String: Any]])
    #expect(listed.first?["state"] as? String == state.rawValue)
    #expect(listed.first?["command"] as? String == "voyage cancel TKT-1")
  }

  /// A program without the commands (an example) is never told to run them: no way to buy,
  /// no command that finishes a cancellation or an order, and `null` for it in JSON.
  @Test func theScreensSuggestNoCommandTheyWereNotGiven() async throws {
    let none = feature(InMemoryOrderLedger(), commands: .none)
    await none.listTickets()
    #expect(none.screen(theme: .plain) == "No tickets yet.\n")
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try Self.ticket("TKT-2", cancelling: true)]), commands: .none)
    await tickets.listTickets()
    #expect(!tickets.screen(theme: .plain).contains("Finish cancelling"))
    let orders = feature(
      InMemoryOrderLedger(orders: [try Self.order(.held), try Self.order(.cancelling)]),
      commands: .none)
    await orders.listUnfinishedOrders()
    let screen = orders.screen(theme: .plain)
    #expect(!screen.contains("$ ") && !screen.contains("voyage"), "\(screen)")
    let listed = try #require(try json(orders)["orders"] as? [[String: Any]])
    #expect(listed.count == 2 && listed.allSatisfy { $0["command"] is NSNull })
  }

  @Test func anUnreadableLedgerIsAFailureWithACodeForScripts() async throws {
    let tickets = feature(InMemoryOrderLedger(readFailure: .diskFull(path: "/full/ledger.sqlite")))
    await tickets.listTickets()
    #expect(tickets.failure == .storage(.diskFull(path: "/full/ledger.sqlite")))
    let error = try #require(try json(tickets)["error"] as? [String: Any])
    #expect(error["code"] as? String == "disk_full")
  }
}
