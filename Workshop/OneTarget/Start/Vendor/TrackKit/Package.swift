// swift-tools-version: 6.2
import PackageDescription

// A stand-in for a vendor's analytics SDK, delivered as a package the app adds by path.
let package = Package(
  name: "TrackKit",
  products: [
    .library(name: "TrackKit", targets: ["TrackKit"])
  ],
  targets: [
    .target(name: "TrackKit")
  ],
  swiftLanguageModes: [.v5]
)
