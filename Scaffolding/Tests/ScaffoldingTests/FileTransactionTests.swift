import Foundation
import Testing

@testable import Scaffolding

@Suite("Undo: the files a command changes, put back")
struct FileTransactionTests {
  /// A folder of the test's own, with one file in it, removed when the test ends.
  final class Tree: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scaffolding-transaction-\(UUID().uuidString)")

    init() throws {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try Data("before\n".utf8).write(to: root.appendingPathComponent("CODEOWNERS"))
    }

    func text(_ path: String) -> String? {
      FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        .map { String(decoding: $0, as: UTF8.self) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test func aRollbackPutsBackEveryChangedFileAndRemovesWhatWasCreated() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try transaction.createFolder("Sources/Kernel/Clock")
    try transaction.write("enum Clock {}\n", to: "Sources/Kernel/Clock/Clock.swift")
    try transaction.write("after\n", to: "CODEOWNERS")
    try transaction.write("again\n", to: "CODEOWNERS")
    try transaction.write("new\n", to: "README.md")
    #expect(transaction.rollback())
    #expect(tree.text("CODEOWNERS") == "before\n")
    #expect(tree.text("README.md") == nil)
    #expect(
      !FileManager.default.fileExists(atPath: tree.root.appendingPathComponent("Sources").path))
  }

  @Test func aFileChangedByAnotherProgramIsPutBackWhenItWasRecordedFirst() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    transaction.willChange("CODEOWNERS")
    try Data("formatted\n".utf8).write(to: tree.root.appendingPathComponent("CODEOWNERS"))
    transaction.rollback()
    #expect(tree.text("CODEOWNERS") == "before\n")
  }

  @Test func aCommittedChangeStaysAndALaterRollbackDoesNothing() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try transaction.write("after\n", to: "CODEOWNERS")
    transaction.commit()
    #expect(!transaction.rollback())
    #expect(tree.text("CODEOWNERS") == "after\n")
  }

  @Test func aFolderThatExistsAlreadyIsNeverTakenOver() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try FileManager.default.createDirectory(
      at: tree.root.appendingPathComponent("Tests/ClockTests"), withIntermediateDirectories: true)
    #expect(throws: StepFailure.self) { try transaction.createFolder("Tests/ClockTests") }
    transaction.rollback()
    #expect(
      FileManager.default.fileExists(
        atPath: tree.root.appendingPathComponent("Tests/ClockTests").path))
  }
}
