import Foundation

/// Input the linter cannot use: a configuration, baseline or description it does not fully
/// understand, unreadable code, or a command line it cannot parse. It ends the run with exit
/// status 2 and this message, never with a pass: a file half understood is never checked.
public struct BadInput: Error, Sendable, CustomStringConvertible {
  /// What is wrong, and where, in one line.
  public let message: String
  /// A mistake on the command line itself, which `--help` explains.
  var isUsage = false

  init(_ message: String, isUsage: Bool = false) {
    self.message = message
    self.isUsage = isUsage
  }

  /// A command line the linter cannot parse; the message says where to look.
  /// The message, as `error: ` follows it on standard error.
  public var description: String { message }

  static func usage(_ message: String) -> BadInput {
    BadInput("\(message) (see --help)", isUsage: true)
  }
}
