import BookingInterface
import Foundation
public import SearchFeature
import SharedKernel

extension AppGraph {
  /// A search feature over the graph's cached trips. Its outputs move the router; the tickets a
  /// trip's screen counts are asked of the graph when the screen is shown, not before.
  public func search() -> SearchFeature {
    SearchFeature(
      dependencies: SearchDependencies(
        trips: trips,
        ticketsOnTrip: { [weak self] trip async throws(TicketingError) -> [TicketOnTrip] in
          guard let self else { return [] }
          return try await self.ticketsOnTrip(trip)
        },
        commands: Self.searchCommands),
      output: { [weak self] output in self?.router.follow(AppRouter.next(after: output)) })
  }

  /// The commands search's screens suggest: the `voyage` command line's, which the root
  /// alone knows it is composed into.
  static let searchCommands = SearchCommands(
    showTrip: "voyage show <trip>", buyTrip: "voyage checkout <trip> --help",
    finishCancelling: "voyage cancel")

  /// The tickets held on `trip`, in search's terms, each with the link that opens it.
  private func ticketsOnTrip(_ trip: TripID) async throws(TicketingError) -> [TicketOnTrip] {
    try await tickets(holding: trip).compactMap { ticket, places, isCancelling in
      AppRouter.link(to: .ticket(ticket)).map {
        TicketOnTrip(id: ticket, places: places, link: $0, isCancelling: isCancelling)
      }
    }
  }
}

extension AppRouter {
  /// Where each of search's outputs leads: a picked trip opens its screen.
  static func next(after output: SearchOutput) -> AppRoute? {
    switch output {
    case .tripSelected(let trip): .trip(trip)
    }
  }
}

/// Search's links (`voyage://trips/LIS-001`) and what it answers the other features: the title
/// of a trip.
enum SearchFeatureWiring: FeatureWiring {
  static func route(for link: URL) -> AppRoute? {
    SearchFeature.trip(linkedBy: link).map(AppRoute.trip)
  }

  static func link(to route: AppRoute) -> URL? {
    guard case .trip(let trip) = route else { return nil }
    return SearchFeature.link(to: trip)
  }

  static var exampleLink: String? { "voyage://trips/LIS-001" }

  @MainActor
  static func title(of trip: TripID, in graph: AppGraph) async -> String? {
    await graph.search().title(of: trip)
  }
}
