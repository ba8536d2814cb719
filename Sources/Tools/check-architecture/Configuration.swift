import Foundation

// MARK: - Configuration

/// A JSON value as written, so that the configuration reader can say what is wrong and where
/// (`Decodable` alone would take `"mayuse"` for a missing key and move on).
enum JSONValue: Decodable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([String: JSONValue])
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var kindName: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .array: "an array"
    case .object: "an object"
    case .null: "null"
    }
  }
}

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
  ]
}

/// `architecture.json`: the layers in the order they are tried, the rules to run with their
/// options, and the custom compilation conditions that count as defined.
struct Configuration {
  /// A part of a layer with a dependency rule of its own (the App layer's composition root and
  /// its front, say).
  struct Role {
    let name: String
    var paths: [String] = []
    var names: [String] = []
    var mayUse: [String] = []
    var because: String?
  }

  struct Layer {
    let name: String
    var paths: [String] = []
    var names: [String] = []
    /// Folders inside targets whose files take this layer (before a target is split).
    var folders: [String] = []
    var mayUse: [String] = []
    /// `nil`: every product; empty: none; otherwise the products or packages allowed.
    var allowedProducts: Set<String>? = []
    var testSupport = false
    var optional = false
    var roles: [Role] = []
    var because: String?

    var mayUseProducts: Bool { allowedProducts != [] }

    func matches(name target: String, path: String) -> Bool {
      paths.contains { glob($0, matches: path) } || names.contains { glob($0, matches: target) }
    }

    func role(ofTarget target: String, path: String) -> Role? {
      roles.first { role in
        role.paths.contains { glob($0, matches: path) }
          || role.names.contains { glob($0, matches: target) }
      }
    }
  }

  /// A rule's options; each rule reads the ones it knows.
  struct Options {
    var layers: [String] = []
    var names: [String] = []
    var modules: [String] = []
    var allowedLayers: [String] = []
    var allowedTargets: [String] = []
    var suffixes: [String] = []
    var suffix: String?
    var type: String?
    var because: String?
  }

  var layers: [Layer] = []
  var rules: [String: Options] = [:]
  var defines: [String] = []

  /// What a package without a configuration gets: the rules that need no layers.
  static let withoutFile: Configuration = {
    var configuration = Configuration()
    for rule in allRules where rule.runsWithoutConfiguration && rule.id != "stale-baseline" {
      configuration.rules[rule.id] = Options()
    }
    return configuration
  }()

  /// Every layer and role by name.
  var unitNames: [String] { layers.flatMap { [$0.name] + $0.roles.map(\.name) } }

  /// The layer a name stands for: the layer itself, or the layer a role belongs to.
  func layer(ofUnit name: String) -> Layer? {
    layers.first { $0.name == name || $0.roles.contains { $0.name == name } }
  }

  static func load(_ path: String) -> Configuration {
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("cannot read the configuration '\(path)'")
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      fail("'\(path)' is not valid JSON")
    }
    var reader = ConfigurationReader(file: path)
    let configuration = reader.configuration(value)
    reader.check(configuration)
    return configuration
  }
}
