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
    #expect(transaction.rollback() == .undone)
    #expect(tree.text("CODEOWNERS") == "before\n")
    #expect(tree.text("README.md") == nil)
    #expect(
      !FileManager.default.fileExists(atPath: tree.root.appendingPathComponent("Sources").path))
  }

  @Test func aFileChangedByAnotherProgramIsPutBackWhenItWasRecordedFirst() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try transaction.willChange("CODEOWNERS")
    try Data("formatted\n".utf8).write(to: tree.root.appendingPathComponent("CODEOWNERS"))
    #expect(transaction.rollback() == .undone)
    #expect(tree.text("CODEOWNERS") == "before\n")
  }

  @Test func aCommittedChangeStaysAndALaterRollbackDoesNothing() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try transaction.write("after\n", to: "CODEOWNERS")
    transaction.commit()
    #expect(transaction.rollback() == .nothingToUndo)
    #expect(tree.text("CODEOWNERS") == "after\n")
  }

  @Test func aFolderThatExistsAlreadyIsNeverTakenOver() throws {
    let tree = try Tree()
    let transaction = FileTransaction(root: tree.root)
    try FileManager.default.createDirectory(
      at: tree.root.appendingPathComponent("Tests/ClockTests"), withIntermediateDirectories: true)
    #expect(throws: StepFailure.self) { try transaction.createFolder("Tests/ClockTests") }
    #expect(transaction.rollback() == .undone)
    #expect(
      FileManager.default.fileExists(
        atPath: tree.root.appendingPathComponent("Tests/ClockTests").path))
  }

  @Test func aRemovedFolderComesBackWithItsFilesLinksAndPermissionsAndANewFileInItGoes() throws {
    let tree = try Tree()
    let files = FileManager.default
    let folder = tree.root.appendingPathComponent("Benchmarks/Probe")
    try files.createDirectory(
      at: folder.appendingPathComponent("Deep"), withIntermediateDirectories: true)
    try Data("run\n".utf8).write(to: folder.appendingPathComponent("Deep/run.sh"))
    try files.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("Deep/run.sh").path)
    try files.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.sh").path, withDestinationPath: "Deep/run.sh")
    let transaction = FileTransaction(root: tree.root)
    try transaction.guardFolder("Benchmarks")
    try transaction.remove("Benchmarks/Probe")
    try Data("new\n".utf8).write(to: tree.root.appendingPathComponent("Benchmarks/new.txt"))
    #expect(transaction.rollback() == .undone)
    #expect(tree.text("Benchmarks/Probe/Deep/run.sh") == "run\n")
    let permissions =
      try files.attributesOfItem(
        atPath: folder.appendingPathComponent("Deep/run.sh").path)[.posixPermissions] as? Int
    #expect(permissions == 0o755)
    #expect(
      try files.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.sh").path)
        == "Deep/run.sh")
    #expect(tree.text("Benchmarks/new.txt") == nil)
  }

  /// A file that ends as it began is not written again: its modification time, and the builds
  /// that read it, stay as they were.
  @Test func aFileThatEndsAsItBeganIsNotWrittenAgain() throws {
    let tree = try Tree()
    let file = tree.root.appendingPathComponent("CODEOWNERS")
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
    let transaction = FileTransaction(root: tree.root)
    try transaction.willChange("CODEOWNERS")
    #expect(transaction.rollback() == .undone)
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    #expect(modified as? Date == past)
  }
}
