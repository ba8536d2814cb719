import Foundation

/// The repository's documents that the tool writes in part, found by what they hold rather than
/// by name, so a fork that renamed the docs' catalog still finds them: the documents whose blocks
/// the linter generates (`generated_documents` in Scripts/lib/generated-documents.sh, which a test
/// compares with these), and the walk-through whose steps a removal takes out.
enum GeneratedDocuments {
  /// The README (its table of layers) and every article of the docs' catalog with a line that
  /// opens a generated block (the module graph), as paths from `root`.
  static func paths(in root: URL) -> [String] {
    ["README.md"]
      + articles(in: root).filter { article in
        text(of: article, in: root)?.split(separator: "\n").contains { line in
          line.hasPrefix("<!-- module-graph:begin") || line.hasPrefix("<!-- layer-table:begin")
        } == true
      }
  }

  /// The article whose `## A walk through` shows commands and what they printed, if any.
  static func walkThrough(in root: URL) -> String? {
    articles(in: root).first { text(of: $0, in: root)?.contains("\n## A walk through\n") == true }
  }

  /// The Markdown articles of `docs/*.docc`, sorted, as paths from `root`.
  private static func articles(in root: URL) -> [String] {
    let files = FileManager.default
    let docs = root.appendingPathComponent("docs")
    let catalogs = ((try? files.contentsOfDirectory(atPath: docs.path)) ?? [])
      .filter { $0.hasSuffix(".docc") }.sorted()
    return catalogs.flatMap { catalog in
      ((try? files.contentsOfDirectory(atPath: docs.appendingPathComponent(catalog).path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\(catalog)/\($0)" }
    }
  }

  private static func text(of path: String, in root: URL) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }
}
