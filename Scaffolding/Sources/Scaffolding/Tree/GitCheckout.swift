import Foundation
import Synchronization

/// A work tree that was clean when a command began: "as it was" is the commit checked out, so
/// rolling back resets every tracked file (renames and edits included) and deletes every
/// untracked one. Ignored files (`.build`) are left alone.
final class GitCheckout: Undo {
  let root: URL

  private let finished = Mutex(false)

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

  @discardableResult
  func rollback() -> Bool {
    finished.withLock { finished in
      guard !finished else { return false }
      finished = true
      // Synchronously, from whichever queue asks: a signal handler cannot wait for a task.
      for arguments in [["reset", "-q", "--hard", "HEAD"], ["clean", "-q", "-fd"]] {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git"] + arguments
        git.currentDirectoryURL = root
        try? git.run()
        git.waitUntilExit()
      }
      return true
    }
  }
}
