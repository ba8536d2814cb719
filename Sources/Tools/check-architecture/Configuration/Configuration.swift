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
