// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  dependencies: [.package(path: "Middle")],
  targets: [
    .target(name: "Adapter", dependencies: [.product(name: "middle-kit", package: "Middle")]),
  ]
)
