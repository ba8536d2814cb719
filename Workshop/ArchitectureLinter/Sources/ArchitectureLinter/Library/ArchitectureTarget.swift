/// A target with its place in the architecture: what `--list-targets` prints, as a value.
public struct ArchitectureTarget: Equatable, Sendable {
  /// Its name in the manifest.
  public let name: String
  /// Its kind as `describe` says it (`library`, `executable`, `test`, …).
  public let kind: String
  /// The layer its folder or name places it in, or `nil` (test targets, or none matches).
  public let layer: String?
  /// Its folder, from the package's root.
  public let path: String
  /// The layers and roles its layer (or its role) may use.
  public let mayUse: [String]
  /// The targets of the package it depends on, sorted.
  public let dependencies: [String]

  init(_ target: Target) {
    name = target.name
    kind = target.kind
    layer = target.layer?.name
    path = target.path
    mayUse = target.mayUse
    dependencies = target.dependencies.sorted()
  }
}
