// `swift package check-architecture [options]`: the architecture linter on the package the command
// runs in. The package graph comes from SwiftPM's plugin context (no second `describe`), written
// in the shape of `swift package describe --type json` and handed to the `check-architecture`
// executable, which reads `architecture.json` at the package root as the script does.

import Foundation
import PackagePlugin

@main
struct CheckArchitecture: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let description = context.pluginWorkDirectoryURL.appendingPathComponent("description.json")
    try Self.description(of: context.package).write(to: description)
    let tool = try context.tool(named: "check-architecture")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = [description.path] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE_PROGRAM"] = "swift package check-architecture"
    environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] = "1"
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    // The linter's own status: 0 clean, 1 findings, 2 bad input.
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
  }

  /// The package as `swift package describe --type json` describes it: what the linter reads.
  static func description(of package: Package) throws -> Data {
    let root = package.directoryURL.standardizedFileURL.path
    func relative(_ url: URL) -> String {
      let path = url.standardizedFileURL.path
      return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
    let targets: [[String: Any]] = package.targets.map { target in
      var entry: [String: Any] = [
        "name": target.name, "path": relative(target.directoryURL),
        "type": kind(of: target),
      ]
      if let module = target as? any SourceModuleTarget {
        entry["c99name"] = module.moduleName
        entry["sources"] = module.sourceFiles.map { file in
          relative(file.url).dropFirst(relative(target.directoryURL).count + 1).description
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
        if !targetDependencies.isEmpty { entry["target_dependencies"] = targetDependencies }
        if !productDependencies.isEmpty { entry["product_dependencies"] = productDependencies }
      }
      return entry
    }
    let dependencies: [[String: Any]] = package.dependencies.map { dependency in
      [
        "identity": dependency.package.id, "type": "sourceControl",
        "path": dependency.package.directoryURL.path,
      ]
    }
    return try JSONSerialization.data(withJSONObject: [
      "name": package.displayName, "path": root, "targets": targets,
      "dependencies": dependencies,
    ])
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
