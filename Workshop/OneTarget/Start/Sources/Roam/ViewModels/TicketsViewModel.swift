import Foundation
import TrackKit

/// The traveller's tickets, read from the home folder; cancelling one refunds it.
public final class TicketsViewModel {
  public let api: RoamAPI
  public private(set) var tickets: [Ticket] = []
  public private(set) var error: RoamError?

  public init(api: RoamAPI) {
    self.api = api
  }

  /// Reads every ticket file, oldest number first.
  public func load() {
    error = nil
    let folder = HomeFolder.tickets
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    tickets = names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      try? JSONFile<Ticket>(folder.appendingPathComponent(name)).read()
    }
  }

  /// Cancels a ticket: the places go back to the trip, the amount back to the card.
  public func cancel(ticketID: String) -> Ticket? {
    error = nil
    let file = JSONFile<Ticket>(
      HomeFolder.tickets.appendingPathComponent("\(ticketID.uppercased()).json"))
    do {
      guard var ticket = try file.read(), !ticket.cancelled else {
        error = .noSuchTicket(ticketID)
        return nil
      }
      try api.refund(ticketID: ticket.id, tripID: ticket.tripID, places: ticket.places)
      ticket.cancelled = true
      try file.write(ticket)
      TrackKit.shared.track("cancel", properties: ["ticket": ticket.id])
      load()
      return ticket
    } catch let failure as RoamError {
      error = failure
      return nil
    } catch {
      self.error = .server(status: 0)
      return nil
    }
  }

  /// The tickets still valid.
  public var valid: [Ticket] { tickets.filter { !$0.cancelled } }
}
