/// The package's targets as the linter lists them (`--list-targets`): what a removal reads to
/// know where a module lives and who uses it.
struct PackageTargets: Sendable {
  /// One target: its name, kind (`library`, `test`, …), folder and target dependencies.
  struct Target: Equatable, Sendable {
    let name: String
    let kind: String
    let path: String
    let dependencies: [String]
  }

  let targets: [Target]

  /// Reads the linter's tab-separated lines: name, kind, layer, path, the layers its layer may
  /// use, and its dependencies (comma-separated).
  init(listed: String) {
    targets = listed.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 6 else { return nil }
      return Target(
        name: fields[0], kind: fields[1], path: fields[3],
        dependencies: fields[5].split(separator: ",").map(String.init))
    }
  }

  func target(named name: String) -> Target? { targets.first { $0.name == name } }

  /// The targets that depend on `name`, its own test target aside.
  func users(of name: String) -> [Target] {
    targets.filter { $0.name != name + "Tests" && $0.dependencies.contains(name) }
  }
}
