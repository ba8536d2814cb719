import Foundation
import Testing

/// Runs `voyage`, whose folder architecture.json's `reads` names for this test target.
@Test func searchPrintsTheTrip() throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "run", "voyage", "LIS-001"]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
}
