// An architecture linter for Swift packages: the layer rules that the compiler and the manifest
// cannot express, checked on a package description and its sources. It reads the layers, what
// each may use and the rules to run from `architecture.json` at the package root; without one,
// it runs only the rules that need no layers (undeclared imports, @testable in production, …).
//
//   swift package describe --type json | swift Scripts/check-architecture.swift
//   swift Scripts/check-architecture.swift description.json --check-graph README.md --check-module-readmes
//   swift Scripts/check-architecture.swift description.json --only undeclared-import --no-config
//   swift Scripts/check-architecture.swift --explain layer-dependency
//
// For a large repository, compile it once: `swiftc -O Scripts/check-architecture.swift -o lint`.
// Exit status: 0 clean, 1 violations, 2 bad input, unreadable code or usage.

import ArchitectureLinter
import Foundation

let outcome = await CheckArchitecture.run(.thisProcess())
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.error.utf8))
exit(outcome.status)
