import BookingInterface
import Foundation
import SharedKernel

/// One feature's part in the composition root beyond its factory: the links it opens and what it
/// answers the other features. Features never import each other; when one needs what another
/// knows (a trip's screen counts the tickets held on it, a ticket's screen names its trip), it
/// receives a closure, and the root answers it through these. Each conformance is written in its
/// feature's `AppGraph+<Feature>.swift` and listed once in ``AppGraph/wirings``, so removing a
/// feature removes its links and its answers, and a question nobody answers any more gets
/// nothing.
protocol FeatureWiring {
  /// The route one of this feature's links names; `nil` for a link that is not its own.
  static func route(for link: URL) -> AppRoute?

  /// The link that opens `route`, when `route` is this feature's screen.
  static func link(to route: AppRoute) -> URL?

  /// One of this feature's links, as an example; `nil` for a feature without links.
  static var exampleLink: String? { get }

  /// The tickets that hold places on `trip`, with how many places each and whether it is
  /// being cancelled, when this feature keeps tickets; `nil` when it does not.
  @MainActor
  static func tickets(holding trip: TripID, in graph: AppGraph) async throws(TicketingError)
    -> [(ticket: TicketID, places: Int, isCancelling: Bool)]?

  /// The title of `trip`, when this feature shows trips and the trip can be read.
  @MainActor
  static func title(of trip: TripID, in graph: AppGraph) async -> String?
}

extension FeatureWiring {
  static func route(for link: URL) -> AppRoute? { nil }
  static func link(to route: AppRoute) -> URL? { nil }
  static var exampleLink: String? { nil }

  @MainActor
  static func tickets(holding trip: TripID, in graph: AppGraph) async throws(TicketingError)
    -> [(ticket: TicketID, places: Int, isCancelling: Bool)]?
  {
    nil
  }

  @MainActor
  static func title(of trip: TripID, in graph: AppGraph) async -> String? { nil }
}

extension AppGraph {
  /// Each feature's links and answers, one line each. Removing a feature
  /// (`Scripts/remove-module.sh`) deletes the line of the wiring that went with it.
  nonisolated static var wirings: [any FeatureWiring.Type] {
    [
      SearchFeatureWiring.self,
      TicketsFeatureWiring.self,
    ]
  }

  /// The tickets holding places on `trip`, from whichever feature keeps tickets; none when no
  /// feature does.
  func tickets(holding trip: TripID) async throws(TicketingError)
    -> [(ticket: TicketID, places: Int, isCancelling: Bool)]
  {
    for wiring in Self.wirings {
      if let tickets = try await wiring.tickets(holding: trip, in: self) { return tickets }
    }
    return []
  }

  /// The title of `trip`, from whichever feature shows trips.
  func title(of trip: TripID) async -> String? {
    for wiring in Self.wirings {
      if let title = await wiring.title(of: trip, in: self) { return title }
    }
    return nil
  }
}
