/// What puts the tree back as it was before a command began: the command's changes, recorded
/// one by one (`FileTransaction`), or everything since the commit checked out (`GitCheckout`).
protocol Undo: Sendable {
  /// Puts the tree back, once: a later call, or one after `commit()`, has nothing to undo.
  func rollback() -> UndoOutcome

  /// Keeps every change: the command is done.
  func commit()
}

/// How a rollback went.
enum UndoOutcome: Equatable, Sendable {
  /// Committed or rolled back before: nothing was done.
  case nothingToUndo
  /// The tree is as it was.
  case undone
  /// Some of it could not be put back: what, and how a person can finish it.
  case incomplete(String)
}
