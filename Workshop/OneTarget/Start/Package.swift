// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Roam",
  defaultLocalization: "en",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "roam", targets: ["roam"])
  ],
  dependencies: [
    .package(path: "Vendor/TrackKit")
  ],
  targets: [
    .target(
      name: "Roam",
      dependencies: [.product(name: "TrackKit", package: "TrackKit")],
      resources: [.process("Resources")]
    ),
    .executableTarget(name: "roam", dependencies: ["Roam"]),
    .testTarget(name: "RoamTests", dependencies: ["roam"]),
  ],
  swiftLanguageModes: [.v5]
)
