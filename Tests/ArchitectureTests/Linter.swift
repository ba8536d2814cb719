import Foundation
import Subprocesses
import TemporaryFolders

/// `Scripts/check-architecture.swift`, the architecture linter as one file, compiled once per
/// test run and run as a person runs it on Voyage (interpreting it for every run would compile it
/// each time).
actor Linter {
  static let shared = Linter()

  /// The compiled linter and the folder it is in, which the task keeps.
  private var compiled: Task<(folder: TemporaryFolder, binary: URL), any Error>?

  func executable() async throws -> URL {
    if let compiled { return try await compiled.value.binary }
    let task = Task {
      // Kept, not removed: every suite of the run uses this binary, and no hook runs when the
      // last one is done; the shared linter holds the folder until the process ends, when no
      // `deinit` runs (one small folder a run, under the temporary directory).
      let folder = try TemporaryFolder.created("linter")
      let binary = folder.url.appendingPathComponent("check-architecture")
      let script = repositoryRoot.appendingPathComponent("Scripts/check-architecture.swift").path
      let outcome = try await Subprocess.run("swiftc", [script, "-o", binary.path])
      guard outcome.status == 0 else {
        throw LinterError(message: "the linter does not compile:\n\(outcome.error)")
      }
      return (folder: folder, binary: binary)
    }
    compiled = task
    return try await task.value.binary
  }

  /// Describes the package in `folder` with SwiftPM, with a scratch folder of its own (SwiftPM
  /// inside `swift test` must not wait on the lock of the package under test).
  static func describe(package folder: URL) async throws -> Data {
    return try await withTemporaryFolder("describe") { scratch in
      let outcome = try await Subprocess.run(
        "swift",
        [
          "package", "--package-path", folder.path, "--scratch-path", scratch.path, "describe",
          "--type", "json",
        ])
      guard outcome.status == 0 else {
        throw LinterError(
          message: "describe failed for \(folder.lastPathComponent):\n\(outcome.error)")
      }
      return Data(outcome.output.utf8)
    }
  }

  /// Runs the linter with `arguments`, feeding `description` on standard input, in `directory`
  /// (the repository by default, whose `architecture.json` it reads).
  static func run(
    _ arguments: [String] = [], description: Data? = nil, in directory: URL = repositoryRoot
  ) async throws -> Subprocess.Outcome {
    let binary = try await shared.executable()
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_ACTIONS"] = nil
    environment["CHECK_ARCHITECTURE_PROGRAM"] = "swift Scripts/check-architecture.swift"
    return try await Subprocess.run(
      binary.path, arguments, input: description ?? Data(), environment: environment,
      in: directory)
  }
}

struct LinterError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
