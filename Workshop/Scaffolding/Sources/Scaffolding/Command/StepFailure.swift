/// A step that failed after the command began to change the tree: what failed and why. The
/// command puts the tree back before it reports one.
struct StepFailure: Error {
  let message: String

  init(_ message: String) { self.message = message }
}
