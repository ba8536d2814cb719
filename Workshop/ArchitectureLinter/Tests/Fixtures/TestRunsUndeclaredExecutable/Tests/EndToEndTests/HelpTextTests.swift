import Foundation
import Testing

// Names the programs without running them: `swift run voyage`, .build/debug/voyage,
// URL(fileURLWithPath: CommandLine.arguments[0]).appendingPathComponent("voyage") and
// ["run", "Seeder"] in a comment run nothing.
@Test func theHelpNamesTheProgram() {
  let help = "Usage: voyage search <destination>"
  #expect(help.contains("voyage") && !help.contains("Seeder"))
  // What a README would say, compared: expected text, not a command.
  #expect(!help.hasPrefix("swift run voyage ") && help != "swift run Seeder")
  // A folder named like the program, in a file that never finds the build folder.
  let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("voyage")
  #expect(!home.path.isEmpty)
  #expect(["walk", "voyage", "run"].count == 3)
}
