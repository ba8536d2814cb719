import Foundation

/// A copy of the repository this package lives in (its files on disk, tracked or not, but not
/// ignored), committed in a git repository of its own in a temporary folder, which goes when
/// the copy does: the commands run on it as they run on the repository.
final class RepositoryCopy: Sendable {
  /// The repository: this file is `Workshop/Scaffolding/Tests/ScaffoldingTests/RepositoryCopy.swift`.
  static let original = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "scaffolding-copy-\(UUID().uuidString)")

  init() throws {
    let files = FileManager.default
    let listed = try Self.git(
      ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], in: Self.original)
    for path in listed.split(separator: "\0").map(String.init) {
      let source = Self.original.appendingPathComponent(path)
      guard (try? files.attributesOfItem(atPath: source.path)) != nil else { continue }
      let target = root.appendingPathComponent(path)
      try files.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.copyItem(at: source, to: target)
    }
    _ = try Self.git(["init", "-q"], in: root)
    _ = try Self.git(["add", "-A"], in: root)
    _ = try Self.git(
      ["-c", "user.name=Copy", "-c", "user.email=copy@example.com", "commit", "-qm", "copy"],
      in: root)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// What `git status --porcelain` lists: empty when the tree is as it was committed.
  func changes() throws -> String { try Self.git(["status", "--porcelain"], in: root) }

  /// Puts the copy back after a run that did not (so the next run starts from the commit).
  func reset() throws {
    _ = try Self.git(["reset", "-q", "--hard"], in: root)
    _ = try Self.git(["clean", "-q", "-fd"], in: root)
  }

  /// The package's name, as its manifest declares it.
  var appName: String {
    let manifest =
      (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    let line = manifest.split(separator: "\n").first { $0.hasPrefix("  name: \"") } ?? ""
    return line.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
  }

  /// A feature the command line gives commands of its own (`<Feature>Commands.swift` in the App
  /// layer): the removal that touches the most.
  var featureWithCommands: String? {
    let features = root.appendingPathComponent("Sources/Features")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? []
    let app = FileManager.default.enumerator(
      atPath: root.appendingPathComponent("Sources/App").path)
    let files = (app?.allObjects as? [String]) ?? []
    return names.sorted().first { name in files.contains { $0.hasSuffix("/\(name)Commands.swift") }
    }
  }

  private static func git(_ arguments: [String], in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
