import Foundation
import Testing

/// What a reader meets first: the README's first screen says what Voyage is, gives the two
/// commands and shows every layer with its modules; the manifest shows the package and its targets
/// layer by layer before the machinery that types them.
@Suite("What a reader meets first")
struct FirstScreenTests {
  static func lines(of path: String) throws -> [String] {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
      .components(separatedBy: "\n")
  }

  /// The modules of `Sources/`, by layer folder, as SwiftPM describes the package.
  static func modulesBySourceFolder() async throws -> [String: [String]] {
    let description = try await Linter.describe(package: repositoryRoot)
    let graph = try #require(try JSONSerialization.jsonObject(with: description) as? [String: Any])
    var modules: [String: [String]] = [:]
    for target in try #require(graph["targets"] as? [[String: Any]]) {
      guard let name = target["name"] as? String, let path = target["path"] as? String,
        target["type"] as? String != "test"
      else { continue }
      let parts = path.split(separator: "/")
      guard parts.count == 3, parts[0] == "Sources" else { continue }
      modules["Sources/\(parts[1])", default: []].append(name)
    }
    return modules
  }

  @Test func theREADMEsFirstScreenSaysWhatVoyageIsGivesTheTwoCommandsAndShowsEveryLayer()
    async throws
  {
    let lines = try Self.lines(of: "README.md")
    let screen = lines.prefix(80)
    #expect(screen.contains { $0.hasPrefix("Voyage is ") })
    #expect(screen.contains { $0.hasPrefix("swift run voyage ") })
    #expect(screen.contains { $0.hasPrefix("Scripts/check.sh ") })
    // One row per layer folder of Sources/, naming every module in that folder.
    let modules = try await Self.modulesBySourceFolder()
    #expect(modules.count >= 5, "\(modules.keys.sorted())")
    for (folder, names) in modules {
      let row = screen.first { $0.hasPrefix("| ") && $0.contains("| `\(folder)` |") }
      #expect(row != nil, "the README's first 80 lines have no row for \(folder)")
      for name in names {
        #expect(
          row?.contains("`\(name)`") == true,
          "\(name) is not in the row of \(folder) in the README's first 80 lines")
      }
    }
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
