// swift-tools-version: 6.2
// The sibling package of the ProductFromSiblingPackage fixture; never built.
import PackageDescription

let package = Package(
  name: "Sibling",
  products: [
    .library(name: "sibling-kit", targets: ["SiblingKit"]),
    .library(name: "SiblingExtras", targets: ["SiblingExtras"]),
  ],
  targets: [
    .target(name: "SiblingKit"),
    .target(name: "SiblingExtras", dependencies: ["SiblingKit"]),
  ]
)
