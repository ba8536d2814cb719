// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  dependencies: [.package(path: "Sibling")],
  targets: [
    .target(name: "SharedKernel", dependencies: [], path: "Sources/Kernel/SharedKernel"),
    .target(name: "Adapter", dependencies: ["SharedKernel", .product(name: "sibling-kit", package: "Sibling")], path: "Sources/Infrastructure/Adapter"),
  ]
)
