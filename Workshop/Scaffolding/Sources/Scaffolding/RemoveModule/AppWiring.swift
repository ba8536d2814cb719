import Foundation

/// The App layer's wiring of a feature: the files that import it or say on their first line
/// that they exercise it (`// Exercises: SearchFeature, …`), read by the linter's lexer.
struct AppWiring {
  let root: URL
  let linter: PackageLinter

  /// Every Swift file of the App targets and their test targets, sorted.
  func appFiles(of targets: [PackageTargets.Target]) -> [String] {
    let folders = targets.flatMap { [$0.path, "Tests/\($0.name)Tests"] }
    return folders.flatMap { swiftFiles(under: $0) }.sorted()
  }

  /// The files among `files` that import `module` or exercise it.
  func files(_ files: [String], wiring module: String) async throws -> [String] {
    guard !files.isEmpty else { return [] }
    // One line per import: the file and a tab when there are several files, then the place, any
    // marks and the module last.
    let imports = try await linter.run(["--list-imports"] + files)
    var wiring = Set<String>()
    for line in imports.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      let file = fields.count > 1 ? String(fields[0]) : files[0]
      if fields.last?.split(separator: " ").last.map(String.init) == module { wiring.insert(file) }
    }
    // The first line is a comment, which no token holds: read as text.
    let exercises = try Regex(
      "^// Exercises: (.*[ ,])?\(NSRegularExpression.escapedPattern(for: module))(,|$)")
    for file in files {
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
      if text.prefix(while: { $0 != "\n" }).firstMatch(of: exercises) != nil { wiring.insert(file) }
    }
    return wiring.sorted()
  }

  /// Every Swift file under `folder`, by its path from the root.
  func swiftFiles(under folder: String) -> [String] {
    FolderWalk.files(under: folder, in: root).filter { $0.hasSuffix(".swift") }
  }
}
