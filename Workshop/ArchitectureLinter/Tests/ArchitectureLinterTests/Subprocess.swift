import Foundation

/// Runs a program to completion and captures what it printed, for tests that drive the linter,
/// SwiftPM and the compiler as a person would.
struct Subprocess {
  struct Outcome {
    let status: Int32
    let output: String
    let error: String
  }

  static func run(
    _ executable: String, _ arguments: [String], input: Data? = nil,
    environment: [String: String]? = nil, in directory: URL? = nil
  ) async throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let (output, error, standardInput) = (Pipe(), Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    let exited = AsyncStream<Int32> { continuation in
      process.terminationHandler = { process in
        continuation.yield(process.terminationStatus)
        continuation.finish()
      }
    }
    try process.run()
    // Both pipes are drained while the program runs, so a large output cannot fill a pipe and
    // block the program forever.
    async let printed = readToEnd(output.fileHandleForReading)
    async let complained = readToEnd(error.fileHandleForReading)
    if let input { standardInput.fileHandleForWriting.write(input) }
    try standardInput.fileHandleForWriting.close()
    var status: Int32 = -1
    for await code in exited { status = code }
    return Outcome(
      status: status, output: String(decoding: await printed, as: UTF8.self),
      error: String(decoding: await complained, as: UTF8.self))
  }

  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let data = handle.readDataToEndOfFile()
        // Closed here, not when the handle is freed: a suite that runs hundreds of processes
        // otherwise keeps their pipes open (1,800 descriptors seen), and Foundation's
        // `Process.run()` on this toolchain crashes listing that many (its readdir over-read).
        try? handle.close()
        continuation.resume(returning: data)
      }
    }
  }
}

/// The package this test target lives in (the linter's, inside the repository).
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The folder that holds every temporary folder of this test process, removed when the process
/// exits: a test that fails before its own clean-up, or keeps a copy to read, leaves nothing in
/// TMPDIR.
let temporaryFoldersOfThisRun: URL = {
  atexit {
    try? FileManager.default.removeItem(at: runFolder(of: getpid()))
  }
  return runFolder(of: getpid())
}()

/// The run folder of the test process `process`.
func runFolder(of process: pid_t) -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("voyage-linter-tests-\(process)")
}

/// A fresh temporary folder, inside this run's.
func makeTemporaryFolder(_ purpose: String) throws -> URL {
  let folder =
    temporaryFoldersOfThisRun
    .appendingPathComponent("voyage-\(purpose)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
