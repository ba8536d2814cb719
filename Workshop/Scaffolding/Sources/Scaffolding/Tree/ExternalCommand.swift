import Foundation
import Synchronization

/// A program the command runs in a process of its own (`swift format`, `swift package
/// describe`, `git`), found on `PATH` as a shell finds it.
struct ExternalCommand {
  /// What a finished program printed, and how it ended.
  struct Outcome {
    /// Its exit status, or the number of the signal that ended it.
    let status: Int32
    let endedBySignal: Bool
    let output: String
    let error: String
  }

  let arguments: [String]

  init(_ arguments: String...) { self.arguments = arguments }

  init(_ arguments: [String]) { self.arguments = arguments }

  /// The command as a person would type it.
  var shown: String { arguments.joined(separator: " ") }

  /// The processes started and not yet ended, for an interrupt to stop with the command.
  private struct Started {
    var running: Set<Int32> = []
    /// Ended before they were recorded as running (the termination handler may run first).
    var endedEarly: Set<Int32> = []
  }

  private static let started = Mutex(Started())

  /// Sends `signal` to every program still running and to its process group (Foundation starts
  /// each in a group of its own, which a terminal's Ctrl-C does not reach).
  static func signalRunning(_ signal: Int32) {
    started.withLock { started in
      for pid in started.running {
        kill(-pid, signal)
        kill(pid, signal)
      }
    }
  }

  /// Runs it in `folder` with what it prints kept (in files, so a program that writes a lot to
  /// both streams never blocks on a full pipe), and returns once it ended; an interrupt that
  /// arrived meanwhile throws instead.
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
    let (status, endedBySignal) = try await run(
      in: folder, output: outputHandle, error: errorHandle)
    try InterruptGuard.checkpoint()
    let read = { (file: URL) in
      String(decoding: FileManager.default.contents(atPath: file.path) ?? Data(), as: UTF8.self)
    }
    return Outcome(
      status: status, endedBySignal: endedBySignal, output: read(output), error: read(error))
  }

  /// Runs it and fails with the end of what it printed when it does not succeed.
  @discardableResult
  func succeed(in folder: URL) async throws -> Outcome {
    let outcome = try await run(in: folder)
    guard outcome.status != 0 || outcome.endedBySignal else { return outcome }
    // SwiftPM prints a build's errors on standard output: its end is what to show when standard
    // error says nothing.
    let printed = outcome.error.isEmpty ? outcome.output : outcome.error
    let said = printed.split(separator: "\n").suffix(20).joined(separator: "\n")
    let ending =
      outcome.endedBySignal
      ? "was ended by signal \(outcome.status)" : "exited with status \(outcome.status)"
    throw StepFailure("'\(shown)' \(ending)\(said.isEmpty ? "" : ":\n" + said)")
  }

  private func run(in folder: URL, output: FileHandle, error: FileHandle) async throws
    -> (Int32, Bool)
  {
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
        continuation.resume(
          returning: (ended.terminationStatus, ended.terminationReason == .uncaughtSignal))
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
