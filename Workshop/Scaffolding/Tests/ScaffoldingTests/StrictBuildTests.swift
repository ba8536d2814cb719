import Foundation
import Testing

@testable import Scaffolding

@Suite("The check suite's build flags")
struct StrictBuildTests {
  /// A removal that records snapshots builds as the check suite does, so the check suite that
  /// follows reuses that build: the flags are the ones Scripts/lib/strict-build.sh declares.
  @Test func theToolBuildsWithTheCheckSuitesFlags() throws {
    let script = try String(
      contentsOf: RepositoryCopy.original.appendingPathComponent("Scripts/lib/strict-build.sh"),
      encoding: .utf8)
    let declared = try #require(script.firstMatch(of: /strict_build_flags=\(([^)]*)\)/))
    #expect(declared.output.1.split(separator: " ").map(String.init) == StrictBuild.flags)
    let traits = try #require(script.firstMatch(of: /voyage_traits=\(([^)]*)\)/))
    #expect(traits.output.1.split(separator: " ").map(String.init) == StrictBuild.voyageTraits)
  }

  /// The documents the tool writes again are the ones the check suite checks, found the same
  /// way.
  @Test func theToolRedrawsTheDocumentsTheCheckSuiteChecks() async throws {
    let listed = try await ExternalCommand(
      "bash", "-c", "source Scripts/lib/generated-documents.sh && generated_documents"
    ).succeed(in: RepositoryCopy.original)
    let documents = GeneratedDocuments.paths(in: RepositoryCopy.original)
    #expect(listed.output.split(separator: "\n").map(String.init) == documents)
    #expect(documents.count >= 2 && documents.first == "README.md", "\(documents)")
    #expect(GeneratedDocuments.walkThrough(in: RepositoryCopy.original) != nil)
  }
}
