// swift-tools-version: 6.2
//
// Voyage's package, read top to bottom:
//   1. the package: its products and its targets, layer by layer;
//   2. each layer's targets, lowest layer first, with one line on why each module exists;
//   3. the rules: each layer's modules as an enum, and one helper per layer whose parameter types
//      are what that layer may name, so a forbidden dependency does not compile (the manifest
//      canaries in Tests/ArchitectureTests/TypeLevelCanaryTests prove it).
// A target's layer is its folder, `Sources/<Layer>/<Module>`; its tests are `Tests/<Module>Tests`.
// The types cannot stop everything: a line such as `package.targets.append(.target(…))` compiles
// and bypasses every helper. The architecture linter (`Workshop/ArchitectureLinter`, run by
// `Scripts/check.sh`) catches that, and what else a signature cannot express.

import PackageDescription

let package = Package(
  name: "Voyage",
  // iOS 18 / macOS 15, not 17 / 14: the coalescing cache counts with `Synchronization.Atomic`,
  // so its cache-hit path and cancellation handlers never wait for an actor.
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    .executable(name: "voyage", targets: ["voyage"]),
    .library(name: "CommandLineInterface", targets: ["CommandLineInterface"]),
  ] + examples.map(\.product),
  // Named points of the checkout saga where `VOYAGE_TEST_STOP_AT` stops the process dead, as a
  // crash would: the tests and the check suite build with them (`--traits FaultPoints`); a default
  // build, and so the shipping binary, has none.
  traits: [
    .trait(
      name: "FaultPoints",
      description: "Stop the process at a named point of the checkout saga (tests only)."),
    // The strict build on Swift Build (see EveryTarget.swiftSettings).
    .trait(
      name: "WarningsAsErrors", description: "Fail the build of Voyage's targets on any warning."),
    .default(enabledTraits: []),
  ],
  // The architecture linter, a package of its own in the workshop (so adding it to another
  // package brings none of Voyage's targets into that graph): through it, `swift package
  // check-architecture` runs here as it does in any package that adds the linter.
  dependencies: [.package(path: "Workshop/ArchitectureLinter")],
  targets: kernelTargets + interfaceTargets + infrastructureTargets + featureTargets + appTargets
    + examples.map(\.target) + benchmarkTargets + testSupportTargets + architectureTestTargets
)

// MARK: - Kernel: domain values and design tokens; it depends on nothing

var kernelTargets: [Target] {
  // Identifiers, money, trips, queries, orders: the domain and its type-level business rules.
  kernel(.sharedKernel)
    // Terminal design tokens: colours, text styles, symbols and display-width-aware tables.
    + kernel(.designSystem)
    // The logging seam: structured events (level, label, metadata) handed to a sink the
    // composition root chooses; a no-op logger by default.
    + kernel(.eventLog)
}

// MARK: - Interfaces: Sendable protocols and plain values; they use the kernel only

var interfaceTargets: [Target] {
  // Searching bookable trips, issuing tickets for paid orders, and listing them; its tests
  // hold the in-memory ledger to the order ledger's contract.
  interface(.booking, testsUse: [.booking])
    // Charging a payment method once per idempotency key.
    + interface(.payment)
}

// MARK: - Infrastructure: the interfaces implemented, and what implementations are built on

var infrastructureTargets: [Target] {
  // A value guarded by a pthread mutex, for the infrastructure's few synchronous hot paths (a
  // cache hit, a cancellation handler): a concurrency primitive, so not the kernel's, which holds
  // values and tokens only.
  infrastructure(.locking, implements: [])
    // Domain-agnostic HTTP: requests, socket, URLSession and in-process transports, one deadline
    // for a whole call, safe retries, JSON.
    + infrastructure(
      .networking, implements: [],
      uses: [.kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.locking)],
      testsUse: [.testTool(.loopbackServers)])
    // What SQLite and PostgreSQL statements take and give back, written once for both: the value
    // a statement binds or returns, and rows read by column name with typed accessors. Its tests
    // hold both databases to one contract.
    + infrastructure(
      .sqlValues, implements: [],
      testsUse: [
        .infrastructure(.sqlite), .infrastructure(.postgreSQL),
        .testTool(.postgreSQLTestServer),
      ])
    // SQLite, the embedded database (libsqlite3-dev on Debian).
    + [systemLibrary(.cSQLite, pkgConfig: "sqlite3", apt: ["libsqlite3-dev"], brew: ["sqlite"])]
    // One SQLite file: WAL, foreign keys, bound parameters, forward migrations, typed errors.
    + infrastructure(
      .sqlite, implements: [],
      uses: [.kernel(.eventLog), .infrastructure(.sqlValues), .systemLibrary(.cSQLite)],
      testsUse: [.testTool(.temporaryFolders)])
    // libpq, PostgreSQL's client library (libpq-dev on Debian).
    + [systemLibrary(.cLibPQ, pkgConfig: "libpq", apt: ["libpq-dev"], brew: ["libpq"])]
    // A PostgreSQL database: bound parameters, transactions, forward migrations, typed errors with
    // the SQLSTATE, each blocking libpq call on a thread outside the cooperative pool.
    + infrastructure(
      .postgreSQL, implements: [],
      uses: [.kernel(.eventLog), .infrastructure(.sqlValues), .systemLibrary(.cLibPQ)],
      testsUse: [.testTool(.postgreSQLTestServer)])
    // The travel supplier's API played in-process: a seeded catalog, durable holds and bookings
    // in its own SQLite file, latency and faults on demand.
    + infrastructure(
      .supplierSandbox, implements: [],
      uses: [
        .kernel(.sharedKernel), .infrastructure(.networking), .infrastructure(.sqlite),
        .infrastructure(.locking), .infrastructure(.sqlValues),
      ],
      testsUse: [.testTool(.temporaryFolders)])
    // The supplier's HTTP client and the coalescing cache in front of it.
    + infrastructure(
      .bookingData, implements: [.booking],
      uses: [
        .kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.networking),
        .infrastructure(.locking),
      ],
      testsUse: [
        .infrastructure(.supplierSandbox), .baseline(.coalescing), .testSupport(.booking),
        .testTool(.temporaryFolders),
      ])
    // A payment provider's test mode played in-process, its charges kept durably by idempotency
    // key.
    + infrastructure(
      .paymentSandbox, implements: [],
      uses: [
        .kernel(.sharedKernel), .interface(.payment), .infrastructure(.networking),
        .infrastructure(.sqlite), .infrastructure(.locking), .infrastructure(.sqlValues),
      ],
      testsUse: [.testTool(.temporaryFolders)])
    // The payment provider's HTTP client; the one module that mints receipts.
    + infrastructure(
      .paymentData, implements: [.payment],
      uses: [.kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.networking)],
      testsUse: [
        .infrastructure(.paymentSandbox), .infrastructure(.sqlite),
        .testTool(.loopbackServers), .testTool(.temporaryFolders),
      ])
    // The order ledger's rows, written once for both ledgers below: how a row of either database
    // reads into an order or a ticket, and what each write puts in it.
    + infrastructure(
      .ledgerRows, implements: [],
      uses: [.kernel(.sharedKernel), .interface(.booking), .infrastructure(.sqlValues)])
    // The order ledger: orders before payment, tickets with completion, in one SQLite file.
    + infrastructure(
      .sqliteLedgerData, implements: [.booking],
      uses: [
        .kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.sqlite),
        .infrastructure(.sqlValues), .infrastructure(.ledgerRows),
      ],
      testsUse: [
        .interface(.payment), .infrastructure(.paymentData), .infrastructure(.paymentSandbox),
        .infrastructure(.networking), .testSupport(.booking), .testTool(.temporaryFolders),
      ])
    // The order ledger in a PostgreSQL database that several instances share: the same record
    // and guarantees as SQLiteLedgerData's, each order's row locked by the step that moves it.
    + infrastructure(
      .postgreSQLLedgerData, implements: [.booking],
      uses: [
        .kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.postgreSQL),
        .infrastructure(.locking), .infrastructure(.sqlValues), .infrastructure(.ledgerRows),
      ],
      testsUse: [
        .testSupport(.booking), .testTool(.postgreSQLTestServer), .infrastructure(.sqlite),
      ])
    // Any order ledger, each call told to a log: a decorator the composition root applies to
    // whichever ledger it opened.
    + infrastructure(
      .ledgerLogging, implements: [.booking], uses: [.kernel(.sharedKernel), .kernel(.eventLog)],
      testsUse: [.testSupport(.booking)])
    // Where events go: a readable line or a JSON object a line, on stderr or appended to a file;
    // the composition root chooses.
    + infrastructure(
      .logSinks, implements: [], uses: [.kernel(.eventLog), .kernel(.designSystem)],
      testsUse: [.testTool(.subprocesses)])
}

// MARK: - Features: screens and their state machines; they use the kernel and interfaces only

var featureTargets: [Target] {
  // Searching and showing trips: a state machine over TripRepository, rendered as text or JSON.
  feature(
    .search, uses: [.kernel(.sharedKernel), .kernel(.designSystem), .interface(.booking)],
    testsUse: [.booking])
    // Buying a trip and giving it back: the checkout saga (draft, hold, charge, confirm, ticket,
    // each step recorded, each with its compensation), cancellation, and their state machine.
    + feature(
      .checkout,
      uses: [
        .kernel(.sharedKernel), .kernel(.designSystem), .kernel(.eventLog), .interface(.booking),
        .interface(.payment),
      ],
      testsUse: [.booking, .payment])
    // A person's tickets and unfinished orders, read from the ledger, rendered as text or JSON.
    + feature(
      .tickets,
      uses: [.kernel(.sharedKernel), .kernel(.designSystem), .interface(.booking)],
      testsUse: [.booking])
}

// MARK: - App: the composition root, the front, and the executable

var appTargets: [Target] {
  // The composition root: builds the object graph, hands out features, routes their outputs.
  compositionRoot(
    .appComposition,
    uses: [
      .kernel(.sharedKernel), .kernel(.designSystem), .kernel(.eventLog), .interface(.booking),
      .interface(.payment), .infrastructure(.logSinks),
      .infrastructure(.bookingData), .infrastructure(.supplierSandbox),
      .infrastructure(.paymentData), .infrastructure(.paymentSandbox),
      .infrastructure(.sqliteLedgerData), .infrastructure(.ledgerLogging),
      // The PostgreSQL ledger, on Linux only, so an Apple app that embeds Voyage never compiles
      // or links libpq (see PostgreSQLLedgerData's README for why a platform and not a trait).
      .linuxOnly(.postgreSQLLedgerData),
      .feature(.search), .feature(.checkout), .feature(.tickets),
    ],
    testsUse: [.testTool(.temporaryFolders)])
    // The command line: each command's parsing and help, the interactive session and the demo.
    + front(
      .commandLineInterface, root: .appComposition,
      uses: [.search, .checkout, .tickets],
      testsUse: [
        .infrastructure(.sqlite), .infrastructure(.paymentSandbox),
        .infrastructure(.supplierSandbox), .infrastructure(.postgreSQL),
        .infrastructure(.sqlValues), .testTool(.loopbackServers), .testTool(.postgreSQLTestServer),
        .testTool(.subprocesses), .testTool(.temporaryFolders),
      ])
    // The `voyage` command: a few lines that hand the process to the command line.
    + [executable("voyage", front: .commandLineInterface)]
}

// MARK: - Examples: each feature run alone against the interfaces' doubles

var examples: [(target: Target, product: Product)] {
  [
    // Search against canned trips: `swift run search-example Lisbon`.
    example(
      .search, product: "search-example",
      uses: [.kernel(.sharedKernel), .kernel(.designSystem)], runsAgainst: [.booking]),
    // The checkout saga against the in-memory supplier, payment provider and ledger.
    example(
      .checkout, product: "checkout-example",
      uses: [.kernel(.sharedKernel), .kernel(.designSystem), .interface(.payment)],
      runsAgainst: [.booking, .payment]),
    // A canned ledger's tickets.
    example(
      .tickets, product: "tickets-example",
      uses: [.kernel(.sharedKernel), .kernel(.designSystem)], runsAgainst: [.booking]),
  ]
}

// MARK: - Benchmarks: run on purpose (`swift run -c release <name>`), never by the tests

var benchmarkTargets: [Target] {
  [
    // The textbook coalescer (an actor and a dictionary of in-flight tasks), the coalescing
    // cache's baseline in its benchmark and its contract tests.
    baseline(.coalescing, implements: [.booking]),
    // Stampede, cache-hit, cancellation-storm and memory figures of the coalescing cache, beside
    // the textbook coalescer and the upstream awaited directly.
    benchmark(
      "BookingDataBenchmark",
      uses: [
        .infrastructure(.bookingData), .interface(.booking), .baseline(.coalescing),
        .kernel(.sharedKernel), .infrastructure(.locking),
      ]),
    // The checkout saga's throughput and latency against both sandboxes, on the SQLite ledger and
    // the PostgreSQL one side by side, and proof that nothing oversold; and the server ledger
    // beside its floor, the same statements sent by bare libpq.
    benchmark(
      "CheckoutBenchmark",
      uses: [
        .infrastructure(.bookingData), .interface(.booking), .feature(.checkout),
        .infrastructure(.sqliteLedgerData), .infrastructure(.ledgerLogging),
        .infrastructure(.paymentData), .interface(.payment),
        .infrastructure(.paymentSandbox), .infrastructure(.postgreSQL),
        .infrastructure(.sqlValues), .infrastructure(.postgreSQLLedgerData), .kernel(.sharedKernel),
        .infrastructure(.supplierSandbox),
        .kernel(.eventLog), .kernel(.designSystem), .infrastructure(.logSinks),
        .infrastructure(.locking),
      ],
      floors: [.cLibPQ]),
  ]
}

// MARK: - Test support: doubles and tools that only test targets may name

var testSupportTargets: [Target] {
  // In-memory catalog, place reservations and order ledger, with failures and pauses on demand.
  [testSupport(.booking)]
    // An in-memory payment provider: one charge per key, refunds, declines and silence on demand.
    + [testSupport(.payment)]
    // HTTP servers on loopback that go silent, drip, reset, close or lie, for live transports.
    + [testTool(.loopbackServers, programs: ["misbehaving-http-server.py"])]
    // The PostgreSQL server the server-database tests use, or why they are skipped.
    + [testTool(.postgreSQLTestServer, uses: [.subprocesses])]
    // One way to run a program to completion and read its status, stdout and stderr.
    + [testTool(.subprocesses)]
    // A test's own temporary folder, removed when the test is done with it.
    + [testTool(.temporaryFolders)]
}

// MARK: - Architecture tests: Voyage's own architecture proved

var architectureTestTargets: [Target] {
  [
    // The type-level canaries, which type-check forbidden code against the built SharedKernel
    // and BookingInterface; the docs' rule tables against the linter's fixtures; the
    // scaffolding, forking, migration and measurement scripts.
    .testTarget(
      name: "ArchitectureTests",
      dependencies: [
        Kernel.sharedKernel.target, Interface.booking.target, TestTool.subprocesses.target,
        TestTool.temporaryFolders.target,
      ],
      path: "Tests/ArchitectureTests",
      swiftSettings: EveryTarget.swiftSettings,
      plugins: EveryTarget.plugins
    )
  ]
}

// MARK: - The rules: every module, named by its layer's enum

/// A module named by a case of its layer's enum, whose raw value is the target's name; a module
/// is never named by a string.
protocol LayerModule: RawRepresentable<String> {}

extension LayerModule {
  /// A dependency on this module's target.
  var target: Target.Dependency { .target(name: rawValue) }
}

/// Domain values and design tokens that everything may use; they depend on nothing.
enum Kernel: String, LayerModule {
  case sharedKernel = "SharedKernel"
  case designSystem = "DesignSystem"
  case eventLog = "EventLog"
}

/// Sendable protocols and plain values that split "what" from "how".
enum Interface: String, LayerModule {
  case booking = "BookingInterface"
  case payment = "PaymentInterface"
}

/// Implementations of the interfaces and the clients, databases and sandboxes they are built on.
enum Infrastructure: String, LayerModule {
  case networking = "Networking"
  case sqlValues = "SQLValues"
  case sqlite = "SQLite"
  case supplierSandbox = "SupplierSandbox"
  case bookingData = "BookingData"
  case paymentSandbox = "PaymentSandbox"
  case paymentData = "PaymentData"
  case ledgerRows = "LedgerRows"
  case sqliteLedgerData = "SQLiteLedgerData"
  case postgreSQL = "PostgreSQL"
  case postgreSQLLedgerData = "PostgreSQLLedgerData"
  case ledgerLogging = "LedgerLogging"
  case logSinks = "LogSinks"
  case locking = "Locking"
}

/// C libraries of the system, each wrapped by a module map; only infrastructure may use them.
enum SystemLibrary: String, LayerModule {
  case cSQLite = "CSQLite"
  case cLibPQ = "CLibPQ"
}

/// Screens and their state machines, each behind one entry point.
enum Feature: String, LayerModule {
  case search = "SearchFeature"
  case checkout = "CheckoutFeature"
  case tickets = "TicketsFeature"
}

/// The composition root: the one module that sees every implementation.
enum Root: String, LayerModule {
  case appComposition = "AppComposition"
}

/// The front: what drives the features the root hands out (here, the command line).
enum Front: String, LayerModule {
  case commandLineInterface = "CommandLineInterface"
}

/// Hand-written doubles of an interface, written once for every test target (and every feature's
/// example) that needs them.
enum TestSupport: String, LayerModule {
  case booking = "BookingInterfaceTestSupport"
  case payment = "PaymentInterfaceTestSupport"

  /// The interface whose doubles it holds: the one module (besides the kernel) it may use.
  var interface: Interface {
    switch self {
    case .booking: .booking
    case .payment: .payment
    }
  }
}

/// Test support that doubles no interface: servers and tools shared by the tests of several
/// modules, in `Tests/Support/<name>`.
enum TestTool: String, LayerModule {
  case loopbackServers = "LoopbackServers"
  case postgreSQLTestServer = "PostgreSQLTestServer"
  case subprocesses = "Subprocesses"
  case temporaryFolders = "TemporaryFolders"
}

/// Simple versions of what an implementation does well, kept to measure and test the real one
/// against; only benchmarks and test targets name them.
enum Baseline: String, LayerModule {
  case coalescing = "CoalescingBaselines"
}

// MARK: - The rules: what each layer may name

// Each of these is made only by its static functions (its initializer is private), so the
// functions a type has are the whole of what its layer may name.

/// What a feature may name: the kernel and the interfaces, never another feature, an
/// implementation or a test double.
struct FeatureDependency {
  let target: Target.Dependency
  private init(_ target: Target.Dependency) { self.target = target }

  static func kernel(_ module: Kernel) -> Self { Self(module.target) }
  static func interface(_ module: Interface) -> Self { Self(module.target) }
}

/// What an infrastructure module may use besides the interfaces it implements: nothing can name
/// a feature or the App layer.
struct InfrastructureDependency {
  let target: Target.Dependency
  private init(_ target: Target.Dependency) { self.target = target }

  static func kernel(_ module: Kernel) -> Self { Self(module.target) }
  static func interface(_ module: Interface) -> Self { Self(module.target) }
  static func infrastructure(_ module: Infrastructure) -> Self { Self(module.target) }
  static func systemLibrary(_ library: SystemLibrary) -> Self { Self(library.target) }
  /// A third-party product: allowed in Infrastructure (and the App layer) only.
  static func product(_ name: String, package: String) -> Self {
    Self(.product(name: name, package: package))
  }
}

/// What a module's tests may use besides the module itself: the lower layers, other
/// infrastructure, and test support, which no production target may name.
struct TestDependency {
  let target: Target.Dependency
  private init(_ target: Target.Dependency) { self.target = target }

  static func kernel(_ module: Kernel) -> Self { Self(module.target) }
  static func interface(_ module: Interface) -> Self { Self(module.target) }
  static func infrastructure(_ module: Infrastructure) -> Self { Self(module.target) }
  static func testSupport(_ module: TestSupport) -> Self { Self(module.target) }
  static func testTool(_ tool: TestTool) -> Self { Self(tool.target) }
  static func baseline(_ module: Baseline) -> Self { Self(module.target) }
}

/// Any module below the App layer, for the two places that may use every one of them: the
/// composition root and the benchmarks.
struct Module {
  let target: Target.Dependency
  private init(_ target: Target.Dependency) { self.target = target }

  static func kernel(_ module: Kernel) -> Self { Self(module.target) }
  static func interface(_ module: Interface) -> Self { Self(module.target) }
  static func infrastructure(_ module: Infrastructure) -> Self { Self(module.target) }
  static func feature(_ module: Feature) -> Self { Self(module.target) }
  /// An implementation only Linux builds link, so an Apple app embedding Voyage never does.
  static func linuxOnly(_ module: Infrastructure) -> Self {
    Self(.target(name: module.rawValue, condition: .when(platforms: [.linux])))
  }
  /// A baseline to compare an implementation with (benchmarks only use it).
  static func baseline(_ module: Baseline) -> Self { Self(module.target) }
}

// MARK: - The rules: one helper per layer (the signatures are the rules)

/// A Kernel module: no parameter can name a dependency, so the kernel depends on nothing.
func kernel(_ module: Kernel) -> [Target] {
  moduleTargets(module.rawValue, layer: "Kernel", dependencies: [])
}

/// An Interfaces module: it sees SharedKernel and nothing else. `testsUse` names the doubles
/// its tests hold to the interface's contract.
func interface(_ module: Interface, testsUse doubles: [TestSupport] = []) -> [Target] {
  moduleTargets(
    module.rawValue, layer: "Interfaces", dependencies: [Kernel.sharedKernel.target],
    testDependencies: doubles.map(\.target))
}

/// A Features module: it may use the kernel and interfaces only, and runs on the main actor.
/// `testsUse` names the interfaces' doubles its tests run it against.
func feature(
  _ module: Feature, uses dependencies: [FeatureDependency], testsUse doubles: [TestSupport] = []
) -> [Target] {
  moduleTargets(
    module.rawValue, layer: "Features", dependencies: dependencies.map(\.target),
    testDependencies: doubles.map(\.target), swiftSettings: EveryTarget.featureSwiftSettings)
}

/// An Infrastructure module: it implements interfaces and may use the kernel, other
/// infrastructure, system libraries and third-party products; no parameter can name a feature.
/// `testsUse` names what only its tests need, such as a sandbox to test a client against, a
/// double, a loopback server or a baseline to run the same contract on.
func infrastructure(
  _ module: Infrastructure,
  implements interfaces: [Interface],
  uses dependencies: [InfrastructureDependency] = [],
  testsUse testDependencies: [TestDependency] = []
) -> [Target] {
  moduleTargets(
    module.rawValue, layer: "Infrastructure",
    dependencies: interfaces.map(\.target) + dependencies.map(\.target),
    testDependencies: testDependencies.map(\.target))
}

/// A C library of the system, declared in `Sources/Infrastructure/<name>` with a module map;
/// only infrastructure modules may use it (through `.systemLibrary(name)`).
func systemLibrary(
  _ library: SystemLibrary, pkgConfig: String, apt: [String], brew: [String]
) -> Target {
  .systemLibrary(
    name: library.rawValue,
    path: "Sources/Infrastructure/\(library.rawValue)",
    pkgConfig: pkgConfig,
    providers: [.apt(apt), .brew(brew)]
  )
}

/// The App layer's composition root: the one module allowed to see every implementation. It
/// builds the graph and hands out features; it holds no parsing and no screens.
/// `testsUse` names what only its tests need, such as a temporary home for the graph it builds.
func compositionRoot(
  _ root: Root, uses dependencies: [Module], testsUse testDependencies: [TestDependency] = []
) -> [Target] {
  moduleTargets(
    root.rawValue, layer: "App", dependencies: dependencies.map(\.target),
    testDependencies: testDependencies.map(\.target))
}

/// The App layer's front: commands, parsing, help and the interactive session, driving the
/// features the composition root hands out. It names features and the root, never an
/// implementation (`uses` takes features only), and it uses the interfaces those features use
/// (their entry points take and return the interfaces' types), read from the features' own
/// entries, so a fork that drops a feature drops what only that feature needed. Its tests run
/// the real `voyage` binary and compare help texts with the files in `Snapshots/`; `testsUse`
/// names what only they need, such as the database to check files after a crash, or a loopback
/// server that misbehaves. (`@MainActor` because it reads `featureTargets`, which, like all of
/// a manifest's top-level values, belongs to the main actor.)
@MainActor
func front(
  _ front: Front, root: Root, uses features: [Feature],
  testsUse testDependencies: [TestDependency] = []
) -> [Target] {
  let driven = Set(features.map(\.rawValue))
  let namedByFeatures = Set(
    featureTargets.filter { driven.contains($0.name) }.flatMap(\.dependencies).compactMap {
      dependency -> String? in
      guard case .targetItem(let name, _) = dependency else { return nil }
      return name
    })
  let interfaces = namedByFeatures.sorted().compactMap(Interface.init(rawValue:))
  return moduleTargets(
    front.rawValue, layer: "App",
    dependencies: [root.target] + features.map(\.target)
      + [Kernel.sharedKernel.target, Kernel.designSystem.target] + interfaces.map(\.target),
    testDependencies: testDependencies.map(\.target),
    testExclusions: ["Snapshots"])
}

/// The App layer's executable: a thin `main.swift` that hands the process to the front.
func executable(_ name: String, front: Front) -> Target {
  .executableTarget(
    name: name,
    dependencies: [front.target],
    path: "Sources/App/\(name)",
    exclude: ["README.md"],
    swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins
  )
}

/// A feature's example: an executable in `Sources/Examples/<Feature>Example` that runs the feature
/// alone against the interfaces' doubles, the fastest build the feature's developers have. It
/// names its feature, what the feature may use (`FeatureDependency`: the kernel and interfaces)
/// and the doubles it runs against; no parameter can name another feature, an implementation or
/// the App layer. `swift run <product>` runs it.
func example(
  _ feature: Feature, product: String, uses dependencies: [FeatureDependency],
  runsAgainst doubles: [TestSupport]
) -> (target: Target, product: Product) {
  let name = "\(feature.rawValue)Example"
  let target = Target.executableTarget(
    name: name,
    dependencies: [feature.target] + dependencies.map(\.target) + doubles.map(\.target),
    path: "Sources/Examples/\(name)",
    exclude: ["README.md"],
    swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins
  )
  return (target, .executable(name: product, targets: [name]))
}

/// A release-mode benchmark, run on purpose (`swift run -c release <name>`), never by the tests.
/// It may use any module, like the App layer, and lives in `Benchmarks/<name>`.
/// `floors` are C libraries of the system it calls bare, to measure what a library costs without
/// Voyage's code around it; only a benchmark may name one besides infrastructure.
func benchmark(_ name: String, uses dependencies: [Module], floors: [SystemLibrary] = []) -> Target
{
  .executableTarget(
    name: name,
    dependencies: dependencies.map(\.target) + floors.map(\.target),
    path: "Benchmarks/\(name)",
    exclude: ["README.md"],
    swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins
  )
}

/// A baseline library in `Benchmarks/<name>`: it implements interfaces on the kernel alone, and
/// since no layer but Benchmarks may use Benchmarks, only benchmarks and tests can name it.
func baseline(_ module: Baseline, implements interfaces: [Interface]) -> Target {
  .target(
    name: module.rawValue,
    dependencies: [Kernel.sharedKernel.target] + interfaces.map(\.target),
    path: "Benchmarks/\(module.rawValue)",
    exclude: ["README.md"],
    swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins
  )
}

/// Test support: the doubles of one interface in `Tests/Support/<name>`, a library that only test
/// targets may name (the linter checks), using the kernel and that interface alone.
func testSupport(_ module: TestSupport) -> Target {
  .target(
    name: module.rawValue,
    dependencies: [Kernel.sharedKernel.target, module.interface.target],
    path: "Tests/Support/\(module.rawValue)",
    exclude: ["README.md"],
    swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins
  )
}

/// A test tool in `Tests/Support/<name>`: shared by the tests of several modules, a library only
/// test targets may name (the linter checks). `uses` names the other test tools it is built on;
/// `programs` are files it runs that are not Swift.
func testTool(_ tool: TestTool, uses tools: [TestTool] = [], programs: [String] = []) -> Target {
  .target(
    name: tool.rawValue, dependencies: tools.map(\.target),
    path: "Tests/Support/\(tool.rawValue)",
    exclude: ["README.md"] + programs, swiftSettings: EveryTarget.swiftSettings,
    plugins: EveryTarget.plugins)
}

/// A library target in `Sources/<layer>/<name>` and its test target in `Tests/<name>Tests`.
func moduleTargets(
  _ name: String,
  layer: String,
  dependencies: [Target.Dependency],
  testDependencies: [Target.Dependency] = [],
  testExclusions: [String] = [],
  swiftSettings: [SwiftSetting] = EveryTarget.swiftSettings
) -> [Target] {
  [
    .target(
      name: name,
      dependencies: dependencies,
      path: "Sources/\(layer)/\(name)",
      exclude: ["README.md"],
      swiftSettings: swiftSettings,
      plugins: EveryTarget.plugins
    ),
    .testTarget(
      name: "\(name)Tests",
      dependencies: [.target(name: name)] + dependencies + testDependencies,
      path: "Tests/\(name)Tests",
      exclude: testExclusions,
      swiftSettings: swiftSettings,
      plugins: EveryTarget.plugins
    ),
  ]
}

// MARK: - Shared settings

/// What every target has, so each upcoming feature and the build's architecture check are
/// switched on in one place.
enum EveryTarget {
  static let swiftSettings: [SwiftSetting] = [
    // SE-0409: imports are internal unless marked, so a file's `public import` lines are its
    // leak list.
    .enableUpcomingFeature("InternalImportsByDefault"),
    // SE-0335: an existential is spelled `any P`, so the cost of a protocol type is visible.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: a member of a module is visible only in files that import that module.
    .enableUpcomingFeature("MemberImportVisibility"),
    // Voyage's own targets only: Swift Build compiles a dependency package (the linter's) with
    // -suppress-warnings, which `-Xswiftc -warnings-as-errors` would reach and conflict with.
    .treatAllWarnings(as: .error, .when(traits: ["WarningsAsErrors"])),
  ]

  /// Features hold UI state; SE-0466 makes the main actor their default isolation.
  static let featureSwiftSettings: [SwiftSetting] =
    swiftSettings + [.defaultIsolation(MainActor.self)]

  /// The architecture linter as a step of each target's build: a file that imports a module its
  /// target does not declare, or breaks a rule of `architecture.json`, fails the build, on either
  /// build engine and whether or not SwiftPM's own import check is on.
  /// (Computed: a plugin usage is not `Sendable`, so it cannot be a stored static.)
  static var plugins: [Target.PluginUsage] {
    [.plugin(name: "CheckArchitectureBuildTool", package: "ArchitectureLinter")]
  }
}
