// `swift package check-architecture [options]`: the architecture linter on the package the command
// runs in. The package graph comes from SwiftPM's plugin context (no second `describe`), written
// in the shape of `swift package describe --type json` and handed to the linter, which reads
// `architecture.json` at the package root as the script does.
//
// The plugin names no tool. Before a command plugin runs, SwiftPM builds the tools it names, and
// even a build with nothing to do plans the whole package graph: on a package of a thousand
// targets that cost six times what the plugin's whole run costs now. So the plugin compiles the
// linter's sources itself, once, with `swiftc -O`, into its work folder, under a name made of a
// hash of those sources and of the compiler: a changed linter (a newer Voyage) or another
// toolchain is a new name and is compiled again, and an unchanged one is never compiled twice.

import Foundation
import PackagePlugin

@main
struct CheckArchitecture: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let linter = try compiledLinter(context)
    let description = context.pluginWorkDirectoryURL.appendingPathComponent("description.json")
    try Self.description(of: context.package).write(to: description, options: .atomic)
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE_PROGRAM"] = "swift package check-architecture"
    environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] = "1"
    let status = try Self.run(
      linter, [description.path] + arguments, in: context.package.directoryURL,
      environment: environment)
    // The linter's own status: 0 clean, 1 findings, 2 bad input.
    if status != 0 { exit(status) }
  }

  /// The linter's executable, compiled from the sources of the `check-architecture` target when no
  /// executable of exactly these sources is in the work folder yet.
  func compiledLinter(_ context: PluginContext) throws -> URL {
    guard let target = Self.linterTarget(in: context.package) else {
      throw PluginFailure(
        "no package in the graph has the check-architecture target this plugin compiles")
    }
    let sources = target.sourceFiles.filter { $0.type == .source }.map(\.url)
      .sorted { $0.path < $1.path }
    let swiftc = try context.tool(named: "swiftc").url
    var hash = StableHash()
    // The compiler by its resolved path, size and date: an executable built by one toolchain is
    // not promised to run on another's runtime (Linux has no stable ABI).
    let compiler = swiftc.resolvingSymlinksInPath()
    let attributes = try FileManager.default.attributesOfItem(atPath: compiler.path)
    let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    hash.add(Array("\(compiler.path) \(attributes[.size] ?? 0) \(date)".utf8))
    for source in sources {
      hash.add(Array(source.lastPathComponent.utf8))
      hash.add(Array(try Data(contentsOf: source)))
    }
    let folder = context.pluginWorkDirectoryURL
    let linter = folder.appendingPathComponent("check-architecture-\(hash.hex)")
    if FileManager.default.isExecutableFile(atPath: linter.path) { return linter }

    // A progress line reaches standard error; what the plugin prints itself is merged into the
    // linter's standard output, which --format json keeps one document.
    Diagnostics.progress("Compiling the architecture linter with -O (once for this version of it)…")
    // Into a name of this process's own, then renamed: two runs compiling at once never run
    // or leave a half-written executable.
    let partial = folder.appendingPathComponent("check-architecture-\(hash.hex).\(getpid())")
    let arguments =
      [
        "-O", "-wmo", "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)",
        "-swift-version", "6", "-module-name", "check_architecture",
        "-module-cache-path", folder.appendingPathComponent("module-cache").path,
        "-o", partial.path,
      ] + sources.map(\.path)
    let status = try Self.run(swiftc, arguments, in: folder)
    guard status == 0 else {
      throw PluginFailure(
        "swiftc could not compile the linter (exit \(status)); run it without the plugin instead: swift package describe --type json | swift run check-architecture"
      )
    }
    guard rename(partial.path, linter.path) == 0 else {
      throw PluginFailure("could not move the compiled linter to \(linter.path)")
    }
    // Executables of older sources are of no further use (a name with a dot is another run's
    // compilation, still under way).
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let stale = names.filter {
      $0.hasPrefix("check-architecture-") && !$0.contains(".") && $0 != linter.lastPathComponent
    }
    for name in stale {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    return linter
  }

  /// The `check-architecture` executable target of the package that provides this plugin: the
  /// package itself, or one of its dependencies (searched through the whole graph).
  static func linterTarget(in package: Package) -> (any SourceModuleTarget)? {
    var visited: Set<String> = []
    var queue = [package]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard visited.insert(next.id).inserted else { continue }
      for product in next.products {
        if let executable = product as? ExecutableProduct, executable.name == "check-architecture" {
          return executable.mainTarget as? any SourceModuleTarget
        }
      }
      queue += next.dependencies.map(\.package)
    }
    return nil
  }

  /// Runs `executable` with the plugin's standard output and error, and returns its exit status.
  static func run(
    _ executable: URL, _ arguments: [String], in folder: URL,
    environment: [String: String]? = nil
  ) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    if let environment { process.environment = environment }
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
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
        // Paths as strings: a plugin is compiled without optimization, and URL operations on
        // each of a large package's files would cost more than the linter's whole run.
        let folder = target.directoryURL.path + "/"
        // The files `describe` lists: compiled sources, not headers, resources or a `.docc`.
        entry["sources"] = module.sourceFiles.filter { $0.type == .source }.map { file in
          let path = file.url.path
          return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
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

/// A 64-bit FNV-1a hash: the same bytes give the same name on every machine and every run, which
/// `Hasher` (seeded per process) does not.
struct StableHash {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ bytes: [UInt8]) {
    for byte in bytes {
      value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// A failure of the plugin itself, said in one line.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
