import Foundation
import Testing

@testable import Scaffolding

@Suite("What scaffold new-module accepts")
struct NewModuleRequestTests {
  /// A repository of the test's own: a manifest that names one module, its folder, and owners.
  final class Repository: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scaffolding-request-\(UUID().uuidString)")

    init(owners: String? = "*   @atlas/platform\n") throws {
      let files = FileManager.default
      try files.createDirectory(
        at: root.appendingPathComponent("Sources/Features/SearchFeature"),
        withIntermediateDirectories: true)
      try Data("let names = [\"SearchFeature\", \"SharedKernel\"]\n".utf8)
        .write(to: root.appendingPathComponent("Package.swift"))
      if let owners { try Data(owners.utf8).write(to: root.appendingPathComponent("CODEOWNERS")) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test func aRequestTakesItsPurposeAndTheCatchAllOwner() throws {
    let repository = try Repository()
    let request = try NewModuleRequest(
      parsing: ["Features", "ItineraryFeature", "Planning a trip.", "--no-check"],
      in: repository.root)
    #expect(request.layer == .features)
    #expect(request.purpose == "Planning a trip.")
    #expect(request.owner == "@atlas/platform")
    #expect(!request.check)
  }

  @Test func anOwnerGivenWinsAndWithoutCodeOwnersThePlatformOwns() throws {
    let repository = try Repository(owners: nil)
    let given = try NewModuleRequest(
      parsing: ["Kernel", "Clock", "--owner", "@team"], in: repository.root)
    #expect(given.owner == "@team" && given.check)
    let defaulted = try NewModuleRequest(parsing: ["Kernel", "Clock"], in: repository.root)
    #expect(defaulted.owner == "@platform")
    #expect(defaulted.purpose == "Why Clock exists, in one sentence.")
  }

  @Test(arguments: [
    (
      ["Widgets", "Foo"],
      "unknown layer 'Widgets'; choose Kernel, Interfaces, Infrastructure or Features"
    ),
    (["App", "Foo"], "the App layer holds the composition root"),
    (["Features", "SearchFeature"], "a module named 'SearchFeature' already exists"),
    (["Kernel", "SharedKernel"], "a module named 'SharedKernel' already exists"),
    (["Features", "9lives"], "'9lives' is not a module name"),
    (["Features", "search-feature"], "is not a module name"),
    (["Features"], "give a layer and a name"),
    (["Features", "A", "b", "c"], "give a layer and a name"),
    (["Features", "Clock", "--owner"], "--owner needs a value"),
    (["Features", "Clock", "--owner", "two words"], "'two words' is not an owner"),
    (["Features", "Clock", "--force"], "unknown option '--force'"),
  ])
  func aBadRequestIsRefusedNamingWhatIsWrong(arguments: [String], message: String) throws {
    let repository = try Repository()
    #expect {
      try NewModuleRequest(parsing: arguments, in: repository.root)
    } throws: { error in
      (error as? Refusal)?.message.contains(message) == true
    }
  }

  @Test func theCommandRefusesWithStatus64AndItsUsage() async throws {
    let repository = try Repository()
    let said = Said()
    let outcome = await Scaffold.run(
      ["new-module", "Widgets", "Foo"], in: repository.root, program: "Scripts/new-module.sh",
      console: said.console, steps: StepRunner())
    #expect(outcome == ScaffoldOutcome(status: 64))
    let error = said.warned
    #expect(error.hasPrefix("Error: unknown layer 'Widgets'"))
    #expect(
      error.contains(
        "Usage: Scripts/new-module.sh <Kernel|Interfaces|Infrastructure|Features> <Name>"))
  }

  @Test func helpIsPrintedOnStandardOutputWithStatus0() async throws {
    let repository = try Repository()
    let said = Said()
    let outcome = await Scaffold.run(
      ["new-module", "--help"], in: repository.root, program: nil, console: said.console,
      steps: StepRunner())
    #expect(outcome == ScaffoldOutcome(status: 0))
    #expect(said.printed.hasPrefix("Usage: scaffold new-module <Kernel|"))
    #expect(said.warned.isEmpty)
  }
}
