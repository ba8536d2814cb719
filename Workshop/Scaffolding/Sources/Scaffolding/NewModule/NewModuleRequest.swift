import Foundation

/// What `scaffold new-module` was asked for, checked against the repository before anything
/// changes: every refusal names what to do instead.
struct NewModuleRequest: Equatable, Sendable {
  let layer: ModuleLayer
  let name: String
  /// One sentence on why the module exists: its doc comment, its README's first line, and the
  /// comment above its manifest entry.
  let purpose: String
  /// The team that owns its folders in CODEOWNERS.
  let owner: String
  /// Whether the check suite runs once the module is added.
  let check: Bool

  /// The command's one line, as `program` names it.
  static func usage(program: String) -> String {
    let layers = ModuleLayer.allCases.map(\.rawValue).joined(separator: "|")
    return "Usage: \(program) <\(layers)> <Name> [\"purpose\"] [--owner @team] [--no-check]"
  }

  /// What the command does, below its usage in `--help`.
  static let help = """
    Adds a module the right way in one command: Sources/<Layer>/<Name>/ with a first file, a
    README and a documentation catalog, Tests/<Name>Tests/ with a first test, the module's
    CODEOWNERS lines (in its layer's section), and its manifest entry (a case in the layer's enum,
    and the target through the layer's helper, which takes that case); then it redraws the module
    graphs and runs Scripts/check.sh.

      <Layer>      Kernel, Interfaces, Infrastructure or Features
      <Name>       a Swift type name, such as ItineraryFeature
      "purpose"    one sentence on why it exists (its doc comment, README and manifest comment)
      --owner      the owning team (default: the owner of CODEOWNERS' `*` line)
      --no-check   leave out the check suite at the end

    It refuses a bad request before changing anything (status 64), and puts every file back if a
    later step fails or it is interrupted.
    """

  /// Reads `arguments` (the ones after the command's name) for the repository at `root`.
  init(parsing arguments: [String], in root: URL) throws(Refusal) {
    var owner: String?
    var check = true
    var positional: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--owner":
        guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
          throw Refusal("--owner needs a value")
        }
        owner = value
      case "--no-check": check = false
      case _ where argument.hasPrefix("-"): throw Refusal("unknown option '\(argument)'")
      default: positional.append(argument)
      }
    }
    guard (2...3).contains(positional.count) else {
      throw Refusal("give a layer and a name, and optionally a purpose")
    }
    let layerName = positional[0]
    let name = positional[1]
    guard let layer = ModuleLayer(rawValue: layerName) else {
      if layerName == "App" {
        throw Refusal(
          "the App layer holds the composition root, the command line and the executable; wire new modules in AppComposition"
        )
      }
      let layers = ModuleLayer.allCases.map(\.rawValue)
      throw Refusal(
        "unknown layer '\(layerName)'; choose \(layers.dropLast().joined(separator: ", ")) or \(layers.last ?? "")"
      )
    }
    guard name.wholeMatch(of: /[A-Z][A-Za-z0-9]{1,63}/) != nil else {
      throw Refusal(
        "'\(name)' is not a module name: use a Swift type name such as ItineraryFeature")
    }
    if try ModuleName.isTaken(name, in: root) {
      throw Refusal("a module named '\(name)' already exists")
    }
    if let owner, owner.isEmpty || owner.contains(where: \.isWhitespace) {
      throw Refusal("'\(owner)' is not an owner: use a team such as @voyage/platform")
    }
    self.layer = layer
    self.name = name
    self.purpose = positional.count == 3 ? positional[2] : "Why \(name) exists, in one sentence."
    self.owner = owner ?? Self.defaultOwner(in: root)
    self.check = check
  }

  /// The owner of CODEOWNERS' catch-all `*` line, so a fork that renamed its team gets new
  /// modules owned by that team; `@platform` without one.
  private static func defaultOwner(in root: URL) -> String {
    let owners =
      (try? String(
        contentsOf: root.appendingPathComponent("CODEOWNERS"), encoding: .utf8)) ?? ""
    for line in owners.split(separator: "\n") {
      let words = line.split(whereSeparator: \.isWhitespace)
      if words.count >= 2, words[0] == "*" { return String(words[1]) }
    }
    return "@platform"
  }
}
