import ArchitectureLinter
import Foundation
import Testing

/// The command line as a person meets it: the help of the way it was started, the options
/// declared once, and a configuration's reasons printed where they apply.
@Suite("The command line")
struct CommandLineTests {
  /// The usage line is the command as it was typed: the plugin's takes no description, the
  /// script's and the executable's read one from standard input.
  @Test(arguments: [
    (
      [
        "CHECK_ARCHITECTURE_PROGRAM": "swift package check-architecture",
        "CHECK_ARCHITECTURE_DESCRIBES_PACKAGE": "1",
      ],
      "Usage: swift package check-architecture [options]\n"
    ),
    (
      [:],
      "Usage: swift package describe --type json | swift Scripts/check-architecture.swift [options] [DESCRIPTION.json | -]\n"
    ),
  ])
  func theHelpNamesTheWayTheLinterWasStarted(environment: [String: String], usage: String)
    async throws
  {
    let help = try await Linter.run(["--help"], environment: environment)
    #expect(help.status == 0)
    #expect(help.output.hasPrefix(usage), "\(help.output.prefix(200))")
  }

  /// Every option the help lists is parsed: each one, given with a value where it takes one, is
  /// never "unknown" (the table the help is printed from is the one the parser reads).
  @Test func everyOptionTheHelpListsIsParsed() async throws {
    let help = try await Linter.run(["--help"])
    let options = help.output.split(separator: "\n").compactMap { line -> [String]? in
      let words = line.split(separator: " ").map(String.init)
      guard let first = words.first, first.hasPrefix("-") else { return nil }
      return words
    }
    #expect(options.count >= 20, "\(options)")
    for words in options {
      let name = words[0].trimmingCharacters(in: CharacterSet(charactersIn: ","))
      let takesValue = words.count > 1 && words[1].first?.isUppercase == true
      let outcome = try await Linter.run(
        [name] + (takesValue ? ["VALUE"] : []), description: Data("{}".utf8))
      #expect(!outcome.error.contains("unknown option"), "\(name): \(outcome.error)")
      #expect(!outcome.error.contains("needs a value"), "\(name): \(outcome.error)")
    }
  }

  /// A folder layer's `because` is printed by `--explain folder-dependency` and beside each of
  /// its findings, as a target layer's is for the layer rules.
  @Test func aFolderLayersReasonIsExplainedAndPrintedWithItsFindings() async throws {
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("architecture.json")
    let fixture = packageRoot.appendingPathComponent(
      "Tests/Fixtures/FolderLayers/architecture.json")
    let configuration = try String(contentsOf: fixture, encoding: .utf8).replacingOccurrences(
      of: #""folders": ["Sources/App/UI"], "mayUse": ["Kernel"] }"#,
      with:
        #""folders": ["Sources/App/UI"], "mayUse": ["Kernel"], "because": "screens show what they are given" }"#
    )
    try Data(configuration.utf8).write(to: file)
    let explained = try await Linter.run(["--explain", "folder-dependency", "--config", file.path])
    #expect(explained.status == 0)
    #expect(
      explained.output.contains("  Features: screens show what they are given"),
      "\(explained.output)")
    let lint = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(lint.status == 1)
    #expect(
      lint.output.contains(
        "Sources/App/UI/SearchView.swift:3:16: error: [folder-dependency] 'APIClient' is declared in Sources/App/Networking/APIClient.swift, a folder of Infrastructure; this file's folder is Features, which may use Kernel. Reach it through what Features may use, or move it\n  because: screens show what they are given"
      ), "\(lint.output)")
  }

  /// A folder inside a folder layer takes the layer of the innermost folder claimed.
  @Test func aFileTakesTheLayerOfTheInnermostClaimedFolder() async throws {
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("architecture.json")
    try Data(
      #"""
      {
        "layers": [
          { "name": "Everything", "folders": ["Sources/App"], "mayUse": ["Infrastructure"] },
          { "name": "Screens", "folders": ["Sources/App/UI"], "mayUse": [] },
          { "name": "Infrastructure", "folders": ["Sources/App/Networking"], "mayUse": [] }
        ],
        "rules": { "folder-dependency": {} }
      }
      """#.utf8
    ).write(to: file)
    let lint = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(lint.status == 1)
    #expect(
      lint.output.contains(
        "Sources/App/UI/SearchView.swift:3:16: error: [folder-dependency] 'APIClient' is declared in Sources/App/Networking/APIClient.swift, a folder of Infrastructure; this file's folder is Screens, which may use nothing."
      ), "\(lint.output)")
    // Models is in Everything, the outer folder's layer, which may use Infrastructure.
    #expect(
      !lint.output.split(separator: "\n").contains {
        $0.hasPrefix("Sources/App/Models/Trip.swift:")
      },
      "\(lint.output)")
  }

  /// Run with `swift run check-architecture`, the program's path holds the build's folder and
  /// triple; the command the footer prints is the one a person types.
  @Test func anExecutableSwiftPMBuiltIsNamedAsSwiftRunNotByItsPath() async throws {
    let description = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let outcome = await CheckArchitecture.run(
      Invocation(
        arguments: ["--config", "architecture.json"],
        program: "/work/app/.build/x86_64-unknown-linux-gnu/debug/check-architecture",
        workingDirectory: packageRoot.appendingPathComponent("Tests/Fixtures").path,
        standardInput: { description }))
    #expect(outcome.status == 1)
    #expect(
      outcome.output.hasSuffix(
        "  swift package describe --type json | swift run check-architecture --config architecture.json --update-baseline\n"
      ), "\(outcome.output)")
    #expect(!outcome.output.contains("x86_64-unknown-linux-gnu"))
  }
}
