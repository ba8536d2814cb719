import Foundation
import PackagePlugin

// One file shared by both plugins (the build tool's copy is a symbolic link to this one): a
// plugin cannot depend on a library, and the two must hand the linter a package alike.

/// The package graph SwiftPM hands a plugin, as the linter reads it: fields ended by a NUL byte
/// (the linter's `PackageGraph` names the records). A plugin is compiled without optimization,
/// so it only lists what SwiftPM gives, absolute paths included; the linter's optimized code
/// makes the paths relative. Written as `describe`'s JSON, the same graph took twice as long.
enum PackageGraph {
  /// The graph of `package`. With `focus`, only that target lists its files (the others keep
  /// their names, folders and dependencies): a build's check of one target reads no other
  /// target's files, and its graph changes only when they or the package's targets do.
  static func of(_ package: Package, listingFilesOf focus: String? = nil) -> Data {
    var fields = ["check-architecture-graph 1", "package", package.displayName]
    fields.append(package.directoryURL.path)
    for dependency in package.dependencies {
      fields += ["dependency", dependency.package.id, dependency.package.directoryURL.path]
    }
    // The programs it builds, which its tests may run (the linter's `undeclared-executable`).
    for case let product as ExecutableProduct in package.products {
      fields += ["executable-product", product.name, String(product.targets.count)]
      fields += product.targets.map(\.name)
    }
    for target in package.targets {
      let module = target as? any SourceModuleTarget
      fields += [
        "target", target.name, module?.moduleName ?? "", kind(of: target), target.directoryURL.path,
      ]
      for dependency in target.dependencies {
        switch dependency {
        case .target(let other): fields += ["target-dependency", other.name]
        case .product(let product): fields += ["product-dependency", product.name]
        @unknown default: continue
        }
      }
      // The files `describe` lists: compiled sources, not headers, resources or a `.docc`.
      guard let module, focus == nil || focus == target.name else { continue }
      for file in module.sourceFiles where file.type == .source {
        fields.append("source")
        fields.append(file.url.path)
      }
    }
    return Data(fields.joined(separator: "\0").utf8)
  }

  /// The `type` that `describe` gives a target.
  static func kind(of target: any Target) -> String {
    if let module = target as? any SourceModuleTarget {
      switch module.kind {
      case .executable: return "executable"
      case .test: return "test"
      case .snippet: return "snippet"
      case .macro: return "macro"
      default: return "library"
      }
    }
    switch target {
    case is SystemLibraryTarget: return "system-target"
    case is BinaryArtifactTarget: return "binary"
    default: return "plugin"
    }
  }
}
