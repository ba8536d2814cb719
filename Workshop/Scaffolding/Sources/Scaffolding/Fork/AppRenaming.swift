import Foundation

/// Every spelling of the app's name and what it becomes in a fork: the owners' teams first (they
/// hold the lowercase name), then the environment's prefix, then each spelling.
struct AppRenaming: Equatable, Sendable {
  let old: String
  let new: String
  /// The environment variables' prefix (`VOYAGE_…` → `PREFIX_…`).
  let prefix: String
  /// The owners' organisation (`@voyage/…` → `@org/…`).
  let organisation: String

  /// Each replacement, in the order they apply: earlier ones take the text later ones would
  /// also match (`@voyage/` before `voyage`, `VOYAGE_` before `VOYAGE`).
  var replacements: [(String, String)] {
    [
      ("@\(old.lowercased())/", "@\(organisation)/"),
      ("\(old.uppercased())_", "\(prefix)_"),
      (old.uppercased(), new.uppercased()),
      (old, new),
      (old.lowercased(), new.lowercased()),
    ]
  }

  /// `text` with every spelling replaced; unchanged when it names the app in none of them.
  func applied(to text: String) -> String {
    replacements.reduce(text) { text, replacement in
      text.replacingOccurrences(of: replacement.0, with: replacement.1)
    }
  }

  /// A file or folder name renamed: the type-cased and the lowercase spellings.
  func renamed(_ name: String) -> String {
    name.replacingOccurrences(of: old, with: new)
      .replacingOccurrences(of: old.lowercased(), with: new.lowercased())
  }

  /// Whether `text` names the app in any case.
  func isNamed(in text: String) -> Bool {
    text.range(of: old, options: .caseInsensitive) != nil
  }
}
