// Exercises: SearchFeature, CheckoutFeature, TicketsFeature
import Foundation
import Testing

/// The links between a trip and its tickets, through the real binary: after a purchase the
/// trip's screen counts the places held and prints the ticket's link, the ticket's link opens
/// the ticket with its trip's link, and that link opens the trip again.
extension VoyageCommandLineTests {
  @Test func aTripsScreenLinksToItsTicketsAndEachTicketLinksBackToTheTrip() async throws {
    let trip = try await bookableTrip()
    let before = try await voyage("show", trip)
    #expect(!before.output.contains("You hold"))
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path),
      "showing a trip created a ledger")

    let checkout = try await voyage(
      "checkout", trip, "--card", "4242 4242 4242 4242", "--expiry", "12/30", "--name",
      "Ada Lovelace", "--places", "2", "--idempotency-key", "links-1")
    #expect(checkout.status == 0, "\(checkout.error)")
    let ticket = try #require(
      (try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])?
        .first?["id"] as? String)

    let shown = try await voyage("show", trip)
    #expect(shown.output.contains("You hold     2 places on 1 ticket\n"), "\(shown.output)")
    #expect(shown.output.contains("    voyage://tickets/\(ticket)\n"))
    let held = try #require(
      (try json(try await voyage("show", trip, "--json").output)["trip"] as? [String: Any])?[
        "tickets"] as? [[String: Any]])
    #expect(held.map { $0["link"] as? String } == ["voyage://tickets/\(ticket)"])

    let opened = try await voyage("open", "voyage://tickets/\(ticket)")
    #expect(opened.status == 0, "\(opened.error)")
    #expect(opened.output.hasPrefix("✓ Ticket \(ticket)\n"))
    #expect(
      opened.output.contains("\n    voyage://trips/\(trip)\n  Traveller  Ada Lovelace\n"),
      "\(opened.output)")
    let openedJSON = try #require(
      try json(try await voyage("open", "voyage://tickets/\(ticket)", "--json").output)["ticket"]
        as? [String: Any])
    #expect(openedJSON["trip_link"] as? String == "voyage://trips/\(trip)")

    #expect(try await voyage("open", "voyage://trips/\(trip)").output == shown.output)
  }

  @Test func aTicketsLinkThatNamesNoTicketExitsOne() async throws {
    let outcome = try await voyage("open", "voyage://tickets/TKT-000000000000")
    #expect(outcome.status == 1)
    #expect(outcome.error == "✗ No ticket has the identifier TKT-000000000000.\n")
    let document = try json(try await voyage("open", "voyage://tickets/TKT-0", "--json").output)
    #expect((document["error"] as? [String: Any])?["code"] as? String == "ticket_not_found")
  }
}
