import BookingInterface
import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SharedKernel
import Testing
import TicketsFeature

/// One ticket's screen names the trip it holds places on and links to it, through a closure
/// whoever composes the feature answers; and the feature's own links name tickets and nothing
/// else.
@Suite("Tickets feature: one ticket and its links")
@MainActor
struct TicketScreenTests {
  static func trip() throws -> TripReference {
    TripReference(
      link: try #require(URL(string: "t://LIS-004")), title: "Coast and Islands in Lisbon")
  }

  func feature(
    _ ledger: InMemoryOrderLedger, trip: TripReference?,
    commands: TicketsCommands = TicketsFeatureTests.commands
  ) -> TicketsFeature {
    TicketsFeature(
      dependencies: TicketsDependencies(ledger: ledger, trip: { _ in trip }, commands: commands))
  }

  func json(_ feature: TicketsFeature) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: feature.json()) as? [String: Any])
  }

  @Test func aTicketsScreenNamesItsTripAndLinksToIt() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try TicketsFeatureTests.ticket("TKT-1")]), trip: try Self.trip()
    )
    await tickets.show(try #require(TicketID("TKT-1")))
    let screen = tickets.screen(theme: .plain)
    #expect(
      screen.hasPrefix(
        "ok Ticket TKT-1\n  Trip       Coast and Islands in Lisbon\n    t://LIS-004\n"),
      "\(screen)")
    let ticket = try #require(try json(tickets)["ticket"] as? [String: Any])
    #expect(ticket["trip_link"] as? String == "t://LIS-004")
    #expect(ticket["trip_title"] as? String == "Coast and Islands in Lisbon")
  }

  @Test func withoutATripScreenTheTicketNamesItsTripByIdentifier() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try TicketsFeatureTests.ticket("TKT-1", cancelled: true)]),
      trip: nil)
    await tickets.show(try #require(TicketID("TKT-1")))
    let screen = tickets.screen(theme: .plain)
    #expect(
      screen.hasPrefix("Ticket TKT-1  cancelled\n  Trip       LIS-004\n  Traveller"), "\(screen)")
    #expect(try json(tickets)["ticket"].map { ($0 as? [String: Any])?["trip_link"] == nil } == true)
  }

  @Test func aTicketBeingCancelledSaysSoAndWhatFinishesIt() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try TicketsFeatureTests.ticket("TKT-1", cancelling: true)]),
      trip: nil)
    await tickets.show(try #require(TicketID("TKT-1")))
    let screen = tickets.screen(theme: .plain)
    #expect(
      screen.hasPrefix("! Ticket TKT-1  being cancelled\n  Trip       LIS-004\n"), "\(screen)")
    #expect(screen.hasSuffix("\n\n  Finish cancelling: voyage cancel TKT-1\n"), "\(screen)")
    let ticket = try #require(try json(tickets)["ticket"] as? [String: Any])
    #expect(ticket["status"] as? String == "cancelling")
  }

  @Test func aTicketBeingCancelledSuggestsNoCommandItWasNotGiven() async throws {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [try TicketsFeatureTests.ticket("TKT-1", cancelling: true)]),
      trip: nil, commands: .none)
    await tickets.show(try #require(TicketID("TKT-1")))
    let screen = tickets.screen(theme: .plain)
    #expect(screen.hasPrefix("! Ticket TKT-1  being cancelled\n"), "\(screen)")
    #expect(!screen.contains("Finish cancelling"), "\(screen)")
  }

  @Test func anUnknownTicketIsNotFoundWithACodeForScripts() async throws {
    let tickets = feature(InMemoryOrderLedger(), trip: try Self.trip())
    let id = try #require(TicketID("TKT-404"))
    await tickets.show(id)
    #expect(tickets.failure == .ticketNotFound(id))
    #expect(tickets.screen(theme: .plain) == "x No ticket has the identifier TKT-404.\n")
    let error = try #require(try json(tickets)["error"] as? [String: Any])
    #expect(error["code"] as? String == "ticket_not_found")
  }

  @Test func theTicketsOnATripAreTheIssuedAndBeingCancelledOnesNotTheCancelledOrOthers()
    async throws
  {
    let tickets = feature(
      InMemoryOrderLedger(tickets: [
        try TicketsFeatureTests.ticket("TKT-1"),
        try TicketsFeatureTests.ticket("TKT-2", cancelled: true),
        try TicketsFeatureTests.ticket("TKT-3", cancelling: true),
      ]), trip: nil)
    let lisbon = try #require(TripID("LIS-004"))
    let held = try await tickets.tickets(holding: lisbon)
    #expect(held.map(\.id.rawValue) == ["TKT-1", "TKT-3"])
    #expect(held.map(\.status) == [.issued, .cancelling])
    #expect(try await tickets.tickets(holding: try #require(TripID("TYO-001"))).isEmpty)
  }

  @Test func aTicketsLinkNamesItAndReadsBack() throws {
    let id = try #require(TicketID("TKT-6EBD95C0BAF9"))
    let link = TicketsFeature.link(to: id)
    #expect(link.absoluteString == "voyage://tickets/TKT-6EBD95C0BAF9")
    #expect(TicketsFeature.ticket(linkedBy: link) == id)
  }

  @Test(arguments: [
    "voyage://trips/TKT-1", "voyage://tickets/", "voyage://tickets/TKT-1/x",
    "voyage://tickets/TKT-1?x=1", "http://tickets/TKT-1", "voyage://tickets/TKT 1",
  ])
  func anythingButATicketsLinkNamesNoTicket(text: String) throws {
    guard let link = URL(string: text) else { return }
    #expect(TicketsFeature.ticket(linkedBy: link) == nil)
  }
}
