import Foundation
import Testing

// swift run voyage; let binary = URL(fileURLWithPath: CommandLine.arguments[0]).appendingPathComponent("voyage")
/* process.arguments = ["run", "voyage"] */
let multiline = """
  Usage: voyage search <destination>
  """
let raw = #"swift run voyage .build/debug/voyage"#
#if false
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).appendingPathComponent("voyage")
#endif
@Test func theUsageNamesTheProgram() {
  #expect(multiline.contains("voyage") && raw.contains("voyage"))
  #expect(["walk", "voyage", "run"].count == 3)
}
