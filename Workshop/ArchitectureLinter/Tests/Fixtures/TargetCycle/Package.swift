// swift-tools-version: 6.2
// A fixture for Tests/ArchitectureTests; never built. SwiftPM refuses it before the linter runs.
import PackageDescription

let package = Package(
  name: "Fixture",
  targets: [
    .target(name: "SharedKernel", dependencies: [], path: "Sources/Kernel/SharedKernel"),
    .target(name: "SearchFeature", dependencies: ["SharedKernel", "CheckoutFeature"], path: "Sources/Features/SearchFeature"),
    .target(name: "CheckoutFeature", dependencies: ["SharedKernel", "SearchFeature"], path: "Sources/Features/CheckoutFeature"),
  ]
)
