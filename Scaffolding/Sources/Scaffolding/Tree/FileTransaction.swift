import Foundation
import Synchronization

/// The files a command changes, kept as they were until it is done: a step that fails, or an
/// interrupt, puts every one of them back, so no half-made change is ever left in the tree.
/// Each file is recorded before its first change, by whoever changes it (the command itself,
/// the linter in-process, the formatter or a test run in a process of its own); a guarded folder
/// is recorded whole, and whatever appears in it later is removed again.
final class FileTransaction: Undo {
  /// The repository the paths are relative to.
  let root: URL

  /// A file as it was: its bytes and its permissions, or nothing when it did not exist.
  private struct Original {
    let contents: Data?
    let permissions: Int?
  }

  private struct State {
    var originals: [String: Original] = [:]
    /// The folders this created, to remove with all they hold.
    var createdFolders: [String] = []
    /// The folders recorded whole: a file found in one on rollback that was not recorded is new.
    var guardedFolders: [String] = []
    /// Committed or rolled back: nothing more to put back.
    var finished = false
  }

  // A `Mutex`, not an actor: an interrupt rolls back from a signal handler's queue, which cannot
  // wait for an actor's turn while the command is in the middle of a step.
  private let state = Mutex(State())

  init(root: URL) { self.root = root }

  /// Remembers `path` as it is now (once: the first recording is the original).
  func willChange(_ path: String) {
    let original = Original(
      contents: FileManager.default.contents(atPath: url(path).path),
      permissions: (try? FileManager.default.attributesOfItem(atPath: url(path).path))?[
        .posixPermissions] as? Int)
    state.withLock { state in
      if state.originals[path] == nil { state.originals[path] = original }
    }
  }

  /// Remembers every file under the folder `path` as it is now, and that any file that appears
  /// in it later is to be removed on rollback.
  func guardFolder(_ path: String) {
    for file in files(under: path) { willChange(file) }
    state.withLock { $0.guardedFolders.append(path) }
  }

  /// Removes the file or folder `path`, recording what it held first.
  func remove(_ path: String) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isFolder) else {
      return
    }
    if isFolder.boolValue { guardFolder(path) } else { willChange(path) }
    try FileManager.default.removeItem(at: url(path))
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

  func commit() {
    state.withLock { $0.finished = true }
  }

  @discardableResult
  func rollback() -> Bool {
    state.withLock { state in
      guard !state.finished else { return false }
      state.finished = true
      let files = FileManager.default
      for folder in state.createdFolders.reversed() {
        try? files.removeItem(at: url(folder))
      }
      for folder in state.guardedFolders {
        for file in self.files(under: folder) where state.originals[file] == nil {
          try? files.removeItem(at: url(file))
        }
      }
      for (path, original) in state.originals {
        guard let contents = original.contents else {
          try? files.removeItem(at: url(path))
          continue
        }
        try? files.createDirectory(
          at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try? contents.write(to: url(path))
        if let permissions = original.permissions {
          try? files.setAttributes([.posixPermissions: permissions], ofItemAtPath: url(path).path)
        }
      }
      return true
    }
  }

  /// Every regular file under the folder `path`, by its path from the root.
  private func files(under path: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: url(path).path) else { return [] }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
        found.append(path + "/" + relative)
      }
    }
    return found
  }

  private func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
