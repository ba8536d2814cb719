import Foundation
import Synchronization

/// A program the command runs in a process of its own (`swift format`, `swift package
/// describe`, `Scripts/check.sh`), found on `PATH` as a shell finds it.
struct ExternalCommand {
  /// What a finished program printed, and how it ended.
  struct Outcome {
    let status: Int32
    let output: String
    let error: String
  }

  let arguments: [String]

  /// The processes started and not yet ended, for an interrupt to end with the command.
  private struct Started {
    var running: Set<Int32> = []
    /// Ended before they were recorded as running (the termination handler may run first).
    var endedEarly: Set<Int32> = []
  }

  private static let started = Mutex(Started())

  /// Ends every program still running, so none edits the tree after it was put back. SIGKILL:
  /// a program started while the interrupt guard is up inherits its ignored SIGINT and SIGTERM.
  static func killRunning() {
    started.withLock { started in
      for pid in started.running { kill(pid, SIGKILL) }
    }
  }

  init(_ arguments: String...) { self.arguments = arguments }

  init(_ arguments: [String]) { self.arguments = arguments }

  /// The command as a person would type it.
  var shown: String { arguments.joined(separator: " ") }

  /// Runs it in `folder` with what it prints kept (in files, so a program that writes a lot to
  /// both streams never blocks on a full pipe), and returns once it ended.
  func run(in folder: URL) async throws -> Outcome {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scaffold-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let output = scratch.appendingPathComponent("output")
    let error = scratch.appendingPathComponent("error")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    let outputHandle = try FileHandle(forWritingTo: output)
    let errorHandle = try FileHandle(forWritingTo: error)
    defer {
      try? outputHandle.close()
      try? errorHandle.close()
    }
    let status = try await run(in: folder, output: outputHandle, error: errorHandle)
    return Outcome(
      status: status,
      output: String(
        decoding: FileManager.default.contents(atPath: output.path) ?? Data(), as: UTF8.self),
      error: String(
        decoding: FileManager.default.contents(atPath: error.path) ?? Data(), as: UTF8.self))
  }

  /// Runs it in `folder` printing to this process's own streams (the check suite, which a
  /// person watches), and returns its exit status.
  func runInTheTerminal(in folder: URL) async throws -> Int32 {
    try await run(in: folder, output: .standardOutput, error: .standardError)
  }

  /// Runs it and fails with what it printed on standard error when it does not succeed.
  @discardableResult
  func succeed(in folder: URL) async throws -> Outcome {
    let outcome = try await run(in: folder)
    guard outcome.status == 0 else {
      let said = outcome.error.split(separator: "\n").suffix(20).joined(separator: "\n")
      throw StepFailure(
        "'\(shown)' exited with status \(outcome.status)\(said.isEmpty ? "" : ":\n" + said)")
    }
    return outcome
  }

  private func run(in folder: URL, output: FileHandle, error: FileHandle) async throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    return try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { ended in
        let pid = ended.processIdentifier
        Self.started.withLock { started in
          if started.running.remove(pid) == nil { started.endedEarly.insert(pid) }
        }
        continuation.resume(returning: ended.terminationStatus)
      }
      do {
        try process.run()
        let pid = process.processIdentifier
        Self.started.withLock { started in
          if started.endedEarly.remove(pid) == nil { started.running.insert(pid) }
        }
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: StepFailure("cannot start '\(shown)': \(error)"))
      }
    }
  }
}
