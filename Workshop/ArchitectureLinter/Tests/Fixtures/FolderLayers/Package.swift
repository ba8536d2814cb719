// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  targets: [
    .executableTarget(name: "App", path: "Sources/App")
  ]
)
