import Foundation

// MARK: - Manifest locations

/// Where `Package.swift` declares each target and names each of its dependencies, found with the
/// linter's own lexer by the call they belong to: a target is declared by a call whose first
/// argument is its name as a string (`.target(name: "X", …)`, or a helper such as
/// `feature("X", uses: …)`), that declares no `targets:` (a product such as
/// `.library(name: "X", targets: ["X"])`) and that is not inside another such call (a
/// `.target(name: "X")` among dependencies); a dependency is the array element of that call that
/// holds its name.
struct ManifestLocations {
  struct Place: Sendable {
    let line: Int
    let column: Int
  }
  /// A dependency's entry: where it starts, and the text to delete to remove it (the element
  /// and the comma that separates it from its neighbour).
  struct Entry: Sendable {
    let start: Place
    let deletion: (from: Place, to: Place)
  }

  var declarations: [String: Place] = [:]
  var entries: [String: Entry] = [:]

  static func key(_ target: String, _ dependency: String) -> String { "\(target) -> \(dependency)" }

  /// The calls of PackageDescription that declare a target.
  static let targetCalls: Set<String> = [
    "target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "plugin", "macro",
  ]

  init(manifest: Data, targets: [(name: String, dependencies: [String])]) {
    manifest.withUnsafeBytes { raw in
      let reading = ManifestReading(bytes: raw.bindMemory(to: UInt8.self))
      let declarationOf = reading.declaringCalls()
      for (name, number) in declarationOf {
        declarations[name] = reading.place(reading.nameIndex(ofCall: number))
      }
      for target in targets {
        guard let number = declarationOf[target.name] else { continue }
        for dependency in target.dependencies {
          guard let entry = reading.entry(naming: dependency, inCall: number) else { continue }
          entries[Self.key(target.name, dependency)] = entry
        }
      }
    }
  }
}
