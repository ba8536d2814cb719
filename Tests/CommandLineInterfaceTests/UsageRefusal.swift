@testable import CommandLineInterface

/// The message a command line's bad value is refused with, or `nil` when `read` takes it: what
/// the typed-input tests of every command group compare.
func refusal<Value>(_ read: () throws(UsageError) -> Value) -> String? {
  do {
    _ = try read()
    return nil
  } catch {
    return error.message
  }
}
