import Foundation

/// The repository's CODEOWNERS file, as lines: its sections are `# <Layer>` comments, each
/// closed by an empty line.
struct CodeOwners: Equatable {
  private(set) var text: String

  init(_ text: String) { self.text = text }

  /// The lines that give `owner` each of `paths`, aligned like their neighbours.
  static func lines(giving paths: [String], to owner: String) -> [String] {
    paths.map { path in
      path.padding(toLength: max(42, path.count), withPad: " ", startingAt: 0) + " " + owner
    }
  }

  /// Adds `lines` at the end of the section headed `# <section>`, before the empty line that
  /// closes it; a file without that section gets them at its end.
  mutating func add(_ lines: [String], toSection section: String) {
    var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let endsWithNewline = all.last == ""
    if endsWithNewline { all.removeLast() }
    let end = all.firstIndex(of: "# \(section)").flatMap { heading in
      all[heading...].firstIndex(of: "")
    }
    all.insert(contentsOf: lines, at: end ?? all.endIndex)
    text = all.joined(separator: "\n") + (endsWithNewline || all.isEmpty ? "\n" : "")
  }
}
