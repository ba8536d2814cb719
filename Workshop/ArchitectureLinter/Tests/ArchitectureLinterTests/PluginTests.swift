import ArchitectureLinter
import Foundation
import Testing

/// The linter installed the way Swift tools are: a package that depends on the linter's package
/// by path runs `swift package check-architecture`, gets the findings the library gives on the
/// same package, a clean standard output on bad input, and runs a vendored binary when it has
/// one instead of compiling the linter.
@Suite("The check-architecture command plugin")
struct PluginTests {
  /// A small layered package, with one layer finding and one unused dependency (in a target that
  /// has a documentation catalog), and `extra` files or targets of its own.
  static func makeConsumer(extraTargets: String = "", files extra: [String: String] = [:]) throws
    -> URL
  {
    let folder = try makeTemporaryFolder("consumer")
    var files: [String: String] = [
      "Package.swift": """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(path: "\(packageRoot.path)")],
        targets: [
          .target(name: "Ledger"),
          .target(name: "Payments", dependencies: ["Ledger"]),
          .target(name: "Orders", dependencies: ["Ledger", "Payments"]),\(extraTargets)
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
    files.merge(extra) { $1 }
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return folder
  }

  /// `swift package check-architecture ARGUMENTS` in `consumer`, with a scratch folder of its
  /// own (SwiftPM inside `swift test` must not wait on the linter package's .build lock).
  static func plugin(_ arguments: [String] = [], in consumer: URL) async throws
    -> Subprocess.Outcome
  {
    let scratch = consumer.appendingPathComponent(".build").path
    return try await Subprocess.run(
      "nice",
      ["-n", "19", "swift", "package", "--scratch-path", scratch, "check-architecture"]
        + arguments, in: consumer)
  }

  @Test func thePluginFindsWhatTheLibraryFindsAndKeepsBadInputOffStandardOutput() async throws {
    let consumer = try Self.makeConsumer()
    defer { try? FileManager.default.removeItem(at: consumer) }
    let plugin = try await Self.plugin(in: consumer)
    #expect(plugin.status == 1, "\(plugin.error.suffix(2_000))")
    #expect(plugin.error.contains("Compiling the architecture linter with -O"))
    // The linter is compiled once per version of its script, never on every run.
    let again = try await Self.plugin(in: consumer)
    #expect(again.status == 1 && again.output == plugin.output)
    #expect(!again.error.contains("Compiling"), "\(again.error)")
    let script = try await Linter.run(
      description: try await Linter.describe(package: consumer),
      environment: [
        "CHECK_ARCHITECTURE_PROGRAM": "swift package check-architecture",
        "CHECK_ARCHITECTURE_DESCRIBES_PACKAGE": "1",
      ], in: consumer)
    #expect(script.status == 1)
    #expect(plugin.output == script.output)
    #expect(
      plugin.output.contains(
        "Package.swift:10:54: error: [layer-dependency] Features target 'Orders'"))
    #expect(plugin.output.contains("[unused-dependency] 'Orders' declares the dependency 'Ledger'"))
    #expect(plugin.output.contains("  swift package check-architecture --update-baseline"))

    // Bad input: standard output holds nothing but the document that says the run failed; the
    // reason is SwiftPM's error on standard error; SwiftPM's own status is 1 for every failure.
    try Data(#"{"rules": {"undeclared-import": {},}}"#.utf8).write(
      to: consumer.appendingPathComponent("architecture.json"))
    let text = try await Self.plugin(in: consumer)
    #expect(text.status == 1)
    #expect(text.output.isEmpty, "\(text.output)")
    #expect(text.error.contains("error: "), "\(text.error)")
    #expect(text.error.contains("a trailing comma before '}'"))
    for format in ["json", "sarif"] {
      let broken = try await Self.plugin(["--format", format], in: consumer)
      #expect(broken.status == 1)
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: Any],
        "\(format): \(broken.output)")
      let exitStatus =
        format == "json"
        ? document["exit_status"] as? Int
        : (((document["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?
          .first?["exitCode"] as? Int)
      #expect(exitStatus == 2, "\(format): \(broken.output)")
    }
    let help = try await Self.plugin(["--help"], in: consumer)
    #expect(help.output.hasPrefix("Usage: swift package check-architecture [options]\n"))
  }

  /// A binary target whose artifact bundle holds `check-architecture` for this machine is what
  /// the plugin runs: nothing is compiled. (The bundle here holds a stand-in that says it ran.)
  /// A bundle built for other machines only is passed over, with a warning that shows without
  /// `--verbose`; one built by a linter older than the plugin is named as such.
  @Test func aVendoredArtifactBundleIsRunInsteadOfCompilingTheLinter() async throws {
    let triple = try await Self.hostTriple()
    let stand = "check-architecture-1.0.0-\(triple)/bin/check-architecture"
    let foreign = "check-architecture-1.0.0-riscv64-unknown-freebsd/bin/check-architecture"
    let consumer = try Self.makeConsumer(
      extraTargets: """

            .binaryTarget(name: "ForeignBinary", path: "Foreign/check-architecture.artifactbundle"),
            .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle"),
        """,
      files: [
        "Foreign/check-architecture.artifactbundle/info.json": """
        {"schemaVersion": "1.0", "artifacts": {"check-architecture": {"type": "executable",
          "version": "1.0.0", "variants": [{"path": "\(foreign)",
          "supportedTriples": ["riscv64-unknown-freebsd"]}]}}}
        """,
        "Foreign/check-architecture.artifactbundle/\(foreign)": "#!/bin/sh\nexit 0\n",
        "Tools/check-architecture.artifactbundle/info.json": """
        {"schemaVersion": "1.0", "artifacts": {"check-architecture": {"type": "executable",
          "version": "1.0.0", "variants": [{"path": "\(stand)", "supportedTriples": ["\(triple)"]}]}}}
        """,
        "Tools/check-architecture.artifactbundle/\(stand)": """
        #!/bin/sh
        echo "the vendored linter ran with $# arguments"
        echo "note: from the stand-in" >&2
        exit 2

        """,
      ])
    defer { try? FileManager.default.removeItem(at: consumer) }
    let binary = consumer.appendingPathComponent("Tools/check-architecture.artifactbundle/\(stand)")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    let plugin = try await Self.plugin(["--format", "json"], in: consumer)
    #expect(plugin.output == "the vendored linter ran with 3 arguments\n", "\(plugin.error)")
    #expect(!plugin.error.contains("Compiling"), "\(plugin.error)")
    #expect(plugin.error.contains("from the stand-in"), "\(plugin.error)")
    #expect(plugin.status == 1)
    #expect(
      plugin.error.contains(
        "warning: the artifact bundle of 'ForeignBinary' has no check-architecture for "),
      "\(plugin.error)")
    #expect(
      plugin.error.contains("(it has: riscv64-unknown-freebsd), so it is passed over"))

    // A bundle built by an older linter, which knows no `-`: the plugin says to build it again
    // rather than pass on a refusal of an option nobody typed.
    try Data(
      """
      #!/bin/sh
      [ "$1" = "-" ] && { echo "error: unknown option '-' (see --help)" >&2; exit 2; }
      exit 0

      """.utf8
    ).write(to: binary)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    let older = try await Self.plugin(in: consumer)
    #expect(older.status == 1)
    #expect(older.error.contains("is older than this plugin"), "\(older.error)")
    #expect(older.error.contains("build-artifact-bundle.sh"), "\(older.error)")
  }

  /// This machine's triple as the compiler names it (`x86_64-unknown-linux-gnu`).
  static func hostTriple() async throws -> String {
    let info = try await Subprocess.run("swiftc", ["-print-target-info"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any])
    return try #require((object["target"] as? [String: Any])?["unversionedTriple"] as? String)
  }
}
