// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  products: [
    .executable(name: "voyage", targets: ["VoyageMain"]),
  ],
  targets: [
    .target(name: "SharedKernel", dependencies: [], path: "Sources/Kernel/SharedKernel"),
    .executableTarget(name: "VoyageMain", dependencies: ["SharedKernel"], path: "Sources/App/voyage"),
    .executableTarget(name: "Seeder", dependencies: ["SharedKernel"], path: "Sources/App/Seeder"),
    .testTarget(name: "EndToEndTests", dependencies: ["SharedKernel"], path: "Tests/EndToEndTests"),
    .testTarget(name: "DeclaredEndToEndTests", dependencies: ["VoyageMain"], path: "Tests/DeclaredEndToEndTests"),
    .testTarget(name: "ReadingEndToEndTests", dependencies: ["SharedKernel"], path: "Tests/ReadingEndToEndTests"),
  ]
)
