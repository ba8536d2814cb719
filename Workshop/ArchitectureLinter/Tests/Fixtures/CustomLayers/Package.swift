// swift-tools-version: 6.2
// A fixture for Scripts/check-architecture.swift; never built.
import PackageDescription

let package = Package(
  name: "CustomLayers",
  targets: [
    .target(name: "OrdersDomain", path: "Modules/OrdersDomain"),
    .target(name: "OrdersData", dependencies: ["OrdersDomain"], path: "Modules/OrdersData"),
    .target(name: "OrdersUI", dependencies: ["OrdersDomain", "OrdersData"], path: "Modules/OrdersUI"),
    .target(name: "Clock", path: "Modules/Misc/Clock"),
  ]
)
