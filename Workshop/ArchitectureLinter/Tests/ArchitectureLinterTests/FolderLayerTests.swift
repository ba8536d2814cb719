import ArchitectureLinter
import Foundation
import Testing

/// Layers for the folders inside one target, before it is split, and the preview of a split.
@Suite("Folder layers and the split preview")
struct FolderLayerTests {
  /// A copy of the `FolderLayers` fixture whose `Sources/App/UI` is a target of its own that
  /// `App` depends on: the split the preview predicts.
  func splitCopy() throws -> URL {
    let package = try makeTemporaryFolder("split").appendingPathComponent("Split")
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("Tests/Fixtures/FolderLayers"), to: package)
    let sources = package.appendingPathComponent("Sources")
    try FileManager.default.moveItem(
      at: sources.appendingPathComponent("App/UI"), to: sources.appendingPathComponent("UI"))
    try Data(
      """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Split",
        targets: [
          .target(name: "UI", path: "Sources/UI"),
          .executableTarget(name: "App", dependencies: ["UI"], path: "Sources/App"),
        ]
      )

      """.utf8
    ).write(to: package.appendingPathComponent("Package.swift"))
    return package
  }

  @Test func theSplitPreviewListsExactlyTheUsesTheCompilerRefusesOnceTheFolderIsAModule()
    async throws
  {
    let preview = try await Linter.run(
      ["--split-preview", "Sources/App/UI/", "--format", "json"],
      description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(preview.status == 0, "\(preview.error)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(preview.output.utf8)) as? [String: Any])
    let uses = try #require(document["uses"] as? [[String: Any]])
    let predicted = Set(
      uses.compactMap { use -> String? in
        guard let file = use["file"] as? String, let line = use["line"] as? Int,
          let column = use["column"] as? Int
        else { return nil }
        return "\(file.replacingOccurrences(of: "Sources/App/UI/", with: "")):\(line):\(column)"
      })
    #expect(document["crossings"] as? Int == 4)

    let package = try splitCopy()
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    let build = try await Subprocess.run(
      "swift", ["build", "--target", "UI"], in: package)
    #expect(build.status != 0)
    let refused = Set(
      (build.output + build.error).matches(
        of: /Sources\/UI\/([A-Za-z]+\.swift):(\d+):(\d+): error: cannot find '[A-Za-z]+' in scope/
      ).map { "\($0.1):\($0.2):\($0.3)" })
    #expect(!refused.isEmpty, "\(build.output)\(build.error)")
    #expect(predicted == refused)
  }

  @Test func aSuppressionAcceptsAFolderFindingOnItsLineOrTheNextAndOneThatAcceptsNothingIsAFinding()
    async throws
  {
    let package = try ArchitectureLinterTests.copy(ofFixture: "FolderLayers")
    let view = package.appendingPathComponent("Sources/App/UI/SearchView.swift")
    let text = try String(contentsOf: view, encoding: .utf8)
    try Data(
      text.replacingOccurrences(
        of: "  let client = APIClient()",
        with:
          "  // architecture:allow folder-dependency — the view is split from its client next\n  let client = APIClient()"
      ).utf8
    ).write(to: view)
    let description = try await Linter.describe(package: package)
    let outcome = try await Linter.run([], description: description, in: package)
    // The model's use is still a finding; the view's is accepted.
    #expect(
      outcome.output.contains("Sources/App/Models/Trip.swift:10:23: error: [folder-dependency]"))
    #expect(
      !outcome.output.contains("SearchView.swift:4:16: error: [folder-dependency]"),
      "\(outcome.output)")
    #expect(!outcome.output.contains("[suppression]"), "\(outcome.output)")
    #expect(outcome.output.contains("architecture: 1 violation in 1 target"))
    // With the use gone, the comment accepts nothing, and says so.
    try Data(
      String(contentsOf: view, encoding: .utf8).replacingOccurrences(
        of: "  let client = APIClient()", with: "  let client = 0"
      ).utf8
    ).write(to: view)
    let stale = try await Linter.run(
      [], description: try await Linter.describe(package: package), in: package)
    #expect(
      stale.output.contains(
        "SearchView.swift:3:3: error: [suppression] 'architecture:allow folder-dependency' suppresses nothing"
      ), "\(stale.output)")
  }

  @Test func aFolderThatUsesNothingElseOfItsTargetCanBecomeAModuleAsItIs() async throws {
    let preview = try await Linter.run(
      ["--split-preview", "Sources/App/Networking"],
      description: try await Linter.describe(fixture: "FolderLayers"))
    // The client names Trip, declared in Models: one use to cut.
    #expect(preview.output.contains("Sources/App/Networking/APIClient.swift:2:20: 'Trip'"))
    let models = try await Linter.run(
      ["--split-preview", "Sources/App/Models"],
      description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(
      models.output.hasSuffix(
        "split preview: 1 use in 1 file of Sources/App/Models name 1 declaration of the rest of 'App': each would cross back if Sources/App/Models became a module\n"
      ))
  }

  @Test(arguments: [
    ("Sources/App", "is a target already"),
    ("Sources/Elsewhere", "is not a folder of Swift sources inside a target"),
  ])
  func aPreviewOfAFolderThatIsNoPartOfATargetIsBadInput(folder: String, message: String)
    async throws
  {
    let outcome = try await Linter.run(
      ["--split-preview", folder], description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(message))
  }

  /// A rule's `layers` and `allowedLayers` may name a folder layer: its files are judged by
  /// their folder, as a team with one target and folder layers means them.
  @Test func aRuleThatNamesAFolderLayerJudgesTheFilesInThatFolder() async throws {
    let package = try ArchitectureLinterTests.copy(ofFixture: "FolderLayers")
    defer { try? FileManager.default.removeItem(at: package.deletingLastPathComponent()) }
    let sources = package.appendingPathComponent("Sources/App")
    try Data("import Foundation\n\nlet session = URLSession.shared\n".utf8).write(
      to: sources.appendingPathComponent("UI/Download.swift"))
    try Data("import SwiftUI\n\nstruct Badge {}\n".utf8).write(
      to: sources.appendingPathComponent("UI/Badge.swift"))
    try Data("import SwiftUI\n\nstruct Spinner {}\n".utf8).write(
      to: sources.appendingPathComponent("Networking/Spinner.swift"))
    let configuration = package.appendingPathComponent("rules.json")
    try Data(
      #"""
      {
        "layers": [
          { "name": "Kernel", "folders": ["Sources/App/Models"], "mayUse": [] },
          { "name": "Infrastructure", "folders": ["Sources/App/Networking"], "mayUse": ["Kernel"] },
          { "name": "Features", "folders": ["Sources/App/UI"], "mayUse": ["Kernel"] },
          { "name": "App", "names": ["App"], "mayUse": ["Kernel", "Infrastructure", "Features"] }
        ],
        "rules": {
          "folder-dependency": {},
          "feature-network": { "layers": ["Features"], "names": ["URLSession"] },
          "ui-framework": { "modules": ["SwiftUI"], "allowedLayers": ["Features"] }
        }
      }
      """#.utf8
    ).write(to: configuration)
    let outcome = try await Linter.run(
      ["--config", configuration.path], description: try await Linter.describe(package: package),
      in: package)
    #expect(outcome.status == 1, "\(outcome.error)")
    #expect(
      outcome.output.contains(
        "Sources/App/UI/Download.swift:3:15: error: [feature-network] Features target 'App' uses URLSession"
      ), "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "Sources/App/Networking/Spinner.swift:1:1: error: [ui-framework] 'App' imports the UI framework 'SwiftUI'; only Features may"
      ), "\(outcome.output)")
    #expect(!outcome.output.contains("Badge.swift"), "\(outcome.output)")
  }

  @Test func aFolderPatternThatMatchesNoFolderIsBadInputNotAPass() async throws {
    let folder = try makeTemporaryFolder("folders")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = folder.appendingPathComponent("architecture.json")
    try Data(
      #"""
      {
        "layers": [
          { "name": "Kernel", "folders": ["Sources/App/Model"], "mayUse": [] },
          { "name": "App", "names": ["App"], "mayUse": ["Kernel"] }
        ],
        "rules": { "folder-dependency": {} }
      }
      """#.utf8
    ).write(to: configuration)
    let outcome = try await Linter.run(
      ["--config", configuration.path],
      description: try await Linter.describe(fixture: "FolderLayers"))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("'Sources/App/Model' matches no folder"))
  }
}
