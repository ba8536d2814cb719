// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  targets: [
    .target(name: "shared-kernel", dependencies: [], path: "Sources/Kernel/shared-kernel"),
    .target(name: "DesignSystem", dependencies: [], path: "Sources/Kernel/DesignSystem"),
    .target(name: "BookingInterface", dependencies: ["shared-kernel"], path: "Sources/Interfaces/BookingInterface"),
    .target(name: "Networking", dependencies: [], path: "Sources/Infrastructure/Networking"),
    .target(name: "BookingData", dependencies: ["BookingInterface", "shared-kernel", "Networking"], path: "Sources/Infrastructure/BookingData"),
    .target(name: "SearchFeature", dependencies: ["BookingInterface", "shared-kernel"], path: "Sources/Features/SearchFeature"),
    .target(name: "CheckoutFeature", dependencies: ["BookingInterface", "shared-kernel"], path: "Sources/Features/CheckoutFeature"),
  ]
)
