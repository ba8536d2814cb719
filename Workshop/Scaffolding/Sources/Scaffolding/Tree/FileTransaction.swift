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

  /// A file as it was.
  private enum Original {
    case absent
    case file(Data, permissions: Int?)
    case link(to: String)
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

  // A `Mutex`, not an actor: the command's steps and its rollback share it without suspending.
  private let state = Mutex(State())

  init(root: URL) { self.root = root }

  /// Remembers `path` as it is now (once: the first recording is the original). A file that is
  /// there and cannot be read fails the step: it could not be put back.
  func willChange(_ path: String) throws {
    let original = try read(path)
    state.withLock { state in
      if state.originals[path] == nil { state.originals[path] = original }
    }
  }

  /// Remembers every file under the folder `path` as it is now, and that any file that appears
  /// in it later is to be removed on rollback.
  func guardFolder(_ path: String) throws {
    for file in FolderWalk.files(under: path, in: root) { try willChange(file) }
    state.withLock { $0.guardedFolders.append(path) }
  }

  /// Removes the file or folder `path`, recording what it held first.
  func remove(_ path: String) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isFolder) else {
      return
    }
    if isFolder.boolValue { try guardFolder(path) } else { try willChange(path) }
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
    try willChange(path)
    try Data(text.utf8).write(to: url(path))
  }

  func commit() {
    state.withLock { $0.finished = true }
  }

  func rollback() -> UndoOutcome {
    state.withLock { state in
      guard !state.finished else { return .nothingToUndo }
      state.finished = true
      var failed: [String] = []
      let files = FileManager.default
      for folder in state.createdFolders.reversed() {
        do { try files.removeItem(at: url(folder)) } catch { failed.append(folder) }
      }
      for folder in state.guardedFolders {
        for file in FolderWalk.files(under: folder, in: root) where state.originals[file] == nil {
          do { try files.removeItem(at: url(file)) } catch { failed.append(file) }
        }
      }
      for (path, original) in state.originals.sorted(by: { $0.key < $1.key }) {
        do { try restore(path, to: original) } catch { failed.append(path) }
      }
      guard failed.isEmpty else {
        return .incomplete(
          "these could not be put back: \(failed.joined(separator: ", ")); restore them from version control"
        )
      }
      return .undone
    }
  }

  private func read(_ path: String) throws -> Original {
    let files = FileManager.default
    guard let attributes = try? files.attributesOfItem(atPath: url(path).path) else {
      return .absent
    }
    if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
      return .link(to: try files.destinationOfSymbolicLink(atPath: url(path).path))
    }
    guard let contents = files.contents(atPath: url(path).path) else {
      throw StepFailure("cannot read \(path), so it could not be put back")
    }
    return .file(contents, permissions: attributes[.posixPermissions] as? Int)
  }

  /// Puts `path` back as it was, leaving a file that already is (so its modification time, and
  /// the builds that read it, are untouched).
  private func restore(_ path: String, to original: Original) throws {
    let files = FileManager.default
    let now = try? read(path)
    switch original {
    case .absent:
      if case .absent = now {} else { try files.removeItem(at: url(path)) }
    case .link(let destination):
      if case .link(destination) = now { return }
      try? files.removeItem(at: url(path))
      try files.createDirectory(
        at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.createSymbolicLink(atPath: url(path).path, withDestinationPath: destination)
    case .file(let contents, let permissions):
      if case .file(contents, _) = now {
      } else {
        try? files.removeItem(at: url(path))
        try files.createDirectory(
          at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url(path))
      }
      if let permissions {
        try files.setAttributes([.posixPermissions: permissions], ofItemAtPath: url(path).path)
      }
    }
  }

  private func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
