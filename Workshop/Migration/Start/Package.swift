// swift-tools-version: 6.2

import PackageDescription

let package = Package(
  name: "Trips",
  products: [
    .executable(name: "trips", targets: ["trips"])
  ],
  targets: [
    .target(
      name: "Utils",
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .target(name: "Models"),
    .target(
      name: "Networking",
      dependencies: ["Utils"]
    ),
    .target(
      name: "Repositories",
      dependencies: ["Models", "Networking", "Utils"]
    ),
    .target(
      name: "ViewModels",
      dependencies: ["Models", "Networking", "Repositories", "Utils"]
    ),
    .target(
      name: "Analytics",
      dependencies: ["ViewModels"]
    ),
    .target(
      name: "Views",
      dependencies: ["Analytics", "Models", "Networking", "Utils", "ViewModels"]
    ),
    .target(
      name: "TripsApp",
      dependencies: [
        "Analytics", "Models", "Networking", "Repositories", "Utils", "ViewModels", "Views",
      ]
    ),
    .executableTarget(
      name: "trips",
      dependencies: ["TripsApp"]
    ),
    .testTarget(
      name: "TripsTests",
      dependencies: ["TripsApp"]
    ),
  ]
)
