import Foundation
import Synchronization

/// The files a command changes, kept as they were until it is done: a step that fails, or an
/// interrupt, puts every one of them back, so no half-made change is ever left in the tree.
/// Each file is recorded before its first change, by whoever changes it (the command itself,
/// the linter in-process, the formatter in a process of its own).
final class FileTransaction: Sendable {
  /// The repository the paths are relative to.
  let root: URL

  private struct State {
    /// Each recorded file's contents before the first change, `nil` for one that did not exist.
    var originals: [String: Data?] = [:]
    /// The folders this created, to remove with all they hold.
    var createdFolders: [String] = []
    /// Committed or rolled back: nothing more to put back.
    var finished = false
  }

  // A `Mutex`, not an actor: an interrupt rolls back from a signal handler's queue, which cannot
  // wait for an actor's turn while the command is in the middle of a step.
  private let state = Mutex(State())

  init(root: URL) { self.root = root }

  /// Remembers `path` as it is now (once: the first recording is the original).
  func willChange(_ path: String) {
    let contents = FileManager.default.contents(atPath: url(path).path)
    state.withLock { state in
      if state.originals[path] == nil { state.originals[path] = .some(contents) }
    }
  }

  /// Creates the folder `path` and any missing parents, to remove again on rollback; it must not
  /// exist yet.
  func createFolder(_ path: String) throws {
    guard !FileManager.default.fileExists(atPath: url(path).path) else {
      throw StepFailure("\(path) exists already")
    }
    // The outermost folder that is missing: rollback removes it and what this made inside it.
    var outermost = path
    var parent = (path as NSString).deletingLastPathComponent
    while !parent.isEmpty, !FileManager.default.fileExists(atPath: url(parent).path) {
      outermost = parent
      parent = (parent as NSString).deletingLastPathComponent
    }
    state.withLock { $0.createdFolders.append(outermost) }
    try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
  }

  /// Writes `text` to `path`, recording what was there first.
  func write(_ text: String, to path: String) throws {
    willChange(path)
    try Data(text.utf8).write(to: url(path))
  }

  /// Keeps every change: the command is done.
  func commit() {
    state.withLock { $0.finished = true }
  }

  /// Puts back every recorded file and removes every created folder; returns whether there was
  /// anything to undo (false once committed or rolled back).
  @discardableResult
  func rollback() -> Bool {
    state.withLock { state in
      guard !state.finished else { return false }
      state.finished = true
      let files = FileManager.default
      for folder in state.createdFolders.reversed() {
        try? files.removeItem(at: url(folder))
      }
      for (path, original) in state.originals {
        if let original {
          try? original.write(to: url(path))
        } else {
          try? files.removeItem(at: url(path))
        }
      }
      return true
    }
  }

  private func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
