import Foundation
import Synchronization

/// A work tree that was clean when a command began: "as it was" is the commit checked out, so
/// rolling back resets every tracked file (renames and edits included) and deletes every
/// untracked one. Ignored files (`.build`) are left alone.
final class GitCheckout: Undo {
  let root: URL

  private let finished = Mutex(false)

  /// What puts the tree back, as a person would type it.
  static let resetting = [["reset", "-q", "--hard", "HEAD"], ["clean", "-q", "-fd"]]

  /// Fails unless `root` is a git work tree with nothing uncommitted.
  init(root: URL) async throws(Refusal) {
    self.root = root
    let inside = try? await ExternalCommand("git", "rev-parse", "--is-inside-work-tree").run(
      in: root)
    guard inside?.status == 0 else {
      throw Refusal("run it inside the repository's git work tree")
    }
    let status = try? await ExternalCommand("git", "status", "--porcelain").run(in: root)
    guard let status, status.status == 0, status.output.isEmpty else {
      throw Refusal(
        "the work tree has uncommitted changes; commit or stash them first, so the change is one reviewable commit"
      )
    }
  }

  func commit() {
    finished.withLock { $0 = true }
  }

  func rollback() -> UndoOutcome {
    let first = finished.withLock { finished in
      defer { finished = true }
      return !finished
    }
    guard first else { return .nothingToUndo }
    for arguments in Self.resetting {
      let git = Process()
      git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      git.arguments = ["git"] + arguments
      git.currentDirectoryURL = root
      git.standardError = FileHandle.nullDevice
      var succeeded = false
      if (try? git.run()) != nil {
        git.waitUntilExit()
        succeeded = git.terminationReason == .exit && git.terminationStatus == 0
      }
      guard succeeded else {
        let commands = Self.resetting.map { "git " + $0.joined(separator: " ") }
        return .incomplete(
          "'git \(arguments.joined(separator: " "))' failed; to finish it: \(commands.joined(separator: " && "))"
        )
      }
    }
    return .undone
  }
}
