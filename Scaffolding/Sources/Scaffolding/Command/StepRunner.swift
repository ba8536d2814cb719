/// Runs a command's steps by name, so that a test can make any one of them fail (`failing`) and
/// check that the command puts the tree back: undo is proved at every step, not at the ones a
/// stand-in program can reach.
struct StepRunner: Sendable {
  /// The step that fails instead of running; `nil` outside the tests.
  let failing: String?

  init(failing: String? = nil) { self.failing = failing }

  @discardableResult
  func run<Value>(_ name: String, _ body: () async throws -> Value) async throws -> Value {
    if name == failing { throw StepFailure("the step '\(name)' failed (injected)") }
    return try await body()
  }
}
