public import Foundation

// MARK: - Package description

/// A package as `swift package describe --type json` describes it: what the linter checks.
public struct PackageDescription: Decodable, Sendable {
  /// One target of the package.
  public struct Target: Decodable, Sendable {
    /// Its name in the manifest.
    public let name: String
    let c99name: String?
    /// Its kind: `library`, `executable`, `test`, `plugin`, …
    public let type: String
    /// Its folder, from the package's root.
    public let path: String
    /// Its files, from its folder.
    public let sources: [String]?
    /// The targets of the package it depends on.
    public let targetDependencies: [String]?
    /// The products of other packages it depends on.
    public let productDependencies: [String]?

    // The keys spelled out: a decoder that converts every key from snake case took twice as
    // long on a description of twenty thousand files.
    enum CodingKeys: String, CodingKey {
      case name, c99name, type, path, sources
      case targetDependencies = "target_dependencies"
      case productDependencies = "product_dependencies"
    }

    /// A target as a plugin's package graph gives it (`PackageGraph`): with its module name.
    init(
      name: String, c99name: String?, type: String, path: String, sources: [String],
      targetDependencies: [String], productDependencies: [String]
    ) {
      self.name = name
      self.c99name = c99name
      self.type = type
      self.path = path
      self.sources = sources
      self.targetDependencies = targetDependencies
      self.productDependencies = productDependencies
    }

    /// A target with these parts, as `describe` would list it.
    public init(
      name: String, type: String, path: String, sources: [String] = [],
      targetDependencies: [String] = [], productDependencies: [String] = []
    ) {
      self.name = name
      self.c99name = nil
      self.type = type
      self.path = path
      self.sources = sources
      self.targetDependencies = targetDependencies
      self.productDependencies = productDependencies
    }
  }
  /// One product of the package: what `swift build` and `swift run` name.
  struct Product: Decodable, Sendable {
    let name: String
    let targets: [String]
    /// `{"executable": null}`, `{"library": ["automatic"]}`, …
    let type: [String: [String]?]?

    /// An executable: a program built beside the tests, which a test can run.
    var isExecutable: Bool { type?.keys.contains("executable") == true }
  }
  struct Dependency: Decodable, Sendable {
    let identity: String
    let type: String?
    let path: String?
    let url: String?
  }
  /// Its name in the manifest.
  public let name: String
  /// Its root folder, absolute.
  public let path: String
  /// Its targets.
  public let targets: [Target]
  let dependencies: [Dependency]?
  /// Its products, as the manifest declares them.
  let products: [Product]?

  /// A package of `targets` at `path` (its root), with no dependencies on other packages.
  public init(name: String, path: String, targets: [Target]) {
    self.init(name: name, path: path, targets: targets, dependencies: nil)
  }

  /// A package with the packages it depends on and its products, as a plugin's package graph
  /// gives it.
  init(
    name: String, path: String, targets: [Target], dependencies: [Dependency]?,
    products: [Product]? = nil
  ) {
    self.name = name
    self.path = path
    self.targets = targets
    self.dependencies = dependencies
    self.products = products
  }

  /// The package `swift package describe --type json` printed; anything else throws
  /// ``BadInput``.
  public init(json: Data) throws {
    do {
      self = try JSONDecoder().decode(PackageDescription.self, from: json)
    } catch {
      throw BadInput(
        "the input is not a package description from `swift package describe --type json`")
    }
  }
}

/// What `swift package dump-package` says of a dependency: its products and their targets.
struct DependencyManifest: Decodable {
  struct Product: Decodable {
    let name: String
    let targets: [String]
    /// `{"library": [...]}`, `{"executable": null}`, `{"plugin": null}`, …
    let type: [String: [String]?]?

    /// A plugin: applied to a target's build, never imported.
    var isPlugin: Bool { type?.keys.contains("plugin") == true }
  }
  struct Target: Decodable {
    let name: String
    let type: String
  }
  let name: String
  let products: [Product]
  let targets: [Target]
}

/// The module name SwiftPM gives a target: its name with every character that cannot be in an
/// identifier replaced by `_` (and a leading digit prefixed with `_`).
func c99name(_ name: String) -> String {
  var scalars = String.UnicodeScalarView()
  for (index, scalar) in name.unicodeScalars.enumerated() {
    let isLetter = scalar == "_" || scalar.properties.isAlphabetic
    let isDigit = ("0"..."9").contains(scalar)
    if index == 0 && isDigit { scalars.append("_") }
    scalars.append(isLetter || isDigit ? scalar : "_")
  }
  return String(scalars)
}

/// The modules each product of the package's dependencies provides, and every module those
/// packages hold (so an import of one without its product is found), and the modules of the
/// packages they depend on in turn, which the package does not (so an import that works only
/// because a dependency brought their package along is found too). Read with
/// `swift package dump-package` from each package's folder: a path dependency's own folder,
/// or `.build/checkouts/<name>` once `swift package resolve` has run.
struct ProductModules {
  /// A package in the graph that the package itself does not depend on.
  struct IndirectPackage: Equatable {
    let identity: String
    /// Its URL, or its folder for a path dependency: what a `.package(…)` line would name.
    let location: String
    /// The package's own dependency it comes through.
    let through: String
    /// The products of that package that provide the module.
    let products: [String]
  }

  /// Where a package's manifest says one of its dependencies is.
  struct DependencyLocation {
    let identity: String
    let location: String
    let folder: URL
  }

  var modulesOfProduct: [String: Set<String>] = [:]
  /// The identity of the package that provides each product.
  var packageOfProduct: [String: String] = [:]
  var dependencyModules: Set<String> = []
  /// The modules of packages the graph holds only through a dependency.
  var indirectModules: [String: IndirectPackage] = [:]
  var unresolved: [String] = []
  /// The dependencies' plugin products, which a target applies rather than imports.
  var plugins: Set<String> = []

  static func load(for package: PackageDescription, root: URL) -> ProductModules {
    var result = ProductModules()
    let used = Set(package.targets.flatMap { $0.productDependencies ?? [] })
    guard !used.isEmpty else { return result }
    var folders: [(String, URL)] = []
    for dependency in package.dependencies ?? [] {
      if let path = dependency.path {
        folders.append((dependency.identity, URL(fileURLWithPath: path)))
      } else if let url = dependency.url {
        var name = URL(string: url)?.lastPathComponent ?? dependency.identity
        if name.hasSuffix(".git") { name.removeLast(4) }
        folders.append(
          (dependency.identity, root.appendingPathComponent(".build/checkouts/\(name)")))
      }
    }
    // All manifests of one level are read at once: each `dump-package` spends most of a second
    // compiling one.
    let running = folders.map { identity, folder in (identity, startDumpPackage(at: folder)) }
    let manifests = running.map { identity, reading in
      (identity, reading.flatMap { finishDumpPackage($0, root: root) })
    }
    var seen = Set(folders.map(\.0))
    var next: [(DependencyLocation, through: String)] = []
    for (identity, read) in manifests {
      guard let (manifest, dependencies) = read else {
        result.unresolved.append(identity)
        continue
      }
      for target in manifest.targets where ["regular", "executable"].contains(target.type) {
        result.dependencyModules.insert(c99name(target.name))
      }
      for product in manifest.products {
        // `describe` lists a plugin a target applies among its product dependencies; it is no
        // module to import.
        if product.isPlugin {
          result.plugins.insert(product.name)
          continue
        }
        result.modulesOfProduct[product.name, default: []].formUnion(product.targets.map(c99name))
        result.packageOfProduct[product.name] = identity
      }
      for dependency in dependencies where seen.insert(dependency.identity).inserted {
        next.append((dependency, identity))
      }
    }
    // The packages the dependencies bring along, level by level; a module keeps the first,
    // nearest package that holds it.
    while !next.isEmpty {
      let level = next.map { ($0, startDumpPackage(at: $0.0.folder)) }
      next = []
      for ((dependency, through), reading) in level {
        guard let (manifest, dependencies) = reading.flatMap({ finishDumpPackage($0, root: root) })
        else { continue }
        for target in manifest.targets where ["regular", "executable"].contains(target.type) {
          let module = c99name(target.name)
          guard !result.dependencyModules.contains(module), result.indirectModules[module] == nil
          else { continue }
          result.indirectModules[module] = IndirectPackage(
            identity: dependency.identity, location: dependency.location, through: through,
            products: manifest.products.filter { $0.targets.contains(target.name) }.map(\.name))
        }
        for further in dependencies where seen.insert(further.identity).inserted {
          next.append((further, through))
        }
      }
    }
    return result
  }

  /// The dependencies a `dump-package` document lists, and the folder each is checked out in
  /// (its own for a path dependency, `.build/checkouts/<name>` of the root for the others).
  static func dependencyLocations(in document: Data, root: URL) -> [DependencyLocation] {
    guard let object = try? JSONSerialization.jsonObject(with: document) as? [String: Any],
      let dependencies = object["dependencies"] as? [[String: Any]]
    else { return [] }
    return dependencies.flatMap { dependency in
      dependency.values.compactMap { $0 as? [Any] }.flatMap { $0 }.compactMap {
        entry -> DependencyLocation? in
        guard let entry = entry as? [String: Any], let identity = entry["identity"] as? String
        else { return nil }
        if let path = entry["path"] as? String {
          return DependencyLocation(
            identity: identity, location: path, folder: URL(fileURLWithPath: path))
        }
        // `"location": {"remote": [{"urlString": "…"}]}` (or, from older tools, a plain string).
        let remote = ((entry["location"] as? [String: Any])?["remote"] as? [Any])?.first
        guard
          let url = (remote as? [String: Any])?["urlString"] as? String ?? remote as? String
        else { return nil }
        var name = URL(string: url)?.lastPathComponent ?? identity
        if name.hasSuffix(".git") { name.removeLast(4) }
        return DependencyLocation(
          identity: identity, location: url,
          folder: root.appendingPathComponent(".build/checkouts/\(name)"))
      }
    }
  }

  static func startDumpPackage(at folder: URL) -> (Process, Pipe)? {
    guard
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // Reading a manifest needs no build of the dependency, so it does not wait for that
    // package's lock, which a build or a `swift test` there holds as long as it runs.
    process.arguments = [
      "swift", "package", "--ignore-lock", "--package-path", folder.path, "dump-package",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    return (process, output)
  }

  static func finishDumpPackage(_ dump: (Process, Pipe), root: URL)
    -> (DependencyManifest, [DependencyLocation])?
  {
    let (process, output) = dump
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let manifest = try? JSONDecoder().decode(DependencyManifest.self, from: data)
    else { return nil }
    return (manifest, dependencyLocations(in: data, root: root))
  }
}

/// A target as the rules see it: its kind, its layer and role, its files and what it depends on.
/// A class, not a struct: every file of a target refers to it, and copying its layer's tables
/// for each file cost a tenth of a large run in reference counting.
final class Target: Sendable {
  let name: String
  let moduleName: String
  let kind: String
  let path: String
  let layer: Configuration.Layer?
  /// Its role inside its layer, when the layer has roles.
  let role: Configuration.Role?
  let sources: [String]
  let dependencies: [String]
  let products: [String]

  init(
    name: String, moduleName: String, kind: String, path: String, layer: Configuration.Layer?,
    role: Configuration.Role?, sources: [String], dependencies: [String], products: [String]
  ) {
    self.name = name
    self.moduleName = moduleName
    self.kind = kind
    self.path = path
    self.layer = layer
    self.role = role
    self.sources = sources
    self.dependencies = dependencies
    self.products = products
  }

  var isTest: Bool { kind == "test" }
  /// Plugins, binary targets (a remote one has no folder) and snippets (which may use every
  /// library of their package) hold no module source to check.
  var isLinted: Bool { !Self.unlintedKinds.contains(kind) }
  static let unlintedKinds: Set<String> = ["plugin", "binary", "snippet"]
  /// Test targets and test support: code that never ships, exempt from the source rules.
  var isTestCode: Bool { isTest || layer?.testSupport == true }
  /// The layers and roles it may depend on: its role's, or its layer's.
  var mayUse: [String] { role?.mayUse ?? layer?.mayUse ?? [] }
  /// Its layer's name, and its role's if it has one (`App (Front)`).
  var unitDescription: String {
    guard let layer else { return "" }
    return role.map { "\(layer.name) (\($0.name))" } ?? layer.name
  }
}
