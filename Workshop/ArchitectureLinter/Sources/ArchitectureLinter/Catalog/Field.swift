import Foundation

/// One key of the configuration: what it holds and why. The reader accepts exactly these keys,
/// and `--print-schema` prints the JSON Schema from the same table, so they cannot disagree.
struct Field: Sendable {
  indirect enum Kind: Sendable {
    case string, boolean, strings
    /// `true`, `false`, or a list of names.
    case booleanOrStrings
    /// A list of objects with these keys.
    case objects([Field])
    /// An object whose keys are rule ids, each with the options of its rule.
    case rules
  }
  let name: String
  let kind: Kind
  let summary: String
  var required = false
}

extension Field {
  static let because = Field(
    name: "because", kind: .string,
    summary:
      "Why this exists, in the package's own words: printed with each finding and by --explain.")
  static let paths = Field(
    name: "paths", kind: .strings,
    summary: "Globs on a target's path (Sources/Kernel/*); * matches within one path component.")
  static let names = Field(
    name: "names", kind: .strings, summary: "Globs on a target's name (*Feature).")
  static let mayUse = Field(
    name: "mayUse", kind: .strings,
    summary: "The layers (or roles) whose targets it may depend on; itself only if listed.")
  static let folders = Field(
    name: "folders", kind: .strings,
    summary:
      "Globs on folders inside a target (Sources/App/Networking): files there take this layer, and the folder-dependency rule checks the types they name."
  )

  static let role: [Field] = [
    Field(
      name: "name", kind: .string, summary: "The role's name, unique among layers and roles.",
      required: true),
    paths, names, mayUse, because,
  ]

  static let layer: [Field] = [
    Field(
      name: "name", kind: .string, summary: "The layer's name, unique among layers and roles.",
      required: true),
    paths, names, folders, mayUse,
    Field(
      name: "mayUseProducts", kind: .booleanOrStrings,
      summary:
        "Whether it may use other packages' products: true, false, or the products or package identities it may use."
    ),
    Field(
      name: "testSupport", kind: .boolean,
      summary: "Shared test doubles: only test targets may depend on it."),
    Field(
      name: "optional", kind: .boolean,
      summary: "It may match no target (otherwise a layer that matches nothing is an error)."),
    Field(
      name: "roles", kind: .objects(role),
      summary:
        "Roles inside the layer, tried in order; each target of the layer must take one, and each role's mayUse replaces the layer's."
    ),
    because,
  ]

  static let reads: [Field] = [
    Field(
      name: "targets", kind: .strings,
      summary:
        "The targets that read the files: a change to one reaches them and their dependents.",
      required: true),
    Field(
      name: "files", kind: .strings,
      summary:
        "Globs on paths from the package's root (docs, Scripts/*.sh); a folder stands for every file under it.",
      required: true),
    because,
  ]

  static let configuration: [Field] = [
    Field(
      name: "$schema", kind: .string, summary: "The JSON Schema that editors check this file with."),
    Field(name: "about", kind: .string, summary: "What this file is, for its readers."),
    Field(
      name: "layers", kind: .objects(layer),
      summary:
        "The layers in the order they are tried: a target takes the first whose paths or names match it."
    ),
    Field(name: "rules", kind: .rules, summary: "The rules to run, each with its options."),
    Field(
      name: "defines", kind: .strings,
      summary: "Custom compilation conditions that count as set in #if."),
    Field(
      name: "reads", kind: .objects(reads),
      summary:
        "Files outside a target's own folder that targets read (documents, scripts, fixtures, an executable a test runs): for --affected."
    ),
  ]
}
