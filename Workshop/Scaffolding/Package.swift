// swift-tools-version: 6.2
//
// The repository's scaffolding as one Swift executable, `scaffold`: the commands that add a module
// to the package, remove one, and fork the app, each of them all or nothing. It
// reads and edits Swift only through the architecture linter's library, the same lexer and
// manifest reading the linter checks with. A package of its own, beside the app's: it knows the
// app's layers and files, so it is no part of the linter's package (which other packages add),
// and the app's graph stays free of tooling.

import PackageDescription

/// Every upcoming feature the tool is held to, as the app and the linter are.
let swiftSettings: [SwiftSetting] = [
  // SE-0409: imports are internal unless marked, so a file's `public import` lines are its leak list.
  .enableUpcomingFeature("InternalImportsByDefault"),
  // SE-0335: an existential is spelled `any P`.
  .enableUpcomingFeature("ExistentialAny"),
  // SE-0444: a member of a module is visible only in files that import that module.
  .enableUpcomingFeature("MemberImportVisibility"),
  // The strict build on Swift Build: `-Xswiftc -warnings-as-errors` would also reach the linter's
  // package, which Swift Build compiles with -suppress-warnings, and the two conflict.
  .treatAllWarnings(as: .error, .when(traits: ["WarningsAsErrors"])),
]

let package = Package(
  name: "Scaffolding",
  // macOS 15 for `Synchronization.Mutex`; Linux has no such floor.
  platforms: [.macOS(.v15)],
  products: [
    // `swift run --package-path Workshop/Scaffolding scaffold …`; Scripts/new-module.sh, remove-module.sh
    // and fork.sh run it.
    .executable(name: "scaffold", targets: ["scaffold"])
  ],
  traits: [
    .trait(
      name: "WarningsAsErrors", description: "Fail the build of the tool's targets on any warning."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(name: "ArchitectureLinter", path: "../ArchitectureLinter")
  ],
  targets: [
    // The commands: the requests they accept, the files they write, and the undo that puts the
    // tree back when a step fails or the person interrupts.
    .target(
      name: "Scaffolding",
      dependencies: [.product(name: "ArchitectureLinter", package: "ArchitectureLinter")],
      swiftSettings: swiftSettings),
    // A few lines: the process's arguments and folder handed to the library.
    .executableTarget(
      name: "scaffold", dependencies: ["Scaffolding"], swiftSettings: swiftSettings),
    // The requests, the templates, the owners' file and the undo, in-process; the whole command
    // on a copy of the repository is exercised by the app's ArchitectureTests.
    .testTarget(
      name: "ScaffoldingTests", dependencies: ["Scaffolding"], swiftSettings: swiftSettings),
  ]
)
