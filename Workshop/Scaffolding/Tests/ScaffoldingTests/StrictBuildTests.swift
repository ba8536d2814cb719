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
  }
}
