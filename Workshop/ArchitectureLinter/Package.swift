// swift-tools-version: 6.2
//
// The architecture linter as a package of its own, so that adding it to a package brings only these
// five targets into its graph (SwiftPM refuses two targets of one name anywhere in a graph, used or
// not): the linter as a library, a thin executable, the command plugin, the build-tool plugin, and
// the library's tests.
// It depends on nothing but Foundation. `Scripts/check-architecture.swift` is the library and the
// executable joined into one file (`Scripts/generate-linter-script.sh`), for teams that copy one
// file instead of adding a package; the plugin compiles that file too.

import PackageDescription

/// Every upcoming feature the library is held to, switched on in one place.
let swiftSettings: [SwiftSetting] = [
  // SE-0409: imports are internal unless marked, so a file's `public import` lines are its leak list.
  .enableUpcomingFeature("InternalImportsByDefault"),
  // SE-0335: an existential is spelled `any P`.
  .enableUpcomingFeature("ExistentialAny"),
  // SE-0444: a member of a module is visible only in files that import that module.
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "ArchitectureLinter",
  // macOS 13 for the regular expression literals of the tests; Linux has no such floor.
  platforms: [.macOS(.v13)],
  products: [
    // `swift run check-architecture`, or the binary an artifact bundle vendors.
    .executable(name: "check-architecture", targets: ["check-architecture"]),
    // `swift package check-architecture` in any package that depends on this one.
    .plugin(name: "CheckArchitecture", targets: ["CheckArchitecture"]),
    // The linter as a step of the build of each target that applies it.
    .plugin(name: "CheckArchitectureBuildTool", targets: ["CheckArchitectureBuildTool"]),
    // The library's doors, for a tool that reads or edits a package through the linter
    // in-process (the repository's Scaffolding package): `ArchitectureCheck`, a package and its
    // configuration in and findings and targets out as values, and `CheckArchitecture.run(_:)`,
    // the command line as one function.
    .library(name: "ArchitectureLinter", targets: ["ArchitectureLinter"]),
  ],
  targets: [
    // The linter: the package description and its configuration, reading Swift, the rules, the
    // reports, the library's values, and the command line that reads arguments, asks the library
    // and renders its answer.
    .target(name: "ArchitectureLinter", swiftSettings: swiftSettings),
    // A few lines: the process's arguments, environment and standard input handed to the library.
    .executableTarget(
      name: "check-architecture", dependencies: ["ArchitectureLinter"],
      swiftSettings: swiftSettings),
    // The linter on the package graph SwiftPM has loaded. It names no tool (SwiftPM would plan a
    // build of the whole graph before each run): it runs a vendored artifact bundle's binary when
    // the graph has one, and otherwise compiles Scripts/check-architecture.swift once per version.
    .plugin(
      name: "CheckArchitecture",
      capability: .command(
        intent: .custom(
          verb: "check-architecture", description: "Check the package's architecture rules"))
    ),
    // The linter as a step of a target's build: the target's imports against its declared
    // dependencies, and the configuration's rules, before it compiles, on either build engine.
    .plugin(
      name: "CheckArchitectureBuildTool", capability: .buildTool(),
      dependencies: ["check-architecture"]),
    // The library's behaviour, in-process, on the fixture packages in Tests/Fixtures; the script,
    // the plugin and the artifact bundle as an adopter runs them.
    .testTarget(
      name: "ArchitectureLinterTests", dependencies: ["ArchitectureLinter"],
      swiftSettings: swiftSettings),
  ]
)
