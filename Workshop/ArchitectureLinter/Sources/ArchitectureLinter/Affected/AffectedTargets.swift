import Foundation

/// The targets a set of changed files can reach: those whose folders hold a changed file,
/// those that `architecture.json`'s `reads` says read one, and every target that depends on
/// them, transitively, test targets included. A change no target owns reaches them all.
struct AffectedTargets: Equatable, Sendable {
  /// Each reached target once, sorted by name.
  let targets: [AffectedTarget]
  /// The changes that reached every target, in path order.
  let unattributed: [UnattributedChange]
  /// Changed files outside the package's folder (paths from the repository's root), which
  /// reach none of its targets.
  let outsidePackage: [String]

  /// The targets `files` (paths from the package's root) reach in a package of `targets`.
  /// `configuration` is the configuration's path from the package's root, if it has one;
  /// `pathDependencies` the folders, from the package's root, of the packages it depends on by
  /// path that lie inside it.
  init(
    changing files: [String], in targets: [Target], reads: [Configuration.Reads],
    configuration: String?, pathDependencies: [(identity: String, folder: String)],
    outsidePackage: [String] = []
  ) {
    self.outsidePackage = outsidePackage
    var unattributed: [UnattributedChange] = []
    // The first reason found for each target: its own file before a file it reads.
    var reached: [String: AffectedTarget.Reason] = [:]
    // Deepest folder first, so a file of a target nested in another's folder is the inner one's.
    let owners = targets.filter { !$0.path.isEmpty }.sorted { $0.path.count > $1.path.count }
    for file in files.sorted() {
      if let change = Self.unattributedChange(
        file, configuration: configuration, pathDependencies: pathDependencies)
      {
        unattributed.append(change)
        continue
      }
      let owner = owners.first { file.hasPrefix($0.path + "/") }
      if let owner, reached[owner.name] == nil {
        reached[owner.name] = .changed(file: file)
      }
      let readers = reads.filter { $0.matches(file) }.flatMap(\.targets)
      for reader in readers where reached[reader] == nil {
        reached[reader] = .reads(file: file)
      }
      if owner == nil && readers.isEmpty {
        unattributed.append(UnattributedChange(file: file, kind: .outsideEveryTarget))
      }
    }
    // What depends on each target, so the reached set grows outwards, nearest first: each
    // dependent names the dependency it was reached through.
    var dependents: [String: [String]] = [:]
    for target in targets {
      for dependency in target.dependencies {
        dependents[dependency, default: []].append(target.name)
      }
    }
    var frontier = reached.keys.sorted()
    while !frontier.isEmpty {
      var next: [String] = []
      for name in frontier {
        for dependent in (dependents[name] ?? []).sorted() where reached[dependent] == nil {
          reached[dependent] = .dependsOn(target: name)
          next.append(dependent)
        }
      }
      frontier = next.sorted()
    }
    if let first = unattributed.first {
      for target in targets where reached[target.name] == nil {
        reached[target.name] = .everything(first)
      }
    }
    let kinds = Dictionary(
      targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
    self.targets = reached.map { name, reason in
      AffectedTarget(name: name, kind: kinds[name] ?? "", reason: reason)
    }.sorted { $0.name < $1.name }
    self.unattributed = unattributed
  }

  /// Why `file` reaches every target, or `nil` when a target may own it.
  static func unattributedChange(
    _ file: String, configuration: String?, pathDependencies: [(identity: String, folder: String)]
  ) -> UnattributedChange? {
    if let dependency = pathDependencies.first(where: { file.hasPrefix($0.folder + "/") }) {
      return UnattributedChange(file: file, kind: .pathDependency(identity: dependency.identity))
    }
    if file == "Package.swift" || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift")) {
      return UnattributedChange(file: file, kind: .manifest)
    }
    if file == "Package.resolved" {
      return UnattributedChange(file: file, kind: .resolvedVersions)
    }
    if file == configuration {
      return UnattributedChange(file: file, kind: .configuration)
    }
    return nil
  }
}
