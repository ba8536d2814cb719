// swift-tools-version: 6.2
//
// Voyage's architecture, read top to bottom:
//   1. every layer's modules as an enum, so a helper's parameter types say which a layer may use;
//   2. one helper per layer, whose signature is the layer's dependency rule (a forbidden dependency is
//      a compile error of this file, proved by the manifest canaries in TypeLevelCanaryTests);
//   3. the targets, one `// MARK: -` section per layer, lowest layer first.
// A target's layer is its folder: `Sources/<Layer>/<Target>`, tested in `Tests/<Target>Tests`,
// whose doubles of an interface are shared from `Tests/Support/<Interface>TestSupport`;
// each module folder has a README.md (excluded from the build) whose graph the linter maintains.
// The architecture linter (`Workshop/ArchitectureLinter/`, a package of its own) checks what a signature
// cannot express.

import PackageDescription

// MARK: - Modules, by layer, named by type

/// Domain values and design tokens that everything may use; they depend on nothing.
enum Kernel: String {
  case sharedKernel = "SharedKernel"
  case designSystem = "DesignSystem"
  case eventLog = "EventLog"
}

/// Sendable protocols and plain values that split "what" from "how".
enum Interface: String {
  case booking = "BookingInterface"
  case payment = "PaymentInterface"
}

/// Implementations of the interfaces and the clients, databases and sandboxes they are built on.
enum Infrastructure: String {
  case networking = "Networking"
  case sqlValues = "SQLValues"
  case embeddedDatabase = "EmbeddedDatabase"
  case supplierSandbox = "SupplierSandbox"
  case bookingData = "BookingData"
  case paymentSandbox = "PaymentSandbox"
  case paymentData = "PaymentData"
  case ledgerData = "LedgerData"
  case serverDatabase = "ServerDatabase"
  case serverLedgerData = "ServerLedgerData"
  case logSinks = "LogSinks"
  case locking = "Locking"
}

/// C libraries of the system, each wrapped by a module map; only infrastructure may use them.
enum SystemLibrary: String {
  case sqlite = "CSQLite"
  case libpq = "CLibPQ"
}

/// Screens and their state machines, each behind one entry point.
enum Feature: String {
  case search = "SearchFeature"
  case checkout = "CheckoutFeature"
  case tickets = "TicketsFeature"
}

/// The composition root: the one module that sees every implementation.
enum Root: String {
  case appComposition = "AppComposition"
}

/// The front: what drives the features the root hands out (here, the command line).
enum Front: String {
  case commandLineInterface = "CommandLineInterface"
}

/// Hand-written doubles of an interface, written once for every test target (and every feature's
/// example) that needs them.
enum TestSupport: String {
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
enum TestTool: String {
  case loopbackServers = "LoopbackServers"
  case postgreSQLTestServer = "PostgreSQLTestServer"
  case subprocesses = "Subprocesses"
  case temporaryFolders = "TemporaryFolders"
}

/// Simple versions of what an implementation does well, kept to measure and test the real one
/// against; only benchmarks and test targets name them.
enum Baseline: String {
  case coalescing = "CoalescingBaselines"
}

/// What a feature may name: the kernel and the interfaces, never another feature, an implementation or
/// a test double.
enum FeatureDependency {
  case kernel(Kernel)
  case interface(Interface)
}

/// What an infrastructure module may use besides the interfaces it implements: no case can name a
/// feature or the App layer.
enum InfrastructureDependency {
  case kernel(Kernel)
  case interface(Interface)
  case infrastructure(Infrastructure)
  case systemLibrary(SystemLibrary)
  case product(String, package: String)
}

/// What an infrastructure module's tests (and the front's) may use besides the module itself:
/// the lower layers, other infrastructure, and test support, which no production target may name.
enum TestDependency {
  case kernel(Kernel)
  case interface(Interface)
  case infrastructure(Infrastructure)
  case testSupport(TestSupport)
  case testTool(TestTool)
  case baseline(Baseline)

  /// The target it names.
  var dependency: Target.Dependency {
    switch self {
    case .kernel(let module): .target(name: module.rawValue)
    case .interface(let module): .target(name: module.rawValue)
    case .infrastructure(let module): .target(name: module.rawValue)
    case .testSupport(let module): .target(name: module.rawValue)
    case .testTool(let tool): .target(name: tool.rawValue)
    case .baseline(let module): .target(name: module.rawValue)
    }
  }
}

/// Any module below the App layer, for the two places that may use every one of them: the
/// composition root and the benchmarks.
enum Module {
  case kernel(Kernel)
  case interface(Interface)
  case infrastructure(Infrastructure)
  case feature(Feature)
  /// An implementation only Linux builds link, so an Apple app embedding Voyage never does.
  case linuxOnly(Infrastructure)
  /// A baseline to compare an implementation with (benchmarks only use it).
  case baseline(Baseline)

  /// The target it names.
  var dependency: Target.Dependency {
    switch self {
    case .kernel(let module): .target(name: module.rawValue)
    case .interface(let module): .target(name: module.rawValue)
    case .infrastructure(let module): .target(name: module.rawValue)
    case .feature(let module): .target(name: module.rawValue)
    case .linuxOnly(let module):
      .target(name: module.rawValue, condition: .when(platforms: [.linux]))
    case .baseline(let module): .target(name: module.rawValue)
    }
  }
}

// MARK: - Shared settings

/// Applied to every target, so each upcoming feature is switched on in one place.
let sharedSwiftSettings: [SwiftSetting] = [
  // SE-0409: imports are internal unless marked, so a file's `public import` lines are its leak list.
  .enableUpcomingFeature("InternalImportsByDefault"),
  // SE-0335: an existential is spelled `any P`, so the cost of a protocol type is visible.
  .enableUpcomingFeature("ExistentialAny"),
  // SE-0444: a member of a module is visible only in files that import that module.
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// Features hold UI state; SE-0466 makes the main actor their default isolation.
let featureSwiftSettings: [SwiftSetting] =
  sharedSwiftSettings + [
    .defaultIsolation(MainActor.self)
  ]

// MARK: - Layer helpers (the signatures are the rules)

/// A Kernel module: no parameter can name a dependency, so the kernel depends on nothing.
func kernel(_ module: Kernel) -> [Target] {
  moduleTargets(module.rawValue, layer: "Kernel", dependencies: [])
}

/// An Interfaces module: it sees SharedKernel and nothing else. `testsUse` names the doubles
/// its tests hold to the interface's contract.
func interface(_ module: Interface, testsUse doubles: [TestSupport] = []) -> [Target] {
  moduleTargets(
    module.rawValue, layer: "Interfaces",
    dependencies: [.target(name: Kernel.sharedKernel.rawValue)],
    testDependencies: doubles.map { .target(name: $0.rawValue) })
}

/// A Features module: it may use the kernel and interfaces only, and runs on the main actor.
/// `testsUse` names the interfaces' doubles its tests run it against.
func feature(
  _ module: Feature, uses dependencies: [FeatureDependency], testsUse doubles: [TestSupport] = []
) -> [Target] {
  let names = dependencies.map { dependency in
    switch dependency {
    case .kernel(let module): module.rawValue
    case .interface(let module): module.rawValue
    }
  }
  return moduleTargets(
    module.rawValue,
    layer: "Features",
    dependencies: names.map { .target(name: $0) },
    testDependencies: doubles.map { .target(name: $0.rawValue) },
    swiftSettings: featureSwiftSettings
  )
}

/// An Infrastructure module: it implements interfaces and may use the kernel, other infrastructure,
/// system libraries and third-party products; no parameter can name a feature.
/// `testsUse` names what only its tests need, such as a sandbox to test a client against, a
/// double, a loopback server or a baseline to run the same contract on.
func infrastructure(
  _ module: Infrastructure,
  implements interfaces: [Interface],
  uses dependencies: [InfrastructureDependency] = [],
  testsUse testDependencies: [TestDependency] = []
) -> [Target] {
  func targetDependency(_ dependency: InfrastructureDependency) -> Target.Dependency {
    switch dependency {
    case .kernel(let module): .target(name: module.rawValue)
    case .interface(let module): .target(name: module.rawValue)
    case .infrastructure(let module): .target(name: module.rawValue)
    case .systemLibrary(let library): .target(name: library.rawValue)
    case .product(let name, let package): .product(name: name, package: package)
    }
  }
  return moduleTargets(
    module.rawValue,
    layer: "Infrastructure",
    dependencies: interfaces.map { .target(name: $0.rawValue) }
      + dependencies.map(targetDependency),
    testDependencies: testDependencies.map(\.dependency)
  )
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
    root.rawValue, layer: "App", dependencies: dependencies.map(\.dependency),
    testDependencies: testDependencies.map(\.dependency))
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
    dependencies: [.target(name: root.rawValue)] + features.map { .target(name: $0.rawValue) }
      + [Kernel.sharedKernel, .designSystem].map { .target(name: $0.rawValue) }
      + interfaces.map { .target(name: $0.rawValue) },
    testDependencies: testDependencies.map(\.dependency),
    testExclusions: ["Snapshots"])
}

/// The App layer's executable: a thin `main.swift` that hands the process to the front.
func executable(_ name: String, front: Front) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.target(name: front.rawValue)],
    path: "Sources/App/\(name)",
    exclude: ["README.md"],
    swiftSettings: sharedSwiftSettings
  )
}

/// Test support: the doubles of one interface in `Tests/Support/<name>`, a library that only test
/// targets may name (the linter checks), using the kernel and that interface alone.
func testSupport(_ module: TestSupport) -> Target {
  .target(
    name: module.rawValue,
    dependencies: [Kernel.sharedKernel.rawValue, module.interface.rawValue].map {
      .target(name: $0)
    },
    path: "Tests/Support/\(module.rawValue)",
    exclude: ["README.md"],
    swiftSettings: sharedSwiftSettings
  )
}

/// A library target in `Sources/<layer>/<name>` and its test target in `Tests/<name>Tests`.
func moduleTargets(
  _ name: String,
  layer: String,
  dependencies: [Target.Dependency],
  testDependencies: [Target.Dependency] = [],
  testExclusions: [String] = [],
  swiftSettings: [SwiftSetting] = sharedSwiftSettings
) -> [Target] {
  [
    .target(
      name: name,
      dependencies: dependencies,
      path: "Sources/\(layer)/\(name)",
      exclude: ["README.md"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "\(name)Tests",
      dependencies: [.target(name: name)] + dependencies + testDependencies,
      path: "Tests/\(name)Tests",
      exclude: testExclusions,
      swiftSettings: swiftSettings
    ),
  ]
}

// MARK: - Kernel

let kernelTargets: [Target] =
  // Identifiers, money, trips, queries, orders: the domain and its type-level business rules.
  kernel(.sharedKernel)
  // Terminal design tokens: colours, text styles, symbols and display-width-aware tables.
  + kernel(.designSystem)
  // The logging seam: structured events (level, label, metadata) handed to a sink the
  // composition root chooses; a no-op logger by default.
  + kernel(.eventLog)

// MARK: - Interfaces

let interfaceTargets: [Target] =
  // Searching bookable trips, issuing tickets for paid orders, and listing them; its tests
  // hold the in-memory ledger to the order ledger's contract.
  interface(.booking, testsUse: [.booking])
  // Charging a payment method once per idempotency key.
  + interface(.payment)

// MARK: - Infrastructure

let infrastructureTargets: [Target] =
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
      .infrastructure(.embeddedDatabase), .infrastructure(.serverDatabase),
      .testTool(.postgreSQLTestServer),
    ])
  // SQLite, the embedded database (libsqlite3-dev on Debian).
  + [systemLibrary(.sqlite, pkgConfig: "sqlite3", apt: ["libsqlite3-dev"], brew: ["sqlite"])]
  // One SQLite file: WAL, foreign keys, bound parameters, forward migrations, typed errors.
  + infrastructure(
    .embeddedDatabase, implements: [],
    uses: [.kernel(.eventLog), .infrastructure(.sqlValues), .systemLibrary(.sqlite)],
    testsUse: [.testTool(.temporaryFolders)])
  // libpq, PostgreSQL's client library (libpq-dev on Debian).
  + [systemLibrary(.libpq, pkgConfig: "libpq", apt: ["libpq-dev"], brew: ["libpq"])]
  // A PostgreSQL database: bound parameters, transactions, forward migrations, typed errors with
  // the SQLSTATE, each blocking libpq call on a thread outside the cooperative pool.
  + infrastructure(
    .serverDatabase, implements: [],
    uses: [.kernel(.eventLog), .infrastructure(.sqlValues), .systemLibrary(.libpq)],
    testsUse: [.testTool(.postgreSQLTestServer)])
  // The travel supplier's API played in-process: a seeded catalog, durable holds and bookings
  // in its own SQLite file, latency and faults on demand.
  + infrastructure(
    .supplierSandbox, implements: [],
    uses: [
      .kernel(.sharedKernel), .infrastructure(.networking), .infrastructure(.embeddedDatabase),
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
      .infrastructure(.supplierSandbox), .baseline(.coalescing), .testTool(.temporaryFolders),
    ])
  // A payment provider's test mode played in-process, its charges kept durably by idempotency key.
  + infrastructure(
    .paymentSandbox, implements: [],
    uses: [
      .kernel(.sharedKernel), .interface(.payment), .infrastructure(.networking),
      .infrastructure(.embeddedDatabase), .infrastructure(.locking), .infrastructure(.sqlValues),
    ],
    testsUse: [.testTool(.temporaryFolders)])
  // The payment provider's HTTP client; the one module that mints receipts.
  + infrastructure(
    .paymentData, implements: [.payment],
    uses: [.kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.networking)],
    testsUse: [
      .infrastructure(.paymentSandbox), .infrastructure(.embeddedDatabase),
      .testTool(.loopbackServers), .testTool(.temporaryFolders),
    ])
  // The order ledger: orders before payment, tickets with completion, in one SQLite file.
  + infrastructure(
    .ledgerData, implements: [.booking],
    uses: [
      .kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.embeddedDatabase),
      .infrastructure(.sqlValues),
    ],
    testsUse: [
      .interface(.payment), .infrastructure(.paymentData), .infrastructure(.paymentSandbox),
      .infrastructure(.networking), .testSupport(.booking), .testTool(.temporaryFolders),
    ])
  // The order ledger in a PostgreSQL database that several instances share: the same record and
  // guarantees as LedgerData's, each order's row locked by the step that moves it.
  + infrastructure(
    .serverLedgerData, implements: [.booking],
    uses: [
      .kernel(.sharedKernel), .kernel(.eventLog), .infrastructure(.serverDatabase),
      .infrastructure(.locking), .infrastructure(.sqlValues),
    ],
    testsUse: [.testSupport(.booking), .testTool(.postgreSQLTestServer)])
  // Where events go: a readable line or a JSON object a line, on stderr or appended to a file;
  // the composition root chooses.
  + infrastructure(
    .logSinks, implements: [], uses: [.kernel(.eventLog), .kernel(.designSystem)],
    testsUse: [.testTool(.subprocesses)])

// MARK: - Features

let featureTargets: [Target] =
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

// MARK: - App

let appTargets: [Target] =
  // The composition root: builds the object graph, hands out features, routes their outputs.
  compositionRoot(
    .appComposition,
    uses: [
      .kernel(.sharedKernel), .kernel(.designSystem), .kernel(.eventLog), .interface(.booking),
      .interface(.payment), .infrastructure(.logSinks),
      .infrastructure(.bookingData), .infrastructure(.supplierSandbox),
      .infrastructure(.paymentData), .infrastructure(.paymentSandbox),
      .infrastructure(.ledgerData),
      // The PostgreSQL ledger, on Linux only, so an Apple app that embeds Voyage never compiles
      // or links libpq (see ServerLedgerData's README for why a platform and not a trait).
      .linuxOnly(.serverLedgerData),
      .feature(.search), .feature(.checkout), .feature(.tickets),
    ],
    testsUse: [.testTool(.temporaryFolders)])
  // The command line: each command's parsing and help, the interactive session and the demo.
  + front(
    .commandLineInterface, root: .appComposition,
    uses: [.search, .checkout, .tickets],
    testsUse: [
      .infrastructure(.embeddedDatabase), .infrastructure(.paymentSandbox),
      .infrastructure(.supplierSandbox), .infrastructure(.serverDatabase),
      .infrastructure(.sqlValues), .testTool(.loopbackServers), .testTool(.postgreSQLTestServer),
      .testTool(.subprocesses), .testTool(.temporaryFolders),
    ])
  // The `voyage` command: a few lines that hand the process to the command line.
  + [executable("voyage", front: .commandLineInterface)]

// MARK: - Examples

/// A feature's example: an executable in `Sources/Examples/<Feature>Example` that runs the feature
/// alone against the interfaces' doubles, the fastest build the feature's developers have. It
/// names its feature, what the feature may use (`FeatureDependency`: the kernel and interfaces)
/// and the doubles it runs against; no parameter can name another feature, an implementation or
/// the App layer. `swift run <product>` runs it.
func example(
  _ feature: Feature, product: String, uses dependencies: [FeatureDependency],
  runsAgainst doubles: [TestSupport]
) -> (Target, Product) {
  let name = "\(feature.rawValue)Example"
  let names = dependencies.map { dependency in
    switch dependency {
    case .kernel(let module): module.rawValue
    case .interface(let module): module.rawValue
    }
  }
  let target = Target.executableTarget(
    name: name,
    dependencies: ([feature.rawValue] + names + doubles.map(\.rawValue)).map { .target(name: $0) },
    path: "Sources/Examples/\(name)",
    exclude: ["README.md"],
    swiftSettings: sharedSwiftSettings
  )
  return (target, .executable(name: product, targets: [name]))
}

let examples: [(Target, Product)] = [
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

// MARK: - Benchmarks

/// A release-mode benchmark, run on purpose (`swift run -c release <name>`), never by the tests.
/// It may use any module, like the App layer, and lives in `Benchmarks/<name>`.
/// `floors` are C libraries of the system it calls bare, to measure what a library costs without
/// Voyage's code around it; only a benchmark may name one besides infrastructure.
func benchmark(_ name: String, uses dependencies: [Module], floors: [SystemLibrary] = []) -> Target
{
  .executableTarget(
    name: name,
    dependencies: dependencies.map(\.dependency) + floors.map { .target(name: $0.rawValue) },
    path: "Benchmarks/\(name)",
    exclude: ["README.md"],
    swiftSettings: sharedSwiftSettings
  )
}

/// A baseline library in `Benchmarks/<name>`: it implements interfaces on the kernel alone, and
/// since no layer but Benchmarks may use Benchmarks, only benchmarks and tests can name it.
func baseline(_ module: Baseline, implements interfaces: [Interface]) -> Target {
  .target(
    name: module.rawValue,
    dependencies: ([Kernel.sharedKernel.rawValue] + interfaces.map(\.rawValue)).map {
      .target(name: $0)
    },
    path: "Benchmarks/\(module.rawValue)",
    exclude: ["README.md"],
    swiftSettings: sharedSwiftSettings
  )
}

let benchmarkTargets: [Target] = [
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
      .infrastructure(.ledgerData), .infrastructure(.paymentData), .interface(.payment),
      .infrastructure(.paymentSandbox), .infrastructure(.serverDatabase),
      .infrastructure(.sqlValues), .infrastructure(.serverLedgerData), .kernel(.sharedKernel),
      .infrastructure(.supplierSandbox),
      .kernel(.eventLog), .kernel(.designSystem), .infrastructure(.logSinks),
      .infrastructure(.locking),
    ],
    floors: [.libpq]),
]

// MARK: - Test support

/// A test tool in `Tests/Support/<name>`: shared by the tests of several modules, a library only
/// test targets may name (the linter checks). `uses` names the other test tools it is built on;
/// `programs` are files it runs that are not Swift.
func testTool(_ tool: TestTool, uses tools: [TestTool] = [], programs: [String] = []) -> Target {
  .target(
    name: tool.rawValue, dependencies: tools.map { .target(name: $0.rawValue) },
    path: "Tests/Support/\(tool.rawValue)",
    exclude: ["README.md"] + programs, swiftSettings: sharedSwiftSettings)
}

let testSupportTargets: [Target] =
  // In-memory catalog, seat reservations and order ledger, with failures and pauses on demand.
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

// MARK: - Architecture tests

let architectureTestTargets: [Target] = [
  // Voyage's own architecture proved: the type-level canaries, which type-check forbidden code
  // against the built SharedKernel and BookingInterface; the docs' rule tables against the
  // linter's fixtures; the scaffolding, forking, migration and measurement scripts.
  .testTarget(
    name: "ArchitectureTests",
    dependencies: [
      .target(name: Kernel.sharedKernel.rawValue), .target(name: Interface.booking.rawValue),
      .target(name: TestTool.subprocesses.rawValue),
      .target(name: TestTool.temporaryFolders.rawValue),
    ],
    path: "Tests/ArchitectureTests",
    swiftSettings: sharedSwiftSettings
  )
]

// MARK: - Package

let package = Package(
  name: "Voyage",
  // iOS 18 / macOS 15, not 17 / 14: the coalescing cache counts with `Synchronization.Atomic`,
  // so its cache-hit path and cancellation handlers never wait for an actor.
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [
    .executable(name: "voyage", targets: ["voyage"]),
    .library(name: "CommandLineInterface", targets: ["CommandLineInterface"]),
  ] + examples.map(\.1),
  // The architecture linter, a package of its own in this repository (so that adding it to
  // another package brings none of Voyage's targets into that graph): through it, `swift package
  // check-architecture` runs here as it does in any package that adds the linter.
  dependencies: [.package(path: "Workshop/ArchitectureLinter")],
  targets: kernelTargets + interfaceTargets + infrastructureTargets + featureTargets + appTargets
    + examples.map(\.0)
    + benchmarkTargets
    + testSupportTargets
    + architectureTestTargets
)
