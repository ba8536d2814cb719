import Foundation

/// CODEOWNERS as the hosting service reads it: at the root of the repository, whatever folder
/// the package sits in, with paths written from that root. A file elsewhere is never read, so it
/// must not count: an owner line there protects nothing.
struct CodeOwners {
  /// Where the hosting service looks, in the order it looks, from the repository's root.
  static let places = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]

  /// The folders and files it names explicitly, as paths from the package's root (lines for
  /// paths outside the package are left out), or `nil` when the repository has no CODEOWNERS.
  let owned: Set<String>?
  /// The CODEOWNERS files inside the package's folder that the service never reads (the package
  /// is in a subfolder of its repository), as paths from the package's root.
  let ignored: [String]
  /// The path from the repository's root to the package's (empty when they are one folder).
  let packageFolder: String

  /// Reads CODEOWNERS at `repositoryRoot` for the package at `packageRoot`.
  init(packageRoot: URL, repositoryRoot: URL) {
    let package = packageRoot.standardizedFileURL.resolvingSymlinksInPath().path
    let repository = repositoryRoot.standardizedFileURL.resolvingSymlinksInPath().path
    packageFolder =
      package.hasPrefix(repository + "/") ? String(package.dropFirst(repository.count + 1)) : ""
    let prefix = packageFolder.isEmpty ? "" : packageFolder + "/"
    ignored =
      prefix.isEmpty
      ? []
      : Self.places.filter {
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent($0).path)
      }
    var owned: Set<String>?
    for place in Self.places {
      guard
        let text = try? String(
          contentsOf: repositoryRoot.appendingPathComponent(place), encoding: .utf8)
      else { continue }
      var paths: Set<String> = []
      for line in textLines(text) {
        let fields = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard fields.count > 1, !fields[0].hasPrefix("#") else { continue }
        let path = fields[0].trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if prefix.isEmpty {
          paths.insert(path)
        } else if path.hasPrefix(prefix) {
          paths.insert(String(path.dropFirst(prefix.count)))
        }
      }
      owned = paths
      break
    }
    self.owned = owned
  }

  /// The root of the git repository that holds `folder`: the nearest folder at or above it with
  /// a `.git` (a folder, or a file in a worktree or submodule), or `folder` itself outside git.
  static func repositoryRoot(holding folder: URL) -> URL {
    var candidate = folder.standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
        return candidate
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { return folder }
      candidate = parent
    }
  }
}
