import Foundation

/// An action of the commands that read and edit Swift files (`manifest`, `source`), declared once
/// so that parsing, the help and the refusal of an unknown action read the same cases.
protocol EditingAction: RawRepresentable, CaseIterable where RawValue == String {
  /// The action and its arguments, as the help shows them.
  var synopsis: String { get }
  /// What it does.
  var help: String { get }
}

extension EditingAction {
  /// Every action for the help: its synopsis, then what it does, indented below it.
  static var listed: String {
    allCases.map { action in
      "  \(action.synopsis)\n"
        + ParsedCommandLine.wrapped(action.help, width: 94).map { "      \($0)\n" }.joined()
    }.joined()
  }

  /// The action `name` names, or a usage error that lists them all.
  static func named(_ name: String?) throws -> Self {
    guard let name, let action = Self(rawValue: name) else {
      throw BadInput.usage(
        "unknown action '\(name ?? "")'; actions are "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return action
  }
}

extension Outcome {
  /// The usage, when the arguments ask for it (status 0) or give no action (status 2).
  static func help(for arguments: [String], _ usage: String) -> Outcome? {
    guard arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") else {
      return nil
    }
    return Outcome(status: arguments.isEmpty ? 2 : 0, output: usage, error: "")
  }

  /// An editing command that failed: nothing on standard output, the reason on standard error.
  static func refused(_ error: any Error) -> Outcome {
    let failure = error as? BadInput ?? BadInput("\(error)")
    return Outcome(status: 2, output: "", error: "error: \(failure.message)\n")
  }
}

extension Invocation {
  /// Writes `bytes` to `path` (resolved against the working folder) in one step, or says why not.
  func write(_ bytes: [UInt8], to path: String) throws {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: resolve(path)), options: .atomic)
    } catch {
      throw BadInput("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
