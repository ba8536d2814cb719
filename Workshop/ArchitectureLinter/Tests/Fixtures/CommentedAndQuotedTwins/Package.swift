// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  targets: [
    .target(name: "SharedKernel", dependencies: [], path: "Sources/Kernel/SharedKernel"),
    .target(name: "DesignSystem", dependencies: [], path: "Sources/Kernel/DesignSystem"),
    .target(name: "BookingInterface", dependencies: ["SharedKernel"], path: "Sources/Interfaces/BookingInterface"),
    .target(name: "Networking", dependencies: [], path: "Sources/Infrastructure/Networking"),
    .target(name: "BookingData", dependencies: ["BookingInterface", "SharedKernel", "Networking"], path: "Sources/Infrastructure/BookingData"),
    .target(name: "SearchFeature", dependencies: ["BookingInterface", "SharedKernel"], path: "Sources/Features/SearchFeature"),
    .target(name: "CheckoutFeature", dependencies: ["BookingInterface", "SharedKernel"], path: "Sources/Features/CheckoutFeature"),
    .target(name: "PaymentData", dependencies: ["SharedKernel"], path: "Sources/Infrastructure/PaymentData"),
    .executableTarget(name: "voyage", dependencies: ["SharedKernel"], path: "Sources/App/voyage"),
    .testTarget(name: "VoyageTests", dependencies: ["SharedKernel"], path: "Tests/VoyageTests"),
  ]
)
