import DesignSystem
import Foundation
import Synchronization

/// A terminal a test drives in-process: it answers prompts from a script of lines, records
/// what was written to each stream, and claims whatever interactivity and width the test sets,
/// so every screen and every prompt is checked exactly as a person would see it.
final class RecordingTerminal: Terminal {
  let environment: [String: String]
  private let interactive: Bool
  private let columns: Int?
  private let state: Mutex<(input: [String], output: String, error: String)>

  init(
    input: [String] = [], environment: [String: String], interactive: Bool = true,
    width: Int? = nil
  ) {
    self.environment = environment
    self.interactive = interactive
    self.columns = width
    state = Mutex((input, "", ""))
  }

  /// Everything written to standard output so far.
  var output: String { state.withLock { $0.output } }
  /// Everything written to standard error so far.
  var error: String { state.withLock { $0.error } }
  /// The scripted lines not read yet.
  var unreadInput: [String] { state.withLock { $0.input } }

  func write(_ text: String, to stream: TerminalStream) {
    state.withLock { state in
      if stream == .output { state.output += text } else { state.error += text }
    }
  }

  func isInteractive(_ stream: TerminalStream) -> Bool { interactive }

  func width(of stream: TerminalStream) -> Int? { columns }

  func readLine() -> String? {
    state.withLock { state in state.input.isEmpty ? nil : state.input.removeFirst() }
  }
}
