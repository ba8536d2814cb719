import Foundation

/// The files that changed since a revision, as git sees them from the package's folder: the
/// difference between the revision and the working tree (staged and unstaged changes), the
/// untracked files git does not ignore, and both sides of a rename.
struct ChangedFiles: Equatable, Sendable {
  /// Paths from the package's root.
  let inPackage: [String]
  /// Paths from the repository's root of files outside the package's folder.
  let outsidePackage: [String]

  /// What changed since `revision` in the repository that holds the folder `package`; bad input
  /// (no git, no repository, a revision the clone lacks) throws one line that says what to do.
  static func since(_ revision: String, package: String) throws -> ChangedFiles {
    let git = Git(folder: package)
    let root = try git.repositoryRoot()
    guard git.run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]) != nil else {
      throw BadInput(git.missing(revision, repository: root))
    }
    // Both lists from the repository's root, so their paths are alike; `--no-renames` keeps
    // the path a file left as well as the one it took.
    let toRoot = Git(folder: root)
    guard
      let changed = toRoot.run(["diff", "--name-only", "--no-renames", "-z", revision, "--"]),
      let untracked = toRoot.run(["ls-files", "--others", "--exclude-standard", "-z"])
    else {
      throw BadInput(
        "--affected: git cannot compare the working tree of \(root) with '\(revision)'")
    }
    let paths = Set((changed + untracked).split(separator: "\0").map(String.init))
    let prefix = try git.packagePrefix()
    var inPackage: [String] = []
    var outsidePackage: [String] = []
    for path in paths.sorted() {
      if prefix.isEmpty {
        inPackage.append(path)
      } else if path.hasPrefix(prefix) {
        inPackage.append(String(path.dropFirst(prefix.count)))
      } else {
        outsidePackage.append(path)
      }
    }
    return ChangedFiles(inPackage: inPackage, outsidePackage: outsidePackage)
  }
}
