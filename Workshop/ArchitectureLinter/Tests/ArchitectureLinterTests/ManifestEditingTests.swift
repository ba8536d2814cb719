import ArchitectureLinter
import Foundation
import Testing

/// `check-architecture manifest`, the scaffolding's edits of Package.swift: every place a module
/// is written is found by what the manifest declares (its enums, its helpers' parameter types),
/// the result is a manifest SwiftPM reads, and an edit it cannot make exactly writes nothing.
@Suite("Editing the manifest")
struct ManifestEditingTests {
  /// A manifest shaped like Voyage's: layers as enums, helpers that take their cases, sums of
  /// target lists, an array literal of examples, and lists that name modules by case and by name.
  static let manifest = """
    // swift-tools-version: 6.2
    import PackageDescription

    enum Kernel: String {
      case shared = "SharedKernel"
    }

    enum Feature: String {
      case search = "SearchFeature"
      case checkout = "CheckoutFeature"
    }

    enum Module {
      case kernel(Kernel)
      case feature(Feature)
    }

    func kernel(_ module: Kernel) -> [Target] {
      [.target(name: module.rawValue, path: "Sources/\\(module.rawValue)")]
    }

    func feature(_ module: Feature, uses kernel: [Kernel] = []) -> [Target] {
      [.target(name: module.rawValue, dependencies: kernel.map { .target(name: $0.rawValue) }, path: "Sources/\\(module.rawValue)")]
    }

    func app(uses features: [Feature], also: [Module]) -> [Target] {
      [.executableTarget(name: "App", dependencies: features.map { .target(name: $0.rawValue) }, path: "Sources/App")]
    }

    func example(_ feature: Feature) -> Target {
      .executableTarget(name: "\\(feature.rawValue)Example", path: "Sources/\\(feature.rawValue)Example")
    }

    let kernelTargets: [Target] =
      // The domain.
      kernel(.shared)

    let featureTargets: [Target] =
      // Finding trips.
      feature(.search, uses: [.shared])
      // Buying one: the saga,
      // in two lines.
      + feature(
        .checkout,
        uses: [.shared])

    let appTargets: [Target] =
      app(uses: [.search, .checkout], also: [.feature(.search), .feature(.checkout), .kernel(.shared)])

    let examples: [Target] = [
      // Search alone.
      example(.search),
      // Checkout alone.
      example(.checkout),
    ]

    let benchmarks: [Target] = [
      .executableTarget(name: "CheckoutBenchmark", dependencies: ["CheckoutFeature", "SharedKernel"], path: "Benchmarks/CheckoutBenchmark"),
    ]

    let package = Package(
      name: "Travel",
      targets: kernelTargets + featureTargets + appTargets + examples + benchmarks
    )

    """

  /// Runs `manifest …` on `text` written as a package's Package.swift, and returns the outcome
  /// and the manifest as it is on disk afterwards.
  static func edit(_ arguments: [String], of text: String = manifest) async throws -> (
    outcome: Outcome, manifest: String, folder: URL
  ) {
    let folder = try makeTemporaryFolder("manifest")
    let file = folder.appendingPathComponent("Package.swift")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try await Linter.run(["manifest"] + arguments, in: folder)
    return (outcome, try String(contentsOf: file, encoding: .utf8), folder)
  }

  /// Whether SwiftPM compiles the manifest in `folder` (its targets' folders need not exist).
  static func swiftPMReadsTheManifest(in folder: URL) async throws -> Bool {
    let outcome = try await Subprocess.run(
      "swift", ["package", "--package-path", folder.path, "dump-package"])
    return outcome.status == 0
  }

  @Test func removingAModuleTakesItsCaseItsEntryAndEveryListElementThatNamesIt() async throws {
    let (outcome, edited, folder) = try await Self.edit([
      "remove-module", "CheckoutFeature", "CheckoutBenchmark",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(!edited.contains("checkout") && !edited.contains("Checkout"), "\(edited)")
    // What stays is untouched, comments included; what went took its comment lines.
    #expect(edited.contains("  // Finding trips.\n  feature(.search, uses: [.shared])\n\n"))
    #expect(!edited.contains("the saga") && !edited.contains("Checkout alone"))
    #expect(edited.contains("app(uses: [.search], also: [.feature(.search), .kernel(.shared)])"))
    #expect(edited.contains("[\n  // Search alone.\n  example(.search),\n]"))
    // A list left with nothing is `[]`.
    #expect(edited.contains("let benchmarks: [Target] = []\n"))
    // One line per removal, where it was.
    #expect(
      outcome.output.contains("Package.swift:10: removed case checkout = \"CheckoutFeature\""))
    #expect(outcome.output.contains("Package.swift:48: removed .checkout\n"))
    #expect(outcome.output.split(separator: "\n").count == 6, "\(outcome.output)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test func removingTheFirstTermOfASumPassesItsPlusToTheTermThatStays() async throws {
    let (outcome, edited, folder) = try await Self.edit(["remove-module", "SearchFeature"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(
      edited.contains(
        "let featureTargets: [Target] =\n  // Buying one: the saga,\n  // in two lines.\n  feature(\n    .checkout,"
      ), "\(edited)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test func aModuleWrittenWhereNoListHoldsItIsRefusedAndNothingIsWritten() async throws {
    let text = Self.manifest.replacingOccurrences(
      of: "let package = Package(",
      with: "let named = Feature.search.rawValue\n\nlet package = Package(")
    let line =
      text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.hasPrefix("let named")
      }.map { $0 + 1 } ?? 0
    let (outcome, edited, folder) = try await Self.edit(
      ["remove-module", "SearchFeature"], of: text)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("still names SearchFeature at line \(line)"), "\(outcome.error)")
    #expect(edited == text)
  }

  @Test func theLastCaseOfAnEnumIsRefused() async throws {
    let (outcome, edited, folder) = try await Self.edit(["remove-module", "SharedKernel"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("the last case of enum Kernel"), "\(outcome.error)")
    #expect(edited == Self.manifest)
  }

  @Test func aNameTheManifestDoesNotWriteIsRefused() async throws {
    let (outcome, edited, folder) = try await Self.edit(["remove-module", "Itinerary"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error == "error: Package.swift names no module 'Itinerary'\n")
    #expect(edited == Self.manifest)
  }

  @Test func addingAModuleWritesItsCaseLastInItsEnumAndItsEntryLastInItsList() async throws {
    let (outcome, edited, folder) = try await Self.edit([
      "add-module", "--enum", "Feature", "--case", "tickets", "--name", "TicketsFeature",
      "--to", "featureTargets", "--entry", "feature(.tickets, uses: [.shared])",
      "--comment", "A traveller's tickets.",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(
      edited.contains(
        "  case checkout = \"CheckoutFeature\"\n  case tickets = \"TicketsFeature\"\n}"))
    #expect(
      edited.contains(
        "    uses: [.shared])\n  // A traveller's tickets.\n  + feature(.tickets, uses: [.shared])\n\nlet appTargets"
      ), "\(edited)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test func addingToAnArrayLiteralWritesAnElement() async throws {
    let (outcome, edited, folder) = try await Self.edit([
      "add-module", "--enum", "Kernel", "--case", "clock", "--name", "Clock", "--to", "examples",
      "--entry", ".executableTarget(name: \"Clock\", path: \"Sources/Clock\")",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(
      edited.contains(
        "  example(.checkout),\n  .executableTarget(name: \"Clock\", path: \"Sources/Clock\"),\n]"))
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test(arguments: [
    (
      ["--enum", "Feature", "--case", "search", "--name", "Searching"],
      "already has a case 'search'"
    ),
    (
      ["--enum", "Kernel", "--case", "other", "--name", "SearchFeature"],
      "already names SearchFeature"
    ),
    (["--enum", "Layer", "--case", "x", "--name", "X"], "has no `enum Layer: String`"),
    (["--enum", "Module", "--case", "x", "--name", "X"], "has no `enum Module: String`"),
  ])
  func addingRefusesATakenNameOrCaseAndAnEnumWithoutNames(_ arguments: [String], _ reason: String)
    async throws
  {
    let (outcome, edited, folder) = try await Self.edit(
      ["add-module"] + arguments + ["--to", "featureTargets", "--entry", "feature(.x)"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains(reason), "\(outcome.error)")
    #expect(edited == Self.manifest)
  }

  @Test func anEntryThatIsNotOneExpressionIsRefused() async throws {
    let (outcome, edited, folder) = try await Self.edit([
      "add-module", "--enum", "Feature", "--case", "x", "--name", "X", "--to", "featureTargets",
      "--entry", "feature(.x",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("is not one Swift expression"))
    #expect(edited == Self.manifest)
  }

  /// A manifest that shows the package first: its lists of targets are computed values declared
  /// after it, and what a layer may name is a struct whose static functions wrap each enum (its
  /// initializer private, so nothing else can make one).
  static let packageFirstManifest = """
    // swift-tools-version: 6.2
    import PackageDescription

    let package = Package(
      name: "Travel",
      targets: kernelTargets + featureTargets + appTargets
    )

    var kernelTargets: [Target] {
      // The domain.
      kernel(.shared)
    }

    var featureTargets: [Target] {
      // Finding trips.
      feature(.search, uses: [.kernel(.shared)])
        // Buying one.
        + feature(.checkout, uses: [.kernel(.shared)])
    }

    var appTargets: [Target] {
      [app(uses: [.feature(.search), .feature(.checkout), .kernel(.shared)])]
    }

    enum Kernel: String {
      case shared = "SharedKernel"
    }

    enum Feature: String {
      case search = "SearchFeature"
      case checkout = "CheckoutFeature"
    }

    struct FeatureDependency {
      let name: String
      private init(_ name: String) { self.name = name }
      static func kernel(_ module: Kernel) -> Self { Self(module.rawValue) }
    }

    struct Module {
      let name: String
      private init(_ name: String) { self.name = name }
      static func kernel(_ module: Kernel) -> Self { Self(module.rawValue) }
      static func feature(_ module: Feature) -> Self { Self(module.rawValue) }
      static func product(_ name: String, package: String) -> Self { Self(name) }
    }

    func kernel(_ module: Kernel) -> [Target] {
      [.target(name: module.rawValue, path: "Sources/\\(module.rawValue)")]
    }

    func feature(_ module: Feature, uses: [FeatureDependency]) -> [Target] {
      [.target(name: module.rawValue, dependencies: uses.map { .target(name: $0.name) }, path: "Sources/\\(module.rawValue)")]
    }

    func app(uses modules: [Module]) -> Target {
      .executableTarget(name: "App", dependencies: modules.map { .target(name: $0.name) }, path: "Sources/App")
    }

    """

  @Test func aPackageFirstManifestLosesAModuleFromItsComputedListsAndItsWrappers() async throws {
    let (outcome, edited, folder) = try await Self.edit(
      ["remove-module", "CheckoutFeature"], of: Self.packageFirstManifest)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(!edited.contains("checkout") && !edited.contains("Checkout"), "\(edited)")
    #expect(edited.contains("[app(uses: [.feature(.search), .kernel(.shared)])]"), "\(edited)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test func theFirstTermOfAComputedListPassesItsPlusToTheTermThatStays() async throws {
    let (outcome, edited, folder) = try await Self.edit(
      ["remove-module", "SearchFeature"], of: Self.packageFirstManifest)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    // The term that stays loses its `+` (its indentation is the formatter's to mend).
    #expect(!edited.contains("search") && !edited.contains("+ feature("), "\(edited)")
    #expect(edited.contains("// Buying one.\n    feature(.checkout"), "\(edited)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  @Test func aPackageFirstManifestGainsAModuleInsideItsComputedList() async throws {
    let (outcome, edited, folder) = try await Self.edit(
      [
        "add-module", "--enum", "Feature", "--case", "tickets", "--name", "TicketsFeature",
        "--to", "featureTargets", "--entry", "feature(.tickets, uses: [.kernel(.shared)])",
      ], of: Self.packageFirstManifest)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(
      edited.contains(
        "+ feature(.checkout, uses: [.kernel(.shared)])\n  + feature(.tickets, uses: [.kernel(.shared)])\n}"
      ), "\(edited)")
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  /// A manifest written the way SwiftPM's documentation writes one, with no enums or helpers.
  static let plainManifest = """
    // swift-tools-version: 6.2
    import PackageDescription

    let heap = "Heap"

    let package = Package(
      name: "Plain",
      products: [
        .library(name: "Deque", targets: ["DequeModule"]),
        .library(name: "Both", targets: ["DequeModule", "HeapModule"]),
      ],
      targets: [
        .target(
          kind: .regular,
          name: "DequeModule"),
        .target(name: heap + "Module", dependencies: [.target(name: "DequeModule")]),
        .testTarget(
          name: "DequeTests",
          dependencies: ["DequeModule", "HeapModule"]),
      ]
    )

    """

  @Test func aPlainManifestLosesTheTargetItsUsesAndAProductLeftWithoutTargets() async throws {
    let (outcome, edited, folder) = try await Self.edit(
      ["remove-module", "DequeModule"], of: Self.plainManifest)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(!edited.contains("DequeModule\""), "\(edited)")
    #expect(!edited.contains("\"Deque\""))
    #expect(edited.contains(".library(name: \"Both\", targets: [\"HeapModule\"])"))
    #expect(edited.contains("dependencies: [\"HeapModule\"]"))
    #expect(edited.contains(".target(name: heap + \"Module\", dependencies: [])"))
    #expect(try await Self.swiftPMReadsTheManifest(in: folder))
  }

  /// A target whose name the manifest computes is found nowhere: its uses alone are not removed.
  @Test func aTargetNamedByAnExpressionIsRefusedAndItsUsesKept() async throws {
    let (outcome, edited, folder) = try await Self.edit(
      ["remove-module", "HeapModule"], of: Self.plainManifest)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("no entry the linter can read declares it"), "\(outcome.error)")
    #expect(edited == Self.plainManifest)
  }

  @Test func theNameIsThePackagesName() async throws {
    let (outcome, _, folder) = try await Self.edit(["name"])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0)
    #expect(outcome.output == "Travel\n")
  }

  /// `--print` writes the edited manifest to standard output and leaves the file alone.
  @Test func printingLeavesTheFileAsItWas() async throws {
    let (outcome, edited, folder) = try await Self.edit([
      "remove-module", "CheckoutFeature", "--print",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(outcome.status == 0)
    #expect(edited == Self.manifest)
    #expect(outcome.output.contains("case search = \"SearchFeature\"\n}"))
    #expect(!outcome.output.contains("CheckoutFeature\""))
  }

  /// The help lists every action, and no action is missing from it.
  @Test func theHelpListsEveryAction() async throws {
    let help = try await Linter.run(["manifest", "--help"])
    #expect(help.status == 0)
    for action in ["name", "add-module", "remove-module"] {
      #expect(help.output.contains("\n  \(action)"), "\(action)")
    }
    let bare = try await Linter.run(["manifest"])
    #expect(bare.status == 2)
    let linterHelp = try await Linter.run(["--help"])
    #expect(linterHelp.output.contains("manifest --help"))
  }
}
