import Foundation

/// The code names and repository paths a document still writes after a removal though nothing
/// in the repository has them any more, declared at the document's top so that the docs' checks
/// pass and a person knows which passages to rewrite:
/// `<!-- names from elsewhere (removed with SearchFeature; rewrite these passages): … -->`.
/// They are found the way the documentation tests find them.
struct StaleNames {
  /// Every name the repository has: each path's components and their stems, and every
  /// identifier of its Swift, scripts, JSON, patches and CODEOWNERS.
  let known: Set<String>
  /// The documents to read: the README, the articles, every README outside the fixtures and the
  /// migration example's package and steps.
  let documents: [String]
  let root: URL

  /// Reads the repository's files on disk (`paths`, as git lists them, tracked or not).
  init(paths: [String], root: URL) {
    self.root = root
    var known: Set<String> = []
    var documents: [String] = []
    for path in paths
    where FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
      for component in path.split(separator: "/") {
        known.insert(String(component))
        known.insert(String(component.prefix { $0 != "." }))
      }
      if path == "README.md" || (path.hasPrefix("docs/") && path.hasSuffix(".md"))
        || (path.hasSuffix("/README.md")
          && ![
            "Workshop/ArchitectureLinter/Tests/Fixtures/", "Workshop/Migration/Start/",
            "Workshop/Migration/Steps/",
          ].contains(where: path.hasPrefix))
      {
        documents.append(path)
      }
      // The migration example's patches hold the code its later steps name.
      guard !path.hasPrefix("Workshop/ArchitectureLinter/Tests/Fixtures/"),
        [".swift", ".sh", ".json", ".patch"].contains(where: path.hasSuffix)
          || path == "CODEOWNERS",
        let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      else { continue }
      for identifier in text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/) {
        known.insert(String(identifier.output))
      }
    }
    self.known = known
    self.documents = documents.sorted()
  }

  /// `text` (the document at `document`) with its stale names and paths declared after its
  /// first line, or `nil` when it has none.
  func annotated(_ text: String, of document: String, removing module: String) -> String? {
    let declared = Self.listed(in: text, as: "names")
    var unknown: [String] = []
    for name in Self.codeNames(in: text) {
      for identifier in Self.identifiers(of: name)
      where !known.contains(identifier) && !declared.contains(identifier)
        && !unknown.contains(identifier)
      {
        unknown.append(identifier)
      }
    }
    var seen = Self.listed(in: text, as: "paths")
    let package = packageFolder(of: document)
    var gone: [String] = []
    for path in Self.repositoryPaths(in: text) where !seen.contains(path) {
      let onDisk = path.hasSuffix("/") ? String(path.dropLast()) : path
      let exists = [onDisk, package + onDisk].contains {
        FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
      }
      if !exists {
        gone.append(path)
        seen.insert(path)
      }
    }
    guard !unknown.isEmpty || !gone.isEmpty else { return nil }
    var comment = ""
    let why = "(removed with \(module); rewrite these passages)"
    if !unknown.isEmpty {
      comment += "<!-- names from elsewhere \(why): \(unknown.joined(separator: ", ")) -->\n\n"
    }
    if !gone.isEmpty {
      comment += "<!-- paths from elsewhere \(why): \(gone.joined(separator: ", ")) -->\n\n"
    }
    // After the first line (the title), and the empty line below it.
    var end = text.range(of: "\n").map(\.upperBound) ?? text.endIndex
    if text[end...].hasPrefix("\n") { end = text.index(after: end) }
    return String(text[..<end]) + comment + text[end...]
  }

  /// The names or paths a document declares in `<!-- names from elsewhere…: a, b -->`.
  static func listed(in text: String, as kind: String) -> Set<String> {
    let comment = try? Regex("<!-- \(kind) from elsewhere[^:>]*: ([^>]*) -->")
    guard let comment else { return [] }
    var listed: Set<String> = []
    for match in text.matches(of: comment) {
      guard let list = match.output[1].substring else { continue }
      for item in list.split(separator: ",") {
        listed.insert(item.trimmingCharacters(in: .whitespaces))
      }
    }
    return listed
  }

  /// The code spans that look like a name of the code: `CamelCase`, `Type.member`, `call(_:)`.
  static func codeNames(in markdown: String) -> [String] {
    markdown.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }.filter { token in
      token.wholeMatch(of: /[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+/) != nil
        || token.wholeMatch(of: /[A-Z][A-Za-z0-9]*\.[A-Za-z_][A-Za-z0-9_]*/) != nil
        || token.wholeMatch(
          of: /(?:[A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*\([A-Za-z_:]*\)/) != nil
    }
  }

  /// The identifiers a code name is made of: `Trip.run(arguments:)` → Trip, run.
  static func identifiers(of name: String) -> [String] {
    let base = name.split(separator: "(").first.map(String.init) ?? name
    return base.split(separator: ".").map(String.init)
  }

  /// The repository paths a text writes (`Sources/Features/SearchFeature`): not inside another
  /// path, not a pattern (`Sources/<Layer>`, `Scripts/bench-*.sh`, `Sources/…`).
  static func repositoryPaths(in text: String) -> [String] {
    let pathCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_./+-~"))
    var found: [String] = []
    for match in text.matches(
      of: /(?:Sources|Tests|Scripts|Benchmarks|docs|\.ci)\/[A-Za-z0-9_.+\/-]*/)
    {
      if match.range.lowerBound > text.startIndex,
        let before = text[text.index(before: match.range.lowerBound)].unicodeScalars.first,
        pathCharacters.contains(before)
      {
        continue
      }
      if let after = text[match.range.upperBound...].first, "<*…{".contains(after) { continue }
      var path = Substring(match.output)
      while let last = path.last, ".+-".contains(last) { path = path.dropLast() }
      found.append(String(path))
    }
    return found
  }

  /// The folder, ending in `/`, of the innermost package inside the repository that holds
  /// `document` (`Workshop/ArchitectureLinter/`), or "" for the repository's own.
  private func packageFolder(of document: String) -> String {
    var folders = document.split(separator: "/").dropLast().map(String.init)
    while !folders.isEmpty {
      let folder = folders.joined(separator: "/") + "/"
      if FileManager.default.fileExists(
        atPath: root.appendingPathComponent(folder + "Package.swift").path)
      {
        return folder
      }
      folders.removeLast()
    }
    return ""
  }
}
