import Foundation
import Testing

/// Runs the seeder through SwiftPM: `Seeder` is a product of its own name.
@Test func theSeederSeeds() throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "run", "Seeder"]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0)
}
