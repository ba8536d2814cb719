import Foundation
import Testing

/// What a reader meets first: the manifest shows the package and its targets layer by layer
/// before the machinery that types them.
@Suite("What a reader meets first")
struct FirstScreenTests {
  static func lines(of path: String) throws -> [String] {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      .components(separatedBy: "\n")
  }

  @Test func theManifestOpensWithThePackageThenItsLayersThenTheRules() throws {
    let lines = try Self.lines(of: "Package.swift")
    let package = try #require(lines.firstIndex { $0.hasPrefix("let package = Package(") })
    #expect(package < 120, "`let package = Package(` is at line \(package + 1)")
    // The targets, one computed list per layer, all before the first type or helper.
    let lists = lines.indices.filter {
      lines[$0].hasPrefix("var ") && lines[$0].contains(": [") && lines[$0].hasSuffix("{")
    }
    let rules = try #require(
      lines.firstIndex { line in
        ["enum ", "struct ", "protocol ", "func ", "@MainActor"].contains { line.hasPrefix($0) }
      })
    #expect(lists.count >= 5, "the layers' lists of targets: \(lists.map { lines[$0] })")
    #expect(lists.allSatisfy { $0 > package && $0 < rules }, "a list of targets after the rules")
  }

  /// The mapping from a module to its target is written once (`LayerModule.target`), not once
  /// per helper or per kind of dependency.
  @Test func theManifestTurnsAModuleIntoItsTargetInOnePlace() throws {
    let manifest = try Self.lines(of: "Package.swift").joined(separator: "\n")
    let conversions = manifest.matches(of: /\.target\(name: [A-Za-z$0.]*rawValue\)/)
    #expect(conversions.count == 1, "\(conversions.map(\.output))")
    #expect(!manifest.contains(/switch [a-z]*(dependency|module)\b/))
  }
}
