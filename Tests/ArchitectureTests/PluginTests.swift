import Foundation
import Testing

/// The linter installed the way Swift tools are: a package that depends on Voyage by path runs
/// `swift package check-architecture` and gets the findings the script gives on the same package,
/// with the linter compiled on the first run only.
@Suite("The check-architecture command plugin")
struct PluginTests {
  /// A small layered package outside Voyage, with one layer finding and one unused dependency
  /// (in a target that has a documentation catalog).
  func makeConsumer() throws -> URL {
    let folder = try makeTemporaryFolder("consumer")
    let files: [String: String] = [
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(path: "\(repositoryRoot.path)")],
        targets: [
          .target(name: "Ledger"),
          .target(name: "Payments", dependencies: ["Ledger"]),
          .target(name: "Orders", dependencies: ["Ledger", "Payments"]),
        ]
      )

      """,
      "Sources/Ledger/Ledger.swift": "public struct Entry {}\n",
      "Sources/Payments/Payments.swift": "import Ledger\npublic struct Charge {}\n",
      "Sources/Orders/Orders.swift": "import Payments\npublic struct Order {}\n",
      // SwiftPM hands a plugin a catalog among a target's files; `describe` lists sources only.
      "Sources/Orders/Orders.docc/Orders.md": "# ``Orders``\n\nOrders of the consumer.\n",
      "architecture.json": """
      {
        "layers": [
          { "name": "Core", "names": ["Ledger"], "mayUse": [] },
          { "name": "Features", "names": ["Orders", "Payments"], "mayUse": ["Core"] }
        ],
        "rules": {
          "layer-dependency": {}, "outside-layer": {}, "undeclared-import": {}, "unused-dependency": {}
        }
      }

      """,
    ]
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return folder
  }

  @Test func thePluginFindsWhatTheScriptFindsOnAPackageThatDependsOnVoyage() async throws {
    let consumer = try makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    // Its own scratch folder: SwiftPM inside `swift test` must not wait on Voyage's .build lock.
    let scratch = consumer.appendingPathComponent(".build").path
    let command = ["-n", "19", "swift", "package", "--scratch-path", scratch, "check-architecture"]
    let plugin = try await Subprocess.run("nice", command, in: consumer)
    #expect(plugin.status == 1, "\(plugin.error.suffix(2_000))")
    #expect(plugin.error.contains("Compiling the architecture linter with -O"))
    // The linter is compiled once per version of its sources, never on every run.
    let again = try await Subprocess.run("nice", command, in: consumer)
    #expect(again.status == 1 && again.output == plugin.output)
    #expect(!again.error.contains("Compiling"), "\(again.error)")
    let described = try await Subprocess.run(
      "swift",
      [
        "package", "--package-path", consumer.path, "--scratch-path", scratch, "describe", "--type",
        "json",
      ])
    let script = try await Linter.run(description: Data(described.output.utf8), in: consumer)
    #expect(script.status == 1)
    func findings(_ output: String) -> [Substring] {
      output.split(separator: "\n").filter { $0.contains(": error: [") || $0.contains(": note: ") }
    }
    #expect(!findings(plugin.output).isEmpty)
    #expect(findings(plugin.output) == findings(script.output))
    #expect(
      plugin.output.contains(
        "Package.swift:10:54: error: [layer-dependency] Features target 'Orders'"))
    #expect(plugin.output.contains("[unused-dependency] 'Orders' declares the dependency 'Ledger'"))
    #expect(plugin.output.contains("  swift package check-architecture --update-baseline"))
  }
}
