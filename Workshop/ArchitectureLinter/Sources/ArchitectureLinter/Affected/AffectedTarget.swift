import Foundation

/// A target that a change can reach, and why: what `--affected` lists, one per target.
public struct AffectedTarget: Equatable, Sendable {
  /// Why a change reaches a target.
  enum Reason: Equatable, Sendable {
    /// One of its own files changed (the first, in path order).
    case changed(file: String)
    /// A file outside its folder that `architecture.json`'s `reads` says it reads changed.
    case reads(file: String)
    /// A target it depends on, directly, is reached.
    case dependsOn(target: String)
    /// A change no target owns reaches every target.
    case everything(UnattributedChange)
  }

  /// The target's name.
  public let name: String
  /// Its kind as `describe` says it (`library`, `executable`, `test`, …).
  public let kind: String
  let reason: Reason

  /// The reason as a person reads it (`changed: Sources/X/Y.swift`, `depends on X`).
  public var reasonText: String {
    switch reason {
    case .changed(let file): "changed: \(file)"
    case .reads(let file): "reads: \(file)"
    case .dependsOn(let target): "depends on \(target)"
    case .everything(let change): "every target: \(change.description)"
    }
  }
}

/// A changed file that no target owns and no `reads` entry maps: it may change the build or the
/// tests of any target, so it reaches them all.
struct UnattributedChange: Equatable, Sendable {
  /// What kind of file it is.
  enum Kind: Equatable, Sendable {
    /// `Package.swift` (or a version-specific manifest): the graph itself.
    case manifest
    /// `Package.resolved`: the versions of every dependency.
    case resolvedVersions
    /// The architecture configuration, which every target's build checks.
    case configuration
    /// A file of a package this one depends on by path.
    case pathDependency(identity: String)
    /// A file in no target's folder that `reads` does not map.
    case outsideEveryTarget
  }

  /// The path from the package's root.
  let file: String
  let kind: Kind

  /// `Package.swift changed (the manifest)`, as the note on standard error says it.
  var description: String { "\(file) changed (\(what))" }

  /// What kind of file it is, in words.
  var what: String {
    switch kind {
    case .manifest: "the manifest"
    case .resolvedVersions: "the dependencies' resolved versions"
    case .configuration: "the architecture configuration"
    case .pathDependency(let identity): "a file of '\(identity)', a path dependency"
    case .outsideEveryTarget:
      "in no target's folder, and architecture.json's \"reads\" names no target for it"
    }
  }
}
