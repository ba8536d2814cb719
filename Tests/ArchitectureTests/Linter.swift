import Foundation
import Subprocesses
import TemporaryFolders

/// `Scripts/check-architecture.swift`, the architecture linter as one file, compiled once per
/// test run and run as a person runs it on Voyage (interpreting it for every run would compile it
/// each time).
actor Linter {
  static let shared = Linter()

  /// The compiled linter.
  private var compiled: Task<URL, any Error>?

  func executable() async throws -> URL {
    if let compiled { return try await compiled.value }
    let task = Task {
      // In the repository's .build, not the temporary directory: every suite of the run uses
      // this binary and no hook runs when the last one is done, so a temporary folder would
      // outlive the run. Compiled beside its place and moved in, so a second test process
      // compiling at the same time never runs half a file.
      let folder = repositoryRoot.appendingPathComponent(".build/architecture-tests")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let binary = folder.appendingPathComponent("check-architecture")
      let partial = folder.appendingPathComponent("check-architecture-\(UUID().uuidString)")
      let script = repositoryRoot.appendingPathComponent("Scripts/check-architecture.swift").path
      let outcome = try await Subprocess.run("swiftc", [script, "-o", partial.path])
      guard outcome.status == 0 else {
        try? FileManager.default.removeItem(at: partial)
        throw LinterError(message: "the linter does not compile:\n\(outcome.error)")
      }
      guard rename(partial.path, binary.path) == 0 else {
        throw LinterError(message: "the compiled linter cannot be moved to \(binary.path)")
      }
      return binary
    }
    compiled = task
    return try await task.value
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
