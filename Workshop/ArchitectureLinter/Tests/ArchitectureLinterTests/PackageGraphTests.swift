import ArchitectureLinter
import Foundation
import Testing

/// The package graph the plugins hand the linter on its standard input (`-`): NUL-ended fields
/// with absolute paths. The linter makes of it the package `describe` gives, so a report on the
/// graph is the report on `describe`'s JSON, byte for byte.
@Suite("The plugins' package graph")
struct PackageGraphTests {
  /// The graph a plugin would hand over for the package `describe` printed as `json`: the
  /// package, its dependencies and programs, then each target with its dependencies and its
  /// files, every path absolute.
  static func graph(of json: Data) throws -> Data {
    let package = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let root = try #require(package["path"] as? String)
    var fields = ["check-architecture-graph 1", "package", package["name"] as? String ?? "", root]
    for dependency in package["dependencies"] as? [[String: Any]] ?? [] {
      fields += [
        "dependency", dependency["identity"] as? String ?? "", dependency["path"] as? String ?? "",
      ]
    }
    for product in package["products"] as? [[String: Any]] ?? [] {
      guard (product["type"] as? [String: Any])?["executable"] != nil else { continue }
      let built = product["targets"] as? [String] ?? []
      fields +=
        ["executable-product", product["name"] as? String ?? "", String(built.count)] + built
    }
    for target in package["targets"] as? [[String: Any]] ?? [] {
      let folder = root + "/" + (target["path"] as? String ?? "")
      fields += [
        "target", target["name"] as? String ?? "", target["c99name"] as? String ?? "",
        target["type"] as? String ?? "", folder,
      ]
      for name in target["target_dependencies"] as? [String] ?? [] {
        fields += ["target-dependency", name]
      }
      for name in target["product_dependencies"] as? [String] ?? [] {
        fields += ["product-dependency", name]
      }
      for file in target["sources"] as? [String] ?? [] {
        fields += ["source", folder + "/" + file]
      }
    }
    return Data(fields.joined(separator: "\0").utf8)
  }

  @Test(arguments: [
    "FeatureDependsOnFeature", "ProductFromSiblingPackage", "FolderLayers", "DashedTargetName",
    "TestRunsUndeclaredExecutable",
  ])
  func aReportOnTheGraphIsTheReportOnDescribesJSON(fixture: String) async throws {
    let json = try await Linter.describe(fixture: fixture)
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)")
    // The fixture's own arguments, else its own configuration, else the fixtures' shared one.
    let own = try? String(
      contentsOf: folder.appendingPathComponent("arguments.txt"), encoding: .utf8)
    let hasConfiguration = FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("architecture.json").path)
    let configuration =
      own.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
      ?? (hasConfiguration ? [] : ["--config", "../architecture.json"])
    let arguments = ["--format", "json", "--repository-root", folder.path] + configuration
    let described = try await Linter.run(arguments, description: json, in: folder)
    let graphed = try await Linter.run(
      ["-"] + arguments, description: Self.graph(of: json), in: folder)
    #expect(described.status == graphed.status)
    #expect(described.output == graphed.output)
    #expect(described.error == graphed.error)
    // Not a run that failed alike on both: the fixture's findings are there.
    #expect(described.output.contains("\"rule\" : "), "\(described.output.prefix(500))")
  }

  @Test(arguments: [
    (
      "check-architecture-graph 2\0package\0P\0/p", "is not one this linter reads",
      "starts 'check-architecture-graph 2'"
    ),
    (
      "check-architecture-graph 1\0package\0P\0/p\0module\0M", "holds a 'module' record",
      "run the linter of the plugin's own package"
    ),
    (
      "check-architecture-graph 1\0package\0P\0/p\0target\0T\0T", "ends inside a 'target' record",
      ""
    ),
    ("check-architecture-graph 1\0package\0P\0/p\0source\0/p/F.swift", "before any target", ""),
  ])
  func aGraphTheLinterCannotReadIsBadInputThatSaysWhy(
    graph: String, reason: String, detail: String
  ) async throws {
    let outcome = try await Linter.run(["-"], description: Data(graph.utf8))
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(reason), "\(outcome.error)")
    #expect(detail.isEmpty || outcome.error.contains(detail), "\(outcome.error)")
  }

  /// `-` is standard input by name, and it is one description: a file beside it is one too many.
  @Test func aDashReadsStandardInputAndCountsAsTheDescription() async throws {
    let json = try await Linter.describe(fixture: "FeatureDependsOnFeature")
    let arguments = ["--config", "architecture.json"]
    let unnamed = try await Linter.run(arguments, description: json)
    let dashed = try await Linter.run(["-"] + arguments, description: json)
    #expect(unnamed.status == 1 && dashed.status == 1)
    #expect(unnamed.output == dashed.output)
    let both = try await Linter.run(["-", "described.json"] + arguments, description: json)
    #expect(both.status == 2)
    #expect(both.error.contains("more than one description file given"), "\(both.error)")
  }
}
