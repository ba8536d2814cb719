// swift-tools-version: 6.2
// The package the ImplicitDependency fixture depends on; never built.
import PackageDescription

let package = Package(
  name: "Middle",
  products: [.library(name: "middle-kit", targets: ["MiddleKit"])],
  dependencies: [.package(path: "../Deep")],
  targets: [
    .target(name: "MiddleKit", dependencies: [.product(name: "deep-kit", package: "Deep")]),
  ]
)
