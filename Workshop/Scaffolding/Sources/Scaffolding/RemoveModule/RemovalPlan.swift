import ArchitectureLinter
import Foundation

/// What a removal will touch, worked out before anything changes: the module's folder and layer,
/// and for a feature the App-layer targets that wire it, its example and the benchmarks that use
/// it. Every refusal comes from here.
struct RemovalPlan: Sendable {
  let name: String
  /// `Sources/<Layer>/<Name>`.
  let path: String
  let layer: String
  /// The App layer's targets (a feature's wiring lives in them), none for any other layer.
  let appTargets: [ArchitectureTarget]
  /// The benchmarks and the example that use a feature: they go with it.
  let benchmarks: [ArchitectureTarget]
  let examples: [ArchitectureTarget]
  /// The package's executable in the App layer, whose commands the snapshots record.
  let executable: String?

  init(removing name: String, from targets: PackageTargets) throws(Refusal) {
    guard let target = targets.target(named: name) else {
      throw Refusal("there is no target named '\(name)'")
    }
    guard target.kind == "library" || target.kind == "system-target" else {
      throw Refusal(
        "'\(name)' is a \(target.kind) target; this removes library modules (Sources/<Layer>/<Name>)"
      )
    }
    let components = target.path.split(separator: "/").map(String.init)
    guard components.count == 3, components[0] == "Sources", components[2] == name else {
      throw Refusal("'\(name)' lives in '\(target.path)', not in Sources/<Layer>/\(name)")
    }
    self.name = name
    path = target.path
    layer = components[1]
    let users = targets.users(of: name)
    let isFeature = layer == "Features"
    appTargets = isFeature ? targets.targets.filter { $0.path.hasPrefix("Sources/App/") } : []
    benchmarks = isFeature ? users.filter { $0.path.hasPrefix("Benchmarks/") } : []
    examples = isFeature ? users.filter { $0.path.hasPrefix("Sources/Examples/") } : []
    executable =
      targets.targets.first { $0.kind == "executable" && $0.path.hasPrefix("Sources/App/") }?.name
    // A test target of an App module depends on what its module uses; it is not a user of its own.
    let goingWithIt = Set(
      (appTargets + benchmarks + examples).map(\.name) + appTargets.map { $0.name + "Tests" })
    let dependents = users.map(\.name).filter { !goingWithIt.contains($0) }
    guard dependents.isEmpty else {
      throw Refusal(
        "'\(name)' is still used by \(dependents.joined(separator: ", ")); remove those uses first")
    }
  }

  /// The plan for removing `name` from the package in `root`, as SwiftPM describes it now: a
  /// `Refusal`, or a `StepFailure` when the package cannot be described.
  init(removing name: String, in root: URL) async throws {
    let targets = try await PackageLinter(root: root).targets()
    self = try RemovalPlan(removing: name, from: PackageTargets(targets: targets))
  }

  /// Every folder that goes: the module's, its tests', its benchmarks' and its example's.
  var removedFolders: [String] {
    [path, "Tests/\(name)Tests"] + benchmarks.map(\.path) + examples.map(\.path)
  }
}
