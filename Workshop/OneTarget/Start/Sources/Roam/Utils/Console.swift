import Foundation

/// Where screens write: standard output, or a buffer the app hands back to whoever ran it.
public final class Console {
  public static var current = Console()

  public private(set) var output = ""
  public private(set) var errors = ""
  private let echoes: Bool

  public init(echoes: Bool = true) {
    self.echoes = echoes
  }

  /// Writes a line of output.
  public func line(_ text: String = "") {
    output += text + "\n"
    if echoes { print(text) }
  }

  /// Writes a line to the error stream.
  public func error(_ text: String) {
    errors += text + "\n"
    if echoes { FileHandle.standardError.write(Data((text + "\n").utf8)) }
  }
}
