/// Runs a command's steps by name. Between steps it stops the command once an interrupt arrived,
/// and a test can make any step fail just after it ran (`failing`), to check that the command
/// puts back what that step and those before it changed: undo is proved at every step, not at
/// the ones a stand-in program can reach.
struct StepRunner: Sendable {
  /// The step that fails once it ran; `nil` outside the tests.
  let failing: String?

  init(failing: String? = nil) { self.failing = failing }

  @discardableResult
  func run<Value>(_ name: String, _ body: () async throws -> Value) async throws -> Value {
    try InterruptGuard.checkpoint()
    let value = try await body()
    try InterruptGuard.checkpoint()
    if name == failing { throw StepFailure("the step '\(name)' failed (injected after it ran)") }
    return value
  }
}
