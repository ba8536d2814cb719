import Foundation

/// `check-architecture source …`: what the scaffolding reads from and removes in Swift files
/// other than the manifest (the App layer's wiring of a feature), by their tokens, so that a
/// script never finds a declaration or deletes a list element by the shape of a line.
enum SourceCommand {
  /// The actions, each declared once for parsing and for the help.
  enum Action: String, EditingAction {
    case declaredTypes = "declared-types"
    case declaredNames = "declared-names"
    case stringArguments = "string-arguments"
    case removeElements = "remove-elements"

    var synopsis: String {
      switch self {
      case .declaredTypes: "declared-types FILE…"
      case .declaredNames: "declared-names FILE…"
      case .stringArguments: "string-arguments CALLEE FILE…"
      case .removeElements: "remove-elements NAME… --in FILE…"
      }
    }

    var help: String {
      switch self {
      case .declaredTypes:
        "print the types each FILE declares at its top level (struct, enum, class, actor, protocol), one a line"
      case .declaredNames:
        "print every name each FILE declares at any depth (func, var, let, case, struct, class, enum, actor, protocol, typealias), one a line; none in a comment or a string"
      case .stringArguments:
        "print the first argument of every call to CALLEE in each FILE that is a plain string literal (CommandSpec(\"checkout\", …) → checkout), one a line"
      case .removeElements:
        "remove from each FILE every element of an array literal written NAME.self or NAME, with its comma and the comment lines above it; print what went, one line each, and rewrite only the files that changed"
      }
    }
  }

  static func usage(program: String) -> String {
    var text = """
      Usage: \(program) source <action> …

      Reads and edits Swift files by their tokens, for the scripts that remove a module's wiring.

      Actions:

      """
    text += Action.listed
    text += "\n  Exit status: 0 done, 2 bad input or a file it cannot read or write.\n"
    return text
  }

  /// Runs `arguments` (what follows `source`).
  static func run(_ arguments: [String], _ invocation: Invocation) -> Outcome {
    if let help = Outcome.help(for: arguments, usage(program: invocation.command)) { return help }
    do {
      let action = try Action.named(arguments.first)
      let rest = Array(arguments.dropFirst())
      switch action {
      case .declaredTypes:
        return try lines(of: rest, action, invocation) { $0.types }
      case .declaredNames:
        return try lines(of: rest, action, invocation) { $0.names }
      case .stringArguments:
        guard let callee = rest.first else {
          throw BadInput.usage("string-arguments needs CALLEE FILE…")
        }
        return try lines(of: Array(rest.dropFirst()), action, invocation) {
          $0.stringArguments(ofCallsTo: callee)
        }
      case .removeElements:
        guard let marker = rest.firstIndex(of: "--in"), marker > 0, marker + 1 < rest.count else {
          throw BadInput.usage("remove-elements needs NAME… --in FILE…")
        }
        let names = Set(rest[..<marker])
        var output = ""
        for path in rest[(marker + 1)...] {
          var editor = SourceEditor(bytes: try read(path, invocation))
          let removed = editor.removeElements(naming: names)
          guard !removed.isEmpty else { continue }
          try invocation.write(editor.editedBytes, to: path)
          output += removed.map { "\(path):\($0)\n" }.joined()
        }
        return Outcome(status: 0, output: output, error: "")
      }
    } catch {
      return .refused(error)
    }
  }

  /// What `reading` finds in each of `paths`, one a line.
  private static func lines(
    of paths: [String], _ action: Action, _ invocation: Invocation,
    _ reading: (SourceDeclarations) -> [String]
  ) throws -> Outcome {
    guard !paths.isEmpty else { throw BadInput.usage("\(action.rawValue) needs a FILE") }
    var output = ""
    for path in paths {
      let declarations = try SourceDeclarations(fileAt: invocation.resolve(path), named: path)
      output += reading(declarations).map { $0 + "\n" }.joined()
    }
    return Outcome(status: 0, output: output, error: "")
  }

  private static func read(_ path: String, _ invocation: Invocation) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: invocation.resolve(path)) else {
      throw BadInput("cannot read \(path)")
    }
    return Array(data)
  }
}
