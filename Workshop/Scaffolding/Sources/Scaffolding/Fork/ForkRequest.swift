import Foundation

/// What `scaffold fork` was asked for, checked before anything changes.
struct ForkRequest: Equatable, Sendable {
  let renaming: AppRenaming
  /// Whether the check suite runs once the fork is made.
  let check: Bool

  static func usage(program: String) -> String {
    "Usage: \(program) <NewName> [--org NAME] [--env-prefix PREFIX] [--no-check]"
  }

  static let help = """
    Makes this repository someone else's app in one command, in place: renames the package and the
    app (its current name, read from Package.swift, becomes NewName) in every tracked file outside
    Workshop/ArchitectureLinter/: the executable and every command in help, completions, manual and docs
    (lowercase), the home folder, the environment variables (OLD_… → PREFIX_…) and the owners'
    teams (@old/… → @org/…); files and folders named after the app are renamed with git mv. Then
    it formats the code, redraws the module graphs and runs Scripts/check.sh.

      <NewName>            a Swift type name, such as Atlas
      --org NAME           the owners' organisation (default: the lowercased name)
      --env-prefix PREFIX  the environment variables' prefix (default: the uppercased name)
      --no-check           leave out the check suite at the end

    It refuses a bad name, or a work tree with uncommitted changes, before changing anything
    (status 64); a step that fails, or an interrupt, resets the tree to the commit checked out.
    """

  /// The names a fork may not take: modules or types every Swift program sees.
  static let reserved: Set<String> = [
    "Swift", "Foundation", "Dispatch", "Glibc", "Darwin", "Testing", "XCTest", "Self", "Any",
    "Type", "Protocol", "Error", "Never",
  ]

  /// Reads `arguments` for the app named `old` in the repository at `root`.
  init(parsing arguments: [String], old: String, in root: URL) throws(Refusal) {
    var organisation: String?
    var prefix: String?
    var check = true
    var positional: [String] = []
    var remaining = arguments[...]
    func value(of option: String) throws(Refusal) -> String {
      guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
        throw Refusal("\(option) needs a value")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--org": organisation = try value(of: argument)
      case "--env-prefix": prefix = try value(of: argument)
      case "--no-check": check = false
      case _ where argument.hasPrefix("-"): throw Refusal("unknown option '\(argument)'")
      default: positional.append(argument)
      }
    }
    guard positional.count == 1 else { throw Refusal("give the app's new name") }
    let new = positional[0]
    guard new.wholeMatch(of: /[A-Z][A-Za-z0-9]{1,30}/) != nil else {
      throw Refusal(
        "'\(new)' is not an app name: use a Swift type name such as Atlas (letters and digits, a capital first)"
      )
    }
    guard new != old else { throw Refusal("the app is already called \(old)") }
    guard !new.contains(old) else {
      throw Refusal("'\(new)' contains '\(old)'; choose a name of its own")
    }
    guard !Self.reserved.contains(new) else {
      throw Refusal("'\(new)' is the name of a module or type every Swift program sees")
    }
    if try ModuleName.isTaken(new, in: root) {
      throw Refusal("'\(new)' is already the name of a module of this package")
    }
    let chosenPrefix = prefix ?? new.uppercased()
    guard chosenPrefix.wholeMatch(of: /[A-Z][A-Z0-9_]*/) != nil else {
      throw Refusal(
        "'\(chosenPrefix)' is not an environment-variable prefix: use capitals, digits and _")
    }
    let chosenOrganisation = organisation ?? new.lowercased()
    guard chosenOrganisation.wholeMatch(of: /[a-z0-9][a-z0-9-]*/) != nil else {
      throw Refusal(
        "'\(chosenOrganisation)' is not an organisation name: use lowercase letters, digits and -")
    }
    renaming = AppRenaming(
      old: old, new: new, prefix: chosenPrefix, organisation: chosenOrganisation)
    self.check = check
  }
}
