import Foundation

/// The architecture linter as a library: a package as SwiftPM describes it and its
/// configuration in, the package's findings and its architecture out, as values. The executable,
/// the one-file script and the scaffolding tool are adapters over it: they read a command line,
/// ask, and print.
///
///     let package = try PackageDescription(json: described)
///     let check = ArchitectureCheck(
///       package: package, configuration: try Configuration(contentsOfFile: "architecture.json"))
///     for finding in try await check.findings() { print(finding) }
public struct ArchitectureCheck: Sendable {
  let linter: Linter

  /// A check of `package` against `configuration`'s layers and rules, or, without one, the
  /// rules that need no layers (undeclared imports, `@testable` in production, …).
  public init(package: PackageDescription, configuration: Configuration? = nil) {
    let configuration = configuration ?? .withoutFile
    var enabled = configuration.rules
    // A suppression is honoured whatever the configuration, so its checks always run too.
    enabled["suppression"] = Configuration.Options()
    self.init(
      linter: Linter(
        package: package, configuration: configuration, enabled: enabled,
        setting: BuildSetting(defined: Set(configuration.defines), platform: nil),
        products: ProductModules.load(
          for: package, root: URL(fileURLWithPath: package.path))))
  }

  /// A check by `linter`, whose rules the command line chose.
  init(linter: Linter) {
    self.linter = linter
  }

  /// Every target with its layer, what that layer may use and its dependencies, by name.
  public var targets: [ArchitectureTarget] {
    linter.targets.sorted { $0.name < $1.name }.map(ArchitectureTarget.init)
  }

  /// Every finding of the enabled rules, in file order, before any baseline. A configuration
  /// that names what the package lacks, a missing target folder or a file that cannot be read
  /// throws ``BadInput``: nothing half understood is checked.
  public func findings() async throws -> [Finding] {
    _ = try validated()
    return try await violations().violations.map(Finding.init)
  }

  /// The targets the changes since the git revision `revision` can reach (uncommitted and
  /// untracked files included), each with its reason, by name.
  public func affectedTargets(since revision: String) throws -> [AffectedTarget] {
    _ = try validated()
    return try affected(since: revision).targets
  }

  /// The package's module graph as a Mermaid flowchart (what `--update-graph` writes between a
  /// document's markers): the layers as subgraphs, each edge that `findings` holds a
  /// layer-dependency finding of in red.
  public func moduleGraph(marking findings: [Finding] = []) -> String {
    mermaid(linter, violations: findings.map(\.violation), baselined: [])
  }

  // MARK: - What the adapters share

  /// What the configuration says about targets, checked against the package, and every target
  /// folder there: a description or a configuration half understood checks nothing. Returns
  /// the notes for the person who runs it (dependencies whose manifests cannot be read).
  func validated() throws -> [String] {
    let package = linter.package
    if let file = linter.configuration.file {
      let products = Set((package.dependencies ?? []).map(\.identity))
        .union(package.targets.flatMap { $0.productDependencies ?? [] })
        .union(linter.products.modulesOfProduct.keys)
      let reader = ConfigurationReader(file: file)
      try reader.check(
        linter.configuration, against: linter.targets.filter { !$0.isTest }, products: products)
      try reader.check(reads: linter.configuration.reads, targetNames: linter.targets.map(\.name))
    }
    let missing = linter.missingTargetFolders()
    if let first = missing.first {
      let more = missing.count > 1 ? " (and \(missing.count - 1) more)" : ""
      throw BadInput("\(first)\(more): nothing was checked")
    }
    return linter.products.unresolved.map { identity in
      "note: the products of '\(identity)' are assumed to be modules of the same name: its manifest cannot be read (run `swift package resolve`)"
    }
  }

  /// Every violation, in file order, and the suppressions that accepted one.
  func violations() async throws -> (violations: [Violation], accepted: [AcceptedSuppression]) {
    switch await linter.lint() {
    case .failure(let failure):
      throw BadInput("'\(failure.path)' \(failure.reason): nothing was checked")
    case .success(let found):
      let ordered = found.violations.sorted {
        ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule)
      }
      return (ordered, found.accepted)
    }
  }

  /// The targets the changes since `revision` reach, from the package's folder, with the
  /// configuration and the path dependencies placed in it.
  func affected(since revision: String) throws -> AffectedTargets {
    let package = linter.package
    let root = URL(fileURLWithPath: package.path).resolvingSymlinksInPath().path
    /// `path` from the package's root, or `nil` outside it.
    func inPackage(_ path: String) -> String? {
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      return resolved.hasPrefix(root + "/") ? String(resolved.dropFirst(root.count + 1)) : nil
    }
    let changes = try ChangedFiles.since(revision, package: package.path)
    let pathDependencies = (package.dependencies ?? []).compactMap { dependency in
      dependency.path.flatMap(inPackage).map { (identity: dependency.identity, folder: $0) }
    }
    return AffectedTargets(
      changing: changes.inPackage, in: linter.targets, reads: linter.configuration.reads,
      configuration: linter.configuration.location.flatMap(inPackage),
      pathDependencies: pathDependencies, outsidePackage: changes.outsidePackage)
  }
}
