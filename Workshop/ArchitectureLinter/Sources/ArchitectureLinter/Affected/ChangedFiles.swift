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

/// `git` run in one folder, for what `--affected` asks of the repository.
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

  /// What `git arguments` printed, or `nil` when git is missing or failed.
  func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
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
