public import BookingInterface
import Foundation
import SharedKernel
public import TicketsFeature

extension AppGraph {
  /// The tickets feature, reading the ledger in the Voyage home folder. The trip a ticket's
  /// screen names is asked of the graph when the screen is shown, not before.
  public func tickets() async throws(TicketingError) -> TicketsFeature {
    TicketsFeature(
      dependencies: TicketsDependencies(
        ledger: try await ledger(),
        trip: { [weak self] trip in await self?.tripReference(trip) },
        commands: Self.ticketsCommands))
  }

  /// The commands the tickets screens suggest: the `voyage` command line's, which the root
  /// alone knows it is composed into.
  static let ticketsCommands = TicketsCommands(
    checkout: "voyage checkout", finishCancelling: "voyage cancel")

  /// The trip a ticket holds places on, in the tickets feature's terms; `nil` when no feature
  /// shows trips.
  private func tripReference(_ trip: TripID) async -> TripReference? {
    guard let link = AppRouter.link(to: .trip(trip)) else { return nil }
    return TripReference(link: link, title: await title(of: trip))
  }
}

/// The tickets' links (`voyage://tickets/TKT-…`) and what this feature answers the others: the
/// tickets that hold places on a trip.
enum TicketsFeatureWiring: FeatureWiring {
  static func route(for link: URL) -> AppRoute? {
    TicketsFeature.ticket(linkedBy: link).map(AppRoute.ticket)
  }

  static func link(to route: AppRoute) -> URL? {
    guard case .ticket(let ticket) = route else { return nil }
    return TicketsFeature.link(to: ticket)
  }

  static var exampleLink: String? { "voyage://tickets/TKT-6EBD95C0BAF9" }

  @MainActor
  static func tickets(holding trip: TripID, in graph: AppGraph) async throws(TicketingError)
    -> [(ticket: TicketID, places: Int, isCancelling: Bool)]?
  {
    guard graph.ledgerExists else { return [] }
    return try await graph.tickets().tickets(holding: trip).map {
      ($0.id, $0.places, $0.status == .cancelling)
    }
  }
}
