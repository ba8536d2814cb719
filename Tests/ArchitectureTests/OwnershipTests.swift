import Foundation
import Testing

/// The files whose changes are the architecture's decisions are owned like modules: a change to
/// a layer rule is reviewed by the team named for that file, never by whoever owns the folder
/// around it or the catch-all.
@Suite("Ownership of the architecture's files")
struct OwnershipTests {
  /// The manifest, the linter's configuration, its accepted violations and the linter itself.
  static let architectureFiles = [
    "Package.swift", "architecture.json", "architecture-baseline.txt",
    "Scripts/check-architecture.swift",
    "Workshop/ArchitectureLinter/Scripts/check-architecture.swift",
  ]

  /// The patterns of CODEOWNERS with their owners, in file order (comments and blank lines dropped).
  static func ownerLines(_ text: String) -> [(pattern: String, owners: [String])] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard let pattern = fields.first, !pattern.hasPrefix("#") else { return nil }
      return (pattern, Array(fields.dropFirst()))
    }
  }

  /// Whether a CODEOWNERS pattern covers a repository path: `*`, a folder (`/Scripts/`) or a file
  /// (`/Package.swift`), the three forms Voyage writes.
  static func pattern(_ pattern: String, covers path: String) -> Bool {
    if pattern == "*" { return true }
    let anchored = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
    return anchored.hasSuffix("/") ? path.hasPrefix(anchored) : path == anchored
  }

  @Test func everyArchitectureFileHasAnOwnerOfItsOwnNotTheCatchAll() throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("CODEOWNERS"), encoding: .utf8)
    let lines = Self.ownerLines(text)
    for file in Self.architectureFiles {
      #expect(
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(file).path),
        "\(file) is listed as an architecture file but does not exist")
      // As on GitHub, the last matching line decides; like a module's folder, the file must be
      // named by that line itself, not covered by the catch-all or a folder such as /Scripts/.
      let decisive = lines.last { Self.pattern($0.pattern, covers: file) }
      #expect(
        decisive?.pattern == "/\(file)" && decisive?.owners.isEmpty == false,
        "\(file) has no CODEOWNERS line of its own; add '/\(file)' with its team at the end")
    }
  }

  @Test func theLastMatchingLineDecidesSoAFolderLineAfterAFileLineWins() {
    let lines = Self.ownerLines(
      """
      *               @team/default
      /Package.swift  @team/architecture
      /Scripts/       @team/platform
      """)
    #expect(
      lines.last { Self.pattern($0.pattern, covers: "Package.swift") }?.pattern
        == "/Package.swift")
    #expect(
      lines.last { Self.pattern($0.pattern, covers: "Scripts/check.sh") }?.pattern
        == "/Scripts/")
    #expect(lines.last { Self.pattern($0.pattern, covers: "README.md") }?.pattern == "*")
  }
}
