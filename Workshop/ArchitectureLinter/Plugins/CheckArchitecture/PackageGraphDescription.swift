import Foundation
import PackagePlugin

// One file shared by both plugins (the build tool's copy is a symbolic link to this one): a
// plugin cannot depend on a library, and the two must describe a package alike.

/// The package graph SwiftPM hands a plugin, written in the shape of `swift package describe
/// --type json`, which the linter reads.
enum PackageGraphDescription {
  /// The package as `swift package describe --type json` describes it: what the linter reads.
  /// With `focus`, only that target lists its files (the others keep their names, paths and
  /// dependencies): a build's check of one target reads no
  /// other target's files, and its description changes only when they or the graph do.
  static func of(_ package: Package, listingFilesOf focus: String? = nil) throws -> Data {
    let root = package.directoryURL.path
    let standardizedRoot = package.directoryURL.standardizedFileURL.path
    let targets = package.targets.map { target in
      // Paths as strings: a plugin is compiled without optimization, and URL operations on
      // each of a large package's files would cost more than the linter's whole run.
      let folder = target.directoryURL.path
      let path =
        folder.hasPrefix(root + "/")
        ? String(folder.dropFirst(root.count + 1))
        : relative(target.directoryURL.standardizedFileURL.path, to: standardizedRoot)
      var described = DescribedPackage.Target(name: target.name, path: path, type: kind(of: target))
      if let module = target as? any SourceModuleTarget {
        described.c99name = module.moduleName
        // The files `describe` lists: compiled sources, not headers, resources or a `.docc`.
        if focus == nil || focus == target.name {
          let prefix = folder + "/"
          described.sources = module.sourceFiles.filter { $0.type == .source }.map { file in
            let path = file.url.path
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
          }
        }
        var targetDependencies: [String] = []
        var productDependencies: [String] = []
        for dependency in target.dependencies {
          switch dependency {
          case .target(let other): targetDependencies.append(other.name)
          case .product(let product): productDependencies.append(product.name)
          @unknown default: continue
          }
        }
        if !targetDependencies.isEmpty { described.targetDependencies = targetDependencies }
        if !productDependencies.isEmpty { described.productDependencies = productDependencies }
      }
      return described
    }
    // Encoded by Foundation's optimized code, from plain values: JSONSerialization of
    // dictionaries took twice as long on a package of 20,000 files.
    return try JSONEncoder().encode(
      DescribedPackage(
        name: package.displayName, path: standardizedRoot, targets: targets,
        dependencies: package.dependencies.map {
          DescribedPackage.Dependency(
            identity: $0.package.id, path: $0.package.directoryURL.path)
        }))
  }

  /// `path` relative to the folder `root` when it is inside it, or as it is.
  static func relative(_ path: String, to root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
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

/// What `swift package describe --type json` prints of a package, in its keys: the part the
/// linter reads.
struct DescribedPackage: Encodable {
  struct Target: Encodable {
    let name: String
    let path: String
    let type: String
    var c99name: String? = nil
    var sources: [String]? = nil
    var targetDependencies: [String]? = nil
    var productDependencies: [String]? = nil

    enum CodingKeys: String, CodingKey {
      case name, path, type, c99name, sources
      case targetDependencies = "target_dependencies"
      case productDependencies = "product_dependencies"
    }
  }

  struct Dependency: Encodable {
    let identity: String
    var type = "sourceControl"
    let path: String
  }

  let name: String
  let path: String
  let targets: [Target]
  let dependencies: [Dependency]
}
