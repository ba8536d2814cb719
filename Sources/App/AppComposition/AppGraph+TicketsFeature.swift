public import BookingInterface
public import TicketsFeature

extension AppGraph {
  /// The tickets feature, reading the ledger in the Voyage home folder.
  public func tickets() async throws(TicketingError) -> TicketsFeature {
    TicketsFeature(dependencies: TicketsDependencies(ledger: try await ledger()))
  }
}
