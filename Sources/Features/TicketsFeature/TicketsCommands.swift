/// The commands the tickets screens suggest next, spelled by whoever runs the feature: the
/// composition root passes the `voyage` command line's, an example or a test passes its own or
/// none, so a screen never suggests a command its program does not have.
public struct TicketsCommands: Sendable, Equatable {
  /// Buys a trip, such as `voyage checkout`. Followed by an unfinished order's trip and the
  /// options `--places`, `--name`, `--card`, `--expiry` and `--idempotency-key`, it finishes
  /// that order's checkout.
  public let checkout: String?
  /// Finishes a ticket's cancellation once followed by the ticket, such as `voyage cancel`.
  public let finishCancelling: String?

  /// The commands to suggest; each one left out is never suggested.
  public init(checkout: String? = nil, finishCancelling: String? = nil) {
    self.checkout = checkout
    self.finishCancelling = finishCancelling
  }

  /// No command: the screens suggest none.
  public static let none = TicketsCommands()
}
