import Foundation

/// Where a command's messages go: the process's two streams, or a test's record of them.
struct Console: Sendable {
  /// What the command reports as it goes, for the person who ran it (standard output).
  let say: @Sendable (String) -> Void
  /// Refusals, failures and usage (standard error).
  let warn: @Sendable (String) -> Void

  /// A console with each stream's writer given.
  init(
    say: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void
  ) {
    self.say = say
    self.warn = warn
  }

  /// The process's standard output and standard error, a line at a time.
  static let standard = Console(
    say: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
    warn: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
}
