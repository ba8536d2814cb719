// swift-tools-version: 6.2
// The package the ImplicitDependency fixture's dependency depends on; never built.
import PackageDescription

let package = Package(
  name: "Deep",
  products: [.library(name: "deep-kit", targets: ["DeepKit"])],
  targets: [.target(name: "DeepKit")]
)
