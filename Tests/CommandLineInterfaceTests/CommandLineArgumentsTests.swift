import AppComposition
import Foundation
import Testing

@testable import CommandLineInterface

/// The command line's own inputs read as the types they are, where they are parsed: the first
/// argument as a command or an option of voyage's own, a help topic as a command, a shell as a
/// shell, a link as the screen it opens. A good value arrives as its type; a bad one is
/// refused there, with its one line.
@Suite("the command line's own typed inputs")
struct CommandLineArgumentsTests {
  func declaration(_ command: CommandLineCommands.Command) -> CommandSpec {
    CommandLineCommands.declaration(of: command)
  }

  @Test func everyCommandIsReadFromItsOwnNameAndNoTwoShareOne() throws {
    let names = VoyageCommands.declarations.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    for name in names {
      guard case .command(let command) = try Invocation(name) else {
        Issue.record("'\(name)' was not read as a command")
        continue
      }
      #expect(command.spec.name == name)
    }
  }

  @Test func voyagesOwnOptionsAreReadBeforeAnyCommand() throws {
    for option in GlobalOption.allCases {
      for name in option.names {
        guard case .option(let read) = try Invocation(name) else {
          Issue.record("'\(name)' was not read as an option")
          continue
        }
        #expect(read == option)
      }
    }
  }

  @Test func aNameThatIsNoCommandIsRefusedWithTheCommandProbablyMeant() {
    #expect(
      refusal { () throws(UsageError) in try Invocation("manul") }
        == "unknown command 'manul'; did you mean 'manual'?")
    #expect(
      refusal { () throws(UsageError) in try Invocation("frobnicate") }
        == "unknown command 'frobnicate'")
  }

  @Test func aHelpTopicIsReadAsTheCommandItNames() throws {
    let topic = try declaration(.help).parse(["completions"]).optional(CommandLineCommands.topic)
    #expect(topic?.spec.name == "completions")
    #expect(try declaration(.help).parse([]).optional(CommandLineCommands.topic) == nil)
    let misspelt = try declaration(.help).parse(["manul"])
    #expect(
      refusal { () throws(UsageError) in try misspelt.optional(CommandLineCommands.topic) }
        == "unknown command 'manul'; did you mean 'manual'?")
  }

  @Test(arguments: ShellCompletions.Shell.allCases)
  func aShellIsReadFromItsName(shell: ShellCompletions.Shell) throws {
    let parsed = try declaration(.completions).parse([shell.rawValue])
    #expect(try parsed.single(CommandLineCommands.shell) == shell)
  }

  @Test func aShellWithoutCompletionsIsRefusedWithTheShellsThatHaveThem() throws {
    let parsed = try declaration(.completions).parse(["powershell"])
    #expect(
      refusal { () throws(UsageError) in try parsed.single(CommandLineCommands.shell) }
        == "no completions for 'powershell'; choose bash, zsh, fish")
  }

  /// Each feature that has links lends one to the help; each reads as the screen it links to.
  @Test func aLinkIsReadAsTheScreenItOpens() throws {
    for link in AppRouter.exampleLinks {
      let route = try declaration(.open).parse([link]).single(CommandLineCommands.link)
      #expect(AppRouter.link(to: route)?.absoluteString == link)
    }
  }

  @Test func aLinkNoFeatureOpensIsRefusedWithTheLinksThatDo() throws {
    let parsed = try declaration(.open).parse(["voyage://planets/MARS-1"])
    let examples = AppRouter.exampleLinks.joined(separator: " or ")
    #expect(
      refusal { () throws(UsageError) in try parsed.single(CommandLineCommands.link) }
        == "'voyage://planets/MARS-1' is not a link voyage opens"
        + (examples.isEmpty ? "" : " (like \(examples))"))
  }
}
