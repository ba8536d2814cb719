/// What puts the tree back as it was before a command began: the command's changes, recorded
/// one by one (`FileTransaction`), or everything since the commit checked out (`GitCheckout`).
/// Rolled back from a failed step, or from a signal handler's queue.
protocol Undo: Sendable {
  /// Puts the tree back; returns whether there was anything to undo (false once committed or
  /// rolled back).
  @discardableResult
  func rollback() -> Bool

  /// Keeps every change: the command is done.
  func commit()
}
