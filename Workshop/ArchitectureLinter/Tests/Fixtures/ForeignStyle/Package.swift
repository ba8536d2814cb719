// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Foreign",
  targets: [
    .target(name: "Parsing"),
    .target(name: "Formatting", dependencies: ["Parsing"]),
    .executableTarget(name: "Tool", dependencies: ["Formatting"]),
  ]
)
