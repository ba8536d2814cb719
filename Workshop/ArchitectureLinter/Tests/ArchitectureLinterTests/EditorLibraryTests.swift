import ArchitectureLinter
import Foundation
import Testing

/// The editors as a library, the way the scaffolding tool uses them: text in, the edited text
/// and what went out, the same as `check-architecture manifest …` and `source remove-elements`
/// write and print from a shell.
@Suite("The editors as a library")
struct EditorLibraryTests {
  @Test func aManifestEditedInProcessIsTheOneTheCommandLineWrites() async throws {
    let (outcome, written, folder) = try await ManifestEditingTests.edit([
      "remove-module", "CheckoutFeature", "CheckoutBenchmark",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    var editor = ManifestEditor(ManifestEditingTests.manifest)
    let removed = try editor.remove(["CheckoutFeature", "CheckoutBenchmark"])
    #expect(editor.manifest == written)
    #expect(removed.map { "Package.swift:\($0)\n" }.joined() == outcome.output)
    #expect(editor.packageName() == "Travel")
  }

  @Test func aModuleAddedInProcessLandsWhereTheCommandLinePutsIt() async throws {
    let arguments = [
      "add-module", "--enum", "Feature", "--case", "itinerary", "--name", "ItineraryFeature",
      "--to", "featureTargets", "--entry", "feature(.itinerary, uses: [.shared])",
      "--comment", "Planning a trip.",
    ]
    let (outcome, written, folder) = try await ManifestEditingTests.edit(arguments)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    var editor = ManifestEditor(ManifestEditingTests.manifest)
    _ = try editor.add(
      ManifestEditor.NewModule(
        enumName: "Feature", caseName: "itinerary", name: "ItineraryFeature",
        list: "featureTargets", entry: "feature(.itinerary, uses: [.shared])",
        comment: "Planning a trip."))
    #expect(editor.manifest == written)
  }

  @Test func anEditTheEditorCannotMakeThrowsAndLeavesTheManifestAsItWas() throws {
    var editor = ManifestEditor(ManifestEditingTests.manifest)
    #expect(throws: BadInput.self) {
      try editor.add(
        ManifestEditor.NewModule(
          enumName: "Feature", caseName: "search", name: "SearchFeature",
          list: "featureTargets", entry: "feature(.search)"))
    }
    #expect(editor.manifest == ManifestEditingTests.manifest)
  }

  @Test func listElementsRemovedInProcessAreTheOnesTheCommandLineRemoves() async throws {
    let (outcome, folder) = try await SourceEditingTests.run(
      ["remove-elements", "CheckoutCommands", "Session", "--in", "Commands.swift"],
      files: ["Commands.swift": SourceEditingTests.commands])
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try String(
      contentsOf: folder.appendingPathComponent("Commands.swift"), encoding: .utf8)
    var editor = SourceEditor(SourceEditingTests.commands)
    let removed = editor.removeElements(naming: ["CheckoutCommands", "Session"])
    #expect(editor.source == written)
    #expect(removed.map { "Commands.swift:\($0)\n" }.joined() == outcome.output)
    var untouched = SourceEditor("let other = [1, 2]\n")
    #expect(untouched.removeElements(naming: ["Session"]).isEmpty)
    #expect(untouched.source == "let other = [1, 2]\n")
  }
}
