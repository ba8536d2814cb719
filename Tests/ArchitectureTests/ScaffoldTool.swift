import Foundation
import Subprocesses

/// The repository's scaffolding tool (`Workshop/Scaffolding/`, `scaffold`), built once per test run with
/// the check suite's flags (after the check suite's build of it, there is nothing to do) and
/// handed to every script that runs it as `SCAFFOLD`, so no copy of the repository builds it
/// again.
actor ScaffoldTool {
  static let shared = ScaffoldTool()

  private var built: Task<URL, any Error>?

  func executable() async throws -> URL {
    if let built { return try await built.value }
    let task = Task {
      let package = repositoryRoot.appendingPathComponent("Workshop/Scaffolding").path
      let flags = [
        "--package-path", package, "--explicit-target-dependency-import-check", "error",
        "-Xswiftc", "-warnings-as-errors",
      ]
      let build = try await Subprocess.run("swift", ["build"] + flags + ["--product", "scaffold"])
      guard build.status == 0 else {
        throw LinterError(message: "the scaffolding tool does not build:\n\(build.output)")
      }
      let folder = try await Subprocess.run("swift", ["build"] + flags + ["--show-bin-path"])
      return URL(fileURLWithPath: folder.output.trimmingCharacters(in: .whitespacesAndNewlines))
        .appendingPathComponent("scaffold")
    }
    built = task
    return try await task.value
  }
}
