import ArchitectureLinter
import Foundation

/// The App layer's wiring of a feature: the files that import it or say on their first line
/// that they exercise it (`// Exercises: SearchFeature, …`), read by the linter's scanner.
struct AppWiring {
  let root: URL

  /// Every Swift file of the App targets and their test targets, sorted.
  func appFiles(of targets: [ArchitectureTarget]) -> [String] {
    let folders = targets.flatMap { [$0.path, "Tests/\($0.name)Tests"] }
    return folders.flatMap { swiftFiles(under: $0) }.sorted()
  }

  /// The files among `files` that import `module` or exercise it.
  func files(_ files: [String], wiring module: String) throws -> [String] {
    guard !files.isEmpty else { return [] }
    var wiring = Set<String>()
    for file in files {
      let imports: [Import]
      do {
        imports = try SourceImports.of(file: file, in: root.path)
      } catch let failure as BadInput {
        throw StepFailure(failure.message)
      }
      if imports.contains(where: { $0.module == module }) { wiring.insert(file) }
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
