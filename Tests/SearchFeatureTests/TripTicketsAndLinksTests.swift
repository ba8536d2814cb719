import BookingInterface
import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SharedKernel
import Synchronization
import Testing

@testable import SearchFeature

/// A trip's screen counts the tickets already held on it and links to each, through a closure
/// whoever composes search answers; and search's own links name trips and nothing else.
@Suite("Search feature: a trip's tickets and links")
@MainActor
struct TripTicketsAndLinksTests {
  nonisolated static let lisbon = TripID.fixture("LIS-001")

  static func held(_ id: String, places: Int, isCancelling: Bool = false) throws -> TicketOnTrip {
    let ticket = try #require(TicketID(id))
    return TicketOnTrip(
      id: ticket, places: places, link: try #require(URL(string: "t://\(id)")),
      isCancelling: isCancelling)
  }

  func feature(
    commands: SearchCommands = SearchCommands(finishCancelling: "voyage cancel"),
    tickets: @escaping @Sendable (TripID) async throws(TicketingError) -> [TicketOnTrip]
  ) -> SearchFeature {
    SearchFeature(
      dependencies: SearchDependencies(
        trips: InMemoryTripRepository(trips: Trips.all), ticketsOnTrip: tickets,
        commands: commands)
    ) { _ in }
  }

  @Test func aTripsScreenCountsThePlacesAlreadyHeldAndLinksToEachTicket() async throws {
    let held = [try Self.held("TKT-A", places: 2), try Self.held("TKT-B", places: 1)]
    let search = feature { trip in trip == Self.lisbon ? held : [] }
    await search.show(Self.lisbon)
    let screen = search.screen(theme: .plain)
    #expect(screen.contains("  You hold     3 places on 2 tickets\n    t://TKT-A\n    t://TKT-B\n"))
    let trip =
      try #require(
        try JSONSerialization.jsonObject(with: search.json()) as? [String: Any])["trip"]
      as? [String: Any]
    let tickets = try #require(trip?["tickets"] as? [[String: Any]])
    #expect(tickets.map { $0["id"] as? String } == ["TKT-A", "TKT-B"])
    #expect(tickets.map { $0["link"] as? String } == ["t://TKT-A", "t://TKT-B"])
    #expect(tickets.map { $0["places"] as? Int } == [2, 1])
  }

  @Test func aTicketBeingCancelledIsCountedApartWithWhatFinishesIt() async throws {
    let held = [
      try Self.held("TKT-A", places: 2), try Self.held("TKT-B", places: 1, isCancelling: true),
    ]
    let search = feature { _ in held }
    await search.show(Self.lisbon)
    let screen = search.screen(theme: .plain)
    #expect(
      screen.contains(
        """
          You hold     2 places on 1 ticket
          Cancelling   1 place on 1 ticket
            t://TKT-A
            t://TKT-B
              finish: voyage cancel TKT-B

        """), "\(screen)")
    let trip =
      try #require(
        try JSONSerialization.jsonObject(with: search.json()) as? [String: Any])["trip"]
      as? [String: Any]
    let tickets = try #require(trip?["tickets"] as? [[String: Any]])
    #expect(tickets.map { $0["status"] as? String } == ["issued", "cancelling"])
  }

  @Test func aTicketBeingCancelledSuggestsNoCommandItWasNotGiven() async throws {
    let held = [try Self.held("TKT-B", places: 1, isCancelling: true)]
    let search = feature(commands: .none) { _ in held }
    await search.show(Self.lisbon)
    let screen = search.screen(theme: .plain)
    #expect(screen.contains("  Cancelling   1 place on 1 ticket\n    t://TKT-B\n\n"), "\(screen)")
    #expect(!screen.contains("finish:"), "\(screen)")
  }

  @Test func aTripWithoutTicketsLooksAsItAlwaysDid() async throws {
    let search = feature { _ in [] }
    await search.show(Self.lisbon)
    #expect(!search.screen(theme: .plain).contains("You hold"))
  }

  @Test func ticketsThatCannotBeReadAreSaidSoAndTheTripIsStillShown() async throws {
    let search = feature { _ throws(TicketingError) in throw .diskFull(path: "/full") }
    await search.show(Self.lisbon)
    #expect(search.failure == nil)
    #expect(search.shownTrip?.id == Self.lisbon)
    #expect(search.screen(theme: .plain).contains("You hold     unknown: "))
    let trip =
      try #require(
        try JSONSerialization.jsonObject(with: search.json()) as? [String: Any])["trip"]
      as? [String: Any]
    #expect(trip?["tickets"] == nil)
  }

  @Test func ticketsAreAskedForOnlyOnceTheTripExists() async throws {
    let asked = Mutex<[TripID]>([])
    let search = feature { trip in
      asked.withLock { $0.append(trip) }
      return []
    }
    await search.show(try #require(TripID("NOP-404")))
    #expect(asked.withLock { $0 }.isEmpty)
    await search.show(Self.lisbon)
    #expect(asked.withLock { $0 } == [Self.lisbon])
  }

  @Test func aTripsLinkNamesItAndReadsBack() throws {
    let link = SearchFeature.link(to: Self.lisbon)
    #expect(link.absoluteString == "voyage://trips/LIS-001")
    #expect(SearchFeature.trip(linkedBy: link) == Self.lisbon)
  }

  @Test(arguments: [
    "voyage://tickets/LIS-001", "voyage://trips/", "voyage://trips", "voyage://trips/LIS-001/x",
    "voyage://trips/LIS-001?places=2", "voyage://trips/LIS-001#top", "https://trips/LIS-001",
    "voyage://ada@trips/LIS-001", "voyage://trips:80/LIS-001", "voyage://trips/LIS%20001",
    "voyage:trips/LIS-001", "trips/LIS-001",
  ])
  func anythingButATripsLinkNamesNoTrip(text: String) throws {
    let link = try #require(URL(string: text))
    #expect(SearchFeature.trip(linkedBy: link) == nil)
  }
}
