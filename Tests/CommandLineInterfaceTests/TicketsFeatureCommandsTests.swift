// Exercises: TicketsFeature
import Foundation
import Testing

/// `tickets` and `orders` through the real binary: a ledger that cannot be read or written is a
/// storage error (74) that leaves the files as they were.
extension VoyageCommandLineTests {
  @Test func aCorruptLedgerExitsSeventyFourAndIsLeftUntouched() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let ledger = home.appendingPathComponent("ledger.sqlite")
    let garbage = Data(repeating: 0x41, count: 4_096)
    try garbage.write(to: ledger)
    let outcome = try await voyage("tickets")
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("is not a readable Voyage ledger"))
    #expect(try Data(contentsOf: ledger) == garbage)
  }

  @Test func anUnwritableHomeExitsSeventyFour() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let blocker = home.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let outcome = try await run(["tickets"], home: blocker.appendingPathComponent("home"))
    #expect(outcome.status == 74)
    #expect(outcome.error.contains("cannot create or write"))
  }
}
