import ArchitectureLinter
import Foundation
import Testing

/// `check-architecture source`, what the scaffolding reads from and removes in Swift files other
/// than the manifest: declarations and list elements found by their tokens, never by a line's
/// shape.
@Suite("Reading and editing sources")
struct SourceEditingTests {
  static let commands = """
    import SearchFeature

    /// The groups.
    enum Commands {
      static var groups: [any Group.Type] {
        [
          SearchCommands.self,
          // Buying.
          CheckoutCommands.self,
          TicketsCommands.self, CheckoutCommands.self]
      }
      static var conversations: [any Conversation.Type] { [Session.self] }
      static let names = ["CheckoutCommands.self", CheckoutCommandsNames.self]
      struct CheckoutCommandsInside {}
    }

    """

  static let checkout = """
    // A struct in a comment: struct Fake {}
    public struct CheckoutCommands: Group {
      enum Nested {}
    }
    final class Session {}
    let text = "enum Quoted {}"
    actor Ledger {}
    extension Commands {}

    """

  /// Writes `files` (name → text) in a fresh folder and runs `source …` there.
  static func run(_ arguments: [String], files: [String: String]) async throws -> (
    outcome: Outcome, folder: URL
  ) {
    let folder = try makeTemporaryFolder("source")
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return (try await Linter.run(["source"] + arguments, in: folder), folder)
  }

  @Test func theDeclaredTypesAreTheTopLevelOnesWhateverTheirModifiers() async throws {
    let (outcome, folder) = try await Self.run(
      ["declared-types", "Checkout.swift"], files: ["Checkout.swift": Self.checkout])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output == "CheckoutCommands\nSession\nLedger\n")
  }

  @Test func theDeclaredNamesAreEveryDeclarationAndNoneInACommentOrAString() async throws {
    let (outcome, folder) = try await Self.run(
      ["declared-names", "Checkout.swift"], files: ["Checkout.swift": Self.checkout])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output == "CheckoutCommands\nNested\nSession\ntext\nLedger\n")
  }

  @Test func theStringArgumentsAreTheFirstPlainStringsOfEachCall() async throws {
    let source = """
      let specs = [
        CommandSpec("search", summary: "Find trips"),
        CommandSpec(name, summary: "computed"),
        CommandSpec(
          "check-out", summary: "Buy"),
        OtherSpec("other"),
      ]
      // CommandSpec("commented")

      """
    let (outcome, folder) = try await Self.run(
      ["string-arguments", "CommandSpec", "Specs.swift"], files: ["Specs.swift": source])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output == "search\ncheck-out\n")
  }

  @Test func everyElementNamingATypeGoesWithItsCommaAndItsComment() async throws {
    let (outcome, folder) = try await Self.run(
      ["remove-elements", "CheckoutCommands", "Session", "--in", "Commands.swift", "Other.swift"],
      files: ["Commands.swift": Self.commands, "Other.swift": "let other = [1, 2]\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    let edited = try String(
      contentsOf: folder.appendingPathComponent("Commands.swift"), encoding: .utf8)
    #expect(
      edited.contains("[\n      SearchCommands.self,\n      TicketsCommands.self]"), "\(edited)")
    #expect(edited.contains("{ [] }"), "\(edited)")
    // A string, a longer name and a nested declaration are not the type.
    #expect(edited.contains(#"["CheckoutCommands.self", CheckoutCommandsNames.self]"#))
    #expect(edited.contains("struct CheckoutCommandsInside {}"))
    #expect(
      outcome.output == """
        Commands.swift:9: removed CheckoutCommands.self
        Commands.swift:10: removed CheckoutCommands.self
        Commands.swift:12: removed Session.self

        """)
    // A file with nothing to remove is not rewritten.
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Other.swift"), encoding: .utf8)
        == "let other = [1, 2]\n")
  }

  @Test(arguments: [
    (["remove-elements", "CheckoutCommands"], "needs NAME… --in FILE…"),
    (["remove-elements", "--in", "Commands.swift"], "needs NAME… --in FILE…"),
    (["declared-types"], "needs a FILE"),
    (["string-arguments"], "needs CALLEE FILE…"),
    (["string-arguments", "CommandSpec"], "needs a FILE"),
    (["declared-types", "Missing.swift"], "cannot read Missing.swift"),
    (["rename"], "unknown action 'rename'"),
  ])
  func badInputIsRefusedAndNothingIsWritten(_ arguments: [String], _ reason: String) async throws {
    let (outcome, folder) = try await Self.run(arguments, files: ["Commands.swift": Self.commands])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(reason), "\(outcome.error)")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("Commands.swift"), encoding: .utf8)
        == Self.commands)
  }

  @Test func theHelpListsEveryAction() async throws {
    let help = try await Linter.run(["source", "--help"])
    #expect(help.status == 0)
    for action in ["declared-types", "declared-names", "string-arguments", "remove-elements"] {
      #expect(help.output.contains("\n  \(action)"), "\(action)")
    }
    #expect(try await Linter.run(["--help"]).output.contains("source --help"))
  }
}
