/// The commands checkout's messages suggest next, spelled by whoever runs the feature: the
/// composition root passes the `voyage` command line's, an example or a test passes its own or
/// none, so a message never suggests a command its program does not have. Without one, a
/// message says what finishes the order in the feature's own terms (cancelling the ticket
/// again).
public struct CheckoutCommands: Sendable, Equatable {
  /// Finishes a ticket's cancellation, or an order's giving up, once followed by the ticket or
  /// the order's key, such as `voyage cancel`.
  public let finishCancelling: String?
  /// Lists the unfinished orders, each with the command that finishes it, such as
  /// `voyage orders`.
  public let listUnfinishedOrders: String?
  /// The option that, added to the checkout command just run, gives the order's key, such as
  /// `--idempotency-key`: for a front where checkout is a command to run again, never for a
  /// session of questions, which has no command to repeat.
  public let orderKeyOption: String?

  /// The commands to suggest; each one left out is never suggested.
  public init(
    finishCancelling: String? = nil, listUnfinishedOrders: String? = nil,
    orderKeyOption: String? = nil
  ) {
    self.finishCancelling = finishCancelling
    self.listUnfinishedOrders = listUnfinishedOrders
    self.orderKeyOption = orderKeyOption
  }

  /// No command: the messages suggest none.
  public static let none = CheckoutCommands()
}
