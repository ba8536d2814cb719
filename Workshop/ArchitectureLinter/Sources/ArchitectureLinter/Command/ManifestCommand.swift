import Foundation

/// `check-architecture manifest …`: the scaffolding's edits of `Package.swift`, made with the
/// linter's lexer (`ManifestEditor`), so that the scripts that add and remove modules never edit
/// Swift by its indentation. It lives in the linter because the lexer does, and because a team
/// that copies the linter as one file gets it too.
enum ManifestCommand {
  /// The actions, each declared once for parsing and for the help.
  enum Action: String, EditingAction {
    case name
    case addModule = "add-module"
    case removeModule = "remove-module"

    var synopsis: String {
      switch self {
      case .name: "name"
      case .addModule:
        "add-module --enum ENUM --case CASE --name NAME --to LIST --entry SWIFT [--comment TEXT]"
      case .removeModule: "remove-module NAME…"
      }
    }

    var help: String {
      switch self {
      case .name: "print the package's name (the name: of Package(…))"
      case .addModule:
        "add `case CASE = \"NAME\"` to `enum ENUM: String`, and SWIFT (the entry that declares the module, with TEXT above it) to the top-level list LIST: an element when LIST is one array literal, a `+ SWIFT` term otherwise"
      case .removeModule:
        "remove every entry that declares one of the NAMEs, every list element that names one, and the first NAME's enum case: a case of its enum passed where the manifest's helpers take that enum (or an array of it), wrapped in another enum's case (.feature(.checkout)), or its name as a string; print what went, one line each"
      }
    }
  }

  static func usage(program: String) -> String {
    var text = """
      Usage: \(program) manifest <action> [--manifest PATH] [--print]

      Edits Package.swift by its tokens, for the scripts that add and remove modules: each place is
      found by what the manifest declares (its enums' cases, its helpers' parameter types), never by
      its layout. An edit it cannot make exactly is refused and nothing is written.

      Actions:

      """
    text += Action.listed
    text += """

      Options:
        --manifest PATH   the manifest to edit (default: Package.swift in the working folder)
        --print           print the edited manifest instead of writing it
        Exit status: 0 done, 2 bad input or an edit it cannot make.

      """
    return text
  }

  /// Runs `arguments` (what follows `manifest`).
  static func run(_ arguments: [String], _ invocation: Invocation) -> Outcome {
    if let help = Outcome.help(for: arguments, usage(program: invocation.command)) { return help }
    do {
      var request = try Request(arguments)
      let path = invocation.resolve(request.manifest)
      guard let data = FileManager.default.contents(atPath: path) else {
        throw BadInput("cannot read the manifest \(request.manifest)")
      }
      var editor = ManifestEditor(data)
      switch request.action {
      case .name:
        guard let name = editor.packageName() else {
          throw BadInput("\(request.manifest) has no Package(name: \"…\") with a plain string")
        }
        return Outcome(status: 0, output: name + "\n", error: "")
      case .addModule:
        request.lines = try editor.add(try request.newModule())
      case .removeModule:
        guard !request.names.isEmpty else { throw BadInput.usage("remove-module needs a NAME") }
        request.lines = try editor.remove(request.names).map { "\(request.manifest):\($0)" }
      }
      if request.print {
        return Outcome(
          status: 0, output: String(decoding: editor.bytes, as: UTF8.self),
          error: request.lines.map { $0 + "\n" }.joined())
      }
      try invocation.write(editor.bytes, to: request.manifest)
      return Outcome(status: 0, output: request.lines.map { $0 + "\n" }.joined(), error: "")
    } catch {
      return .refused(error)
    }
  }

  /// The command line after `manifest`, read.
  private struct Request {
    var action: Action
    var manifest = "Package.swift"
    var print = false
    var values: [String: String] = [:]
    var names: [String] = []
    var lines: [String] = []

    static let valueOptions = ["--enum", "--case", "--name", "--to", "--entry", "--comment"]

    init(_ arguments: [String]) throws {
      action = try Action.named(arguments.first)
      var remaining = arguments.dropFirst()
      while let argument = remaining.popFirst() {
        switch argument {
        case "--print": print = true
        case "--manifest":
          guard let value = remaining.popFirst() else {
            throw BadInput.usage("--manifest needs a PATH")
          }
          manifest = value
        case _ where Self.valueOptions.contains(argument) && action == .addModule:
          guard let value = remaining.popFirst() else {
            throw BadInput.usage("\(argument) needs a value")
          }
          values[argument] = value
        case _ where argument.hasPrefix("-"):
          throw BadInput.usage("\(action.rawValue) takes no option '\(argument)'")
        default:
          guard action == .removeModule else {
            throw BadInput.usage("\(action.rawValue) takes no argument '\(argument)'")
          }
          names.append(argument)
        }
      }
    }

    func newModule() throws -> ManifestEditor.NewModule {
      func required(_ option: String) throws -> String {
        guard let value = values[option], !value.isEmpty else {
          throw BadInput.usage("add-module needs \(option)")
        }
        return value
      }
      return ManifestEditor.NewModule(
        enumName: try required("--enum"), caseName: try required("--case"),
        name: try required("--name"), list: try required("--to"), entry: try required("--entry"),
        comment: values["--comment"])
    }
  }
}
