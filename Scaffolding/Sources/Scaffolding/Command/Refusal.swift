/// A request the command turns down before it changes anything: a bad name, an unknown layer, a
/// module that already exists. It ends the process with status 64, the status of a usage error.
struct Refusal: Error, Equatable {
  let message: String

  init(_ message: String) { self.message = message }
}

/// A step that failed after the command began to change the tree: what failed and why. The
/// command puts the tree back before it reports one.
struct StepFailure: Error {
  let message: String

  init(_ message: String) { self.message = message }
}
