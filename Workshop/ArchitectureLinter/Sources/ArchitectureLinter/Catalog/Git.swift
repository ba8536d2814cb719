import Foundation

/// `git` run in one folder: what `--affected` asks of the repository, and the baseline and the
/// exceptions at a reference (`--baseline-may-not-grow`).
struct Git {
  let folder: String

  /// The repository's root folder, or why there is none to read.
  func repositoryRoot() throws -> String {
    guard let root = run(["rev-parse", "--show-toplevel"]) else {
      guard run(["--version"]) != nil else {
        throw BadInput("--affected needs git, and there is none on the PATH; install git")
      }
      throw BadInput(
        "--affected: \(folder) is in no git repository; run it in a clone of the package's repository"
      )
    }
    return root.trimmingCharacters(in: .newlines)
  }

  /// The package's folder from the repository's root, with a trailing `/` (empty at the root).
  func packagePrefix() throws -> String {
    guard let prefix = run(["rev-parse", "--show-prefix"]) else {
      throw BadInput("--affected: git cannot place \(folder) in its repository")
    }
    return prefix.trimmingCharacters(in: .newlines)
  }

  /// The line that says what to fetch when `revision` is no commit of the clone.
  func missing(_ revision: String, repository root: String) -> String {
    let shallow = run(["rev-parse", "--is-shallow-repository"])?.hasPrefix("true") == true
    if shallow {
      return
        "--affected: '\(revision)' is not in this shallow clone of \(root); fetch the history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)"
    }
    let remoteBranch = revision.split(separator: "/", maxSplits: 1)
    let fetch =
      remoteBranch.count == 2
        && run(["remote"])?.split(separator: "\n").contains(remoteBranch[0])
          == true
      ? "git fetch \(remoteBranch[0]) \(remoteBranch[1])" : "git fetch origin \(revision)"
    return
      "--affected: '\(revision)' is no commit of the repository at \(root); fetch it (\(fetch))"
  }

  /// What `git -C FOLDER arguments` printed, or `nil` when git is missing or failed.
  func run(_ arguments: [String]) -> String? {
    Git.output(["-C", folder] + arguments)
  }

  /// What `git arguments` printed, or `nil` when git is missing or failed.
  static func output(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
