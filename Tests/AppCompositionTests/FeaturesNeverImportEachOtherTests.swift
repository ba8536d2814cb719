import Foundation
import Testing

/// Features reach one another only through the root: no source file of a feature imports another
/// feature, whatever features a fork keeps. (The manifest's `feature(_:uses:)` cannot name one,
/// and the linter's layer rule refuses the dependency; this reads the imports themselves.)
@Suite("Features never import each other")
struct FeaturesNeverImportEachOtherTests {
  static let features = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "Sources/Features")

  @Test func noFeatureSourceImportsAnotherFeature() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.features.path)
      .filter { !$0.hasPrefix(".") }
    #expect(names.count >= 2, "\(names)")
    for name in names {
      let folder = Self.features.appendingPathComponent(name)
      let files =
        FileManager.default.enumerator(atPath: folder.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      #expect(!files.isEmpty, "\(name) has no sources")
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ").map(String.init)
          guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
            words[..<index].allSatisfy({
              $0.hasPrefix("@") || ["public", "package", "internal"].contains($0)
            })
          else { continue }
          let imported = words[index + 1]
          #expect(
            imported == name || !names.contains(imported),
            "\(name)/\(file) imports the feature \(imported)")
        }
      }
    }
  }
}
