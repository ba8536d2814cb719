import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// Proves with the real compiler that the business rules living in types hold: each canary is
/// a file that must fail to type-check with one specific error, next to a control that passes,
/// so a failure cannot come from a typo.
@Suite("Type-level canaries")
struct TypeLevelCanaryTests {
  /// The folder of compiled module interfaces beside this test binary.
  static var modules: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("Modules").path
  }

  /// What SwiftPM passes as `-package-name`: the root package's identity (its folder's name in
  /// lowercase, so it depends on where the repository was cloned) made a C99 identifier: every
  /// other character becomes `_`, and a leading digit gets a `_` in front ("ci-clone" → "ci_clone").
  static var voyagePackageName: String {
    let identity = repositoryRoot.lastPathComponent.lowercased()
    let mangled = String(identity.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    return mangled.first?.isNumber == true ? "_" + mangled : mangled
  }

  func typecheck(_ source: String, packageName: String) async throws -> Subprocess.Outcome {
    return try await withTemporaryFolder("canary") { folder in
      let file = folder.appendingPathComponent("Canary.swift")
      try Data(source.utf8).write(to: file)
      return try await Subprocess.run(
        "swiftc",
        [
          "-typecheck", "-swift-version", "6", "-I", Self.modules, "-package-name", packageName,
          file.path,
        ])
    }
  }

  static let receiptFactory = """
    import Foundation
    import SharedKernel

    func mint(_ order: OrderID) -> PaymentReceipt {
      PaymentReceipt(
        chargeID: "ch_forged", orderID: order, amount: Money(minorUnits: 1, currency: .eur),
        cardBrand: "Visa", cardLastFour: "4242", chargedAt: Date())
    }
    """

  @Test func codeOutsideThePackageCannotMintAPaymentReceipt() async throws {
    let outside = try await typecheck(Self.receiptFactory, packageName: "someoneelse")
    #expect(outside.status != 0)
    #expect(
      outside.error.contains(
        "'PaymentReceipt' initializer is inaccessible due to 'package' protection level"))

    let inside = try await typecheck(Self.receiptFactory, packageName: Self.voyagePackageName)
    #expect(inside.status == 0, "control failed: \(inside.error)")
  }

  @Test func codeOutsideSharedKernelCannotCreateAPaidOrder() async throws {
    let forged = """
      import SharedKernel

      func skipPayment(_ order: DraftOrder, _ receipt: PaymentReceipt) -> PaidOrder {
        PaidOrder(order: order, receipt: receipt)
      }
      """
    let outcome = try await typecheck(forged, packageName: Self.voyagePackageName)
    #expect(outcome.status != 0)
    #expect(
      outcome.error.contains(
        "'PaidOrder' initializer is inaccessible due to 'internal' protection level"))

    let honest = """
      import SharedKernel

      func pay(_ order: DraftOrder, _ receipt: PaymentReceipt) throws(CheckoutError) -> PaidOrder {
        try order.confirm(with: receipt)
      }
      """
    let control = try await typecheck(honest, packageName: Self.voyagePackageName)
    #expect(control.status == 0, "control failed: \(control.error)")
  }

  @Test func aClassWithMutableStateCannotImplementASendableInterface() async throws {
    func repository(_ declaration: String) -> String {
      """
      import BookingInterface
      import SharedKernel

      \(declaration) LeakyTripRepository: TripRepository {
        var cache: [TripID: Trip] = [:]
        func search(_ query: SearchQuery) async throws -> [TripSummary] { [] }
        func trip(id: TripID) async throws -> Trip { throw TripError.notFound(id) }
      }
      """
    }
    let leaky = try await typecheck(repository("final class"), packageName: Self.voyagePackageName)
    #expect(leaky.status != 0)
    #expect(
      leaky.error.contains(
        "stored property 'cache' of 'Sendable'-conforming class 'LeakyTripRepository' is mutable"
      ))

    let isolated = try await typecheck(repository("actor"), packageName: Self.voyagePackageName)
    #expect(isolated.status == 0, "control failed: \(isolated.error)")
  }

  /// Evaluates a copy of the real manifest with `line` appended, as SwiftPM does for every command.
  func evaluateManifest(appending line: String) async throws -> Subprocess.Outcome {
    return try await withTemporaryFolder("manifest") { folder in
      let manifest = try String(
        contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
      try Data((manifest + "\n" + line + "\n").utf8).write(
        to: folder.appendingPathComponent("Package.swift"))
      return try await Subprocess.run(
        "swift", ["package", "--package-path", folder.path, "dump-package"])
    }
  }

  /// A line that breaks one layer's rule, and the error the compiler gives the manifest for it.
  struct ManifestCanary: Sendable, CustomTestStringConvertible {
    let rule: String
    let line: String
    let error: String
    var testDescription: String { rule }
  }

  /// Two cases of the manifest's `enum Feature` and the first one's module (`search`,
  /// `checkout`, `SearchFeature` in Voyage), read from `Package.swift`, so the canaries hold in a
  /// fork that removed any feature; with one feature left, both cases are that one.
  static let features: (one: String, other: String, module: String) = {
    let manifest =
      (try? String(
        contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    let body =
      manifest.firstMatch(of: /enum Feature: String[^{\n]*\{\n((?:  .*\n)*?)\}/)?.output.1 ?? ""
    let cases = body.matches(of: /case (\w+) = "(\w+)"/).map {
      (String($0.output.1), String($0.output.2))
    }
    let one = cases.first ?? ("search", "SearchFeature")
    return (one.0, cases.dropFirst().first?.0 ?? one.0, one.1)
  }()

  /// One canary per rule the manifest's signatures hold; `ArchitectureLearningJourney.md` quotes
  /// these errors, and `RuleCanaryTests` checks that each rule it names has its canary here.
  static let manifestCanaries = [
    ManifestCanary(
      rule: "a feature cannot name an implementation",
      line: "_ = feature(.\(features.one), uses: [.infrastructure(.bookingData)])",
      error: "type 'FeatureDependency' has no member 'infrastructure'"),
    ManifestCanary(
      rule: "a feature cannot name another feature",
      line: "_ = feature(.\(features.one), uses: [.feature(.\(features.other))])",
      error: "type 'FeatureDependency' has no member 'feature'"),
    ManifestCanary(
      rule: "a feature cannot name a test-support module",
      line: "_ = feature(.\(features.one), uses: [.testSupport(.booking)])",
      error: "type 'FeatureDependency' has no member 'testSupport'"),
    ManifestCanary(
      rule: "infrastructure cannot name a feature",
      line: "_ = infrastructure(.networking, implements: [], uses: [.feature(.\(features.one))])",
      error: "type 'InfrastructureDependency' has no member 'feature'"),
    ManifestCanary(
      rule: "infrastructure cannot name a feature by its name",
      line:
        "_ = infrastructure(.networking, implements: [], uses: [.infrastructure(\"\(features.module)\")])",
      error: "cannot convert value of type 'String' to expected argument type 'Infrastructure'"),
    ManifestCanary(
      rule: "infrastructure cannot name the App layer",
      line:
        "_ = infrastructure(.networking, implements: [], uses: [.infrastructure(Root.appComposition)])",
      error: "cannot convert value of type 'Root' to expected argument type 'Infrastructure'"),
    ManifestCanary(
      rule: "the front cannot name an implementation",
      line: "_ = front(.commandLineInterface, root: .appComposition, uses: [.bookingData])",
      error: "type 'Feature' has no member 'bookingData'"),
    ManifestCanary(
      rule: "the front cannot name an implementation by its name",
      line: "_ = front(.commandLineInterface, root: .appComposition, uses: [\"BookingData\"])",
      error: "cannot convert value of type 'String' to expected element type 'Feature'"),
    ManifestCanary(
      rule: "an example cannot name an implementation",
      line:
        "_ = example(.\(features.one), product: \"x\", uses: [.infrastructure(.bookingData)], runsAgainst: [])",
      error: "type 'FeatureDependency' has no member 'infrastructure'"),
    ManifestCanary(
      rule: "an example cannot name another feature",
      line:
        "_ = example(.\(features.one), product: \"x\", uses: [.feature(.\(features.other))], runsAgainst: [])",
      error: "type 'FeatureDependency' has no member 'feature'"),
    ManifestCanary(
      rule: "the kernel cannot name a dependency",
      line: "_ = kernel(.sharedKernel, uses: [.interface(.booking)])",
      error: "extra argument 'uses' in call"),
    ManifestCanary(
      rule: "a layer's dependency cannot be made by hand",
      line:
        "_ = feature(.\(features.one), uses: [FeatureDependency(.target(name: \"BookingData\"))])",
      error: "'FeatureDependency' initializer is inaccessible due to 'private' protection level"),
  ]

  @Test(arguments: manifestCanaries)
  func aManifestLineThatBreaksALayerRuleDoesNotCompile(_ canary: ManifestCanary) async throws {
    let outcome = try await evaluateManifest(appending: canary.line)
    #expect(outcome.status != 0)
    #expect(
      outcome.error.contains("error: \(canary.error)"),
      "expected the compiler's '\(canary.error)'; it said:\n\(outcome.error.suffix(1_500))")
  }

  /// The controls: what each layer may name compiles, so a canary cannot fail for another reason.
  @Test func theAllowedLinesBesideTheManifestCanariesCompile() async throws {
    let outcome = try await evaluateManifest(
      appending: """
        _ = feature(.\(Self.features.one), uses: [.kernel(.sharedKernel), .interface(.booking)], testsUse: [.booking])
        _ = infrastructure(.networking, implements: [.booking], uses: [.kernel(.sharedKernel), .interface(.payment), .infrastructure(.sqlite), .systemLibrary(.cSQLite)])
        _ = front(.commandLineInterface, root: .appComposition, uses: [.\(Self.features.one)], testsUse: [.infrastructure(.bookingData)])
        _ = compositionRoot(.appComposition, uses: [.infrastructure(.bookingData), .feature(.\(Self.features.one))])
        _ = example(.\(Self.features.one), product: "x", uses: [.kernel(.sharedKernel), .interface(.booking)], runsAgainst: [.booking])
        """)
    #expect(outcome.status == 0, "\(outcome.error)")
  }

  /// What the types cannot stop: a target appended to the package past every helper compiles,
  /// and the linter's layer rule is the rung that refuses its forbidden dependency.
  @Test func aTargetAppendedPastTheHelpersCompilesAndTheLinterRefusesIt() async throws {
    let feature = Self.features.module
    let appended = try await evaluateManifest(
      appending:
        "package.targets.append(.target(name: \"\(feature)Shortcut\", dependencies: [\"BookingData\"], path: \"Sources/Features/\(feature)Shortcut\"))"
    )
    #expect(appended.status == 0, "\(appended.error)")
    #expect(appended.output.contains("\"\(feature)Shortcut\""))
    let (clean, broken) = try await VoyageConfigurationTests.lintAdding(
      "BookingData", to: feature)
    #expect(clean.status == 0, "\(clean.output)")
    #expect(broken.status == 1)
    // The finding the architecture journey quotes, for the search feature; a fork that removed
    // it checks its first feature.
    let quoted =
      "[layer-dependency] Features target 'SearchFeature' depends on Infrastructure target 'BookingData'"
    #expect(
      broken.output.contains(quoted.replacingOccurrences(of: "SearchFeature", with: feature)),
      "\(broken.output)")
  }

  /// The Swift settings the manifest gives each library target, read from SwiftPM's own
  /// evaluation of it (`dump-package`), as `swiftc` flags, keyed by target name.
  func compilerFlagsOfEachLibraryTarget() async throws -> [(
    target: String, path: String, flags: [String]
  )] {
    let dumped = try await evaluateManifest(appending: "")
    #expect(dumped.status == 0, "\(dumped.error)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(dumped.output.utf8)) as? [String: Any])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    return try targets.filter { $0["type"] as? String == "regular" }.map { target in
      let name = try #require(target["name"] as? String)
      var flags: [String] = []
      for setting in target["settings"] as? [[String: Any]] ?? [] {
        let kind = try #require(setting["kind"] as? [String: Any])
        let (key, value) = try #require(kind.first)
        let argument = (value as? [String: Any])?["_0"] as? String ?? ""
        switch key {
        case "enableUpcomingFeature": flags += ["-enable-upcoming-feature", argument]
        case "enableExperimentalFeature": flags += ["-enable-experimental-feature", argument]
        case "defaultIsolation": flags += ["-default-isolation", argument]
        case "define": flags += ["-D", argument]
        // Warnings as errors (under the WarningsAsErrors trait) change what fails a build, not
        // what type-checks: a canary's verdict is an error either way.
        case "treatAllWarnings": break
        default: Issue.record("\(name): a setting this canary cannot translate: \(key)")
        }
      }
      return (name, target["path"] as? String ?? "", flags)
    }
  }

  func typecheck(_ source: String, flags: [String]) async throws -> Subprocess.Outcome {
    return try await withTemporaryFolder("canary") { folder in
      let file = folder.appendingPathComponent("Canary.swift")
      try Data(source.utf8).write(to: file)
      return try await Subprocess.run(
        "swiftc",
        ["-typecheck", "-swift-version", "6", "-I", Self.modules] + flags + [file.path])
    }
  }

  @Test func codeInEveryFeatureRunsOnTheMainActorAndOtherLayersDoNot() async throws {
    let screen = """
      final class Screen { var title = "" }
      nonisolated func rename(_ screen: Screen) { screen.title = "renamed" }
      """
    let targets = try await compilerFlagsOfEachLibraryTarget()
    let features = targets.filter { $0.path.hasPrefix("Sources/Features/") }
    #expect(!features.isEmpty)
    for feature in features {
      let outcome = try await typecheck(screen, flags: feature.flags)
      #expect(outcome.status != 0, "\(feature.target) does not default to the main actor")
      #expect(
        outcome.error.contains(
          "main actor-isolated property 'title' can not be mutated from a nonisolated context"),
        "\(feature.target): \(outcome.error.suffix(1_000))")
    }
    for other in targets where other.path.hasPrefix("Sources/Infrastructure/") {
      let control = try await typecheck(screen, flags: other.flags)
      #expect(control.status == 0, "control failed for \(other.target): \(control.error)")
    }
  }

  @Test func aPublicDeclarationCannotExposeTypesOfAModuleImportedWithoutPublic() async throws {
    func quote(_ importLine: String) -> String {
      """
      \(importLine)

      public struct Quote {
        public let price: Money
      }
      """
    }
    let targets = try await compilerFlagsOfEachLibraryTarget()
    #expect(!targets.isEmpty)
    for flags in Set(targets.map(\.flags)) {
      let leak = try await typecheck(quote("import SharedKernel"), flags: flags)
      #expect(leak.status != 0, "\(flags): an internal import leaked into a public declaration")
      #expect(
        leak.error.contains(
          "property cannot be declared public because its type uses an internal type"),
        "\(leak.error.suffix(1_000))")
      let declared = try await typecheck(quote("public import SharedKernel"), flags: flags)
      #expect(declared.status == 0, "control failed: \(declared.error)")
    }
  }

  @Test func noTicketIsIssuedForAnOrderThatWasNotPaid() async throws {
    func issue(_ order: String) -> String {
      """
      import BookingInterface
      import SharedKernel

      func issue(
        _ issuer: any TicketIssuer, _ order: \(order), _ reference: SupplierReference
      ) async throws -> Ticket {
        try await issuer.issueTicket(for: order, reference: reference)
      }
      """
    }
    let unpaid = try await typecheck(issue("DraftOrder"), packageName: Self.voyagePackageName)
    #expect(unpaid.status != 0)
    #expect(
      unpaid.error.contains(
        "cannot convert value of type 'DraftOrder' to expected argument type 'PaidOrder'"),
      "\(unpaid.error.suffix(1_000))")
    let paid = try await typecheck(issue("PaidOrder"), packageName: Self.voyagePackageName)
    #expect(paid.status == 0, "control failed: \(paid.error)")
  }
}
