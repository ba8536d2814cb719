// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "Fixture",
  dependencies: [.package(path: "Vendor")],
  targets: [
    .target(name: "SharedKernel", dependencies: [], path: "Sources/Kernel/SharedKernel"),
    .target(name: "DesignSystem", dependencies: [], path: "Sources/Kernel/DesignSystem"),
    .target(name: "BookingInterface", dependencies: ["SharedKernel"], path: "Sources/Interfaces/BookingInterface"),
    .target(name: "Networking", dependencies: [], path: "Sources/Infrastructure/Networking"),
    .target(name: "BookingData", dependencies: ["BookingInterface", "SharedKernel", "Networking", .product(name: "Vendor", package: "Vendor")], path: "Sources/Infrastructure/BookingData"),
    .target(name: "SearchFeature", dependencies: ["BookingInterface", "SharedKernel", .product(name: "Vendor", package: "Vendor")], path: "Sources/Features/SearchFeature"),
    .target(name: "CheckoutFeature", dependencies: ["BookingInterface", "SharedKernel"], path: "Sources/Features/CheckoutFeature"),
  ]
)
