import ArchitectureLinter

/// The package's targets as the linter's library gives them: what a removal reads to know where
/// a module lives and who uses it.
struct PackageTargets: Sendable {
  let targets: [ArchitectureTarget]

  func target(named name: String) -> ArchitectureTarget? { targets.first { $0.name == name } }

  /// The targets that depend on `name`, its own test target aside.
  func users(of name: String) -> [ArchitectureTarget] {
    targets.filter { $0.name != name + "Tests" && $0.dependencies.contains(name) }
  }
}
