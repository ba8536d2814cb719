/// The commands search's screens suggest next, spelled by whoever runs the feature: the
/// composition root passes the `voyage` command line's, an example or a test passes its own or
/// none, so a screen never suggests a command its program does not have.
public struct SearchCommands: Sendable, Equatable {
  /// Shows one trip, such as `voyage show <trip>`.
  public let showTrip: String?
  /// Starts buying one, such as `voyage checkout <trip> --help`.
  public let buyTrip: String?
  /// Finishes a ticket's cancellation once followed by the ticket, such as `voyage cancel`.
  public let finishCancelling: String?

  /// The commands to suggest; each one left out is never suggested.
  public init(showTrip: String? = nil, buyTrip: String? = nil, finishCancelling: String? = nil) {
    self.showTrip = showTrip
    self.buyTrip = buyTrip
    self.finishCancelling = finishCancelling
  }

  /// No command: the screens suggest nothing.
  public static let none = SearchCommands()
}
