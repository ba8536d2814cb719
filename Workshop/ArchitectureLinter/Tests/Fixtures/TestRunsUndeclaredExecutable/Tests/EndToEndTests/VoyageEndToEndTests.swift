import Foundation
import Testing

/// Runs the built `voyage` beside this test binary: a change to its sources must run this test.
@Test func searchPrintsTheTrip() throws {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("voyage")
  let process = Process()
  process.executableURL = binary
  process.arguments = ["LIS-001"]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
}
