import Synchronization

@testable import Scaffolding

/// What a command printed on each stream, for a test to read.
final class Said: Sendable {
  let output = Mutex("")
  let error = Mutex("")

  /// Standard output so far.
  var printed: String { output.withLock { $0 } }
  /// Standard error so far.
  var warned: String { error.withLock { $0 } }

  var console: Console {
    Console(
      say: { line in self.output.withLock { $0 += line + "\n" } },
      warn: { line in self.error.withLock { $0 += line + "\n" } })
  }
}
