import Foundation
import Testing

/// Runs `voyage`, whose target this test target depends on: --affected sees the edge.
@Test func searchPrintsTheTrip() throws {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("voyage")
  #expect(FileManager.default.isExecutableFile(atPath: binary.path))
}
