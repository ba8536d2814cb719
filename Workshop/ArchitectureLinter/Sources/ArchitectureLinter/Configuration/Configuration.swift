import Foundation

// MARK: - Configuration

/// `architecture.json`: the layers in the order they are tried, the rules to run with their
/// options, and the custom compilation conditions that count as defined.
public struct Configuration: Sendable {
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

  /// Files that targets read outside their own folders, which no manifest declares: a change
  /// to one of them reaches these targets (`--affected`).
  struct Reads {
    var targets: [String] = []
    var files: [String] = []
    var because: String?

    /// Whether `file` (a path from the package's root) is one of these files: a pattern
    /// matches the path itself or a folder that holds it.
    func matches(_ file: String) -> Bool {
      files.contains { pattern in
        let folder = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        return glob(folder, matches: file)
          || enclosingFolders(of: file).contains { glob(folder, matches: $0) }
      }
    }
  }

  var layers: [Layer] = []
  var rules: [String: Options] = [:]
  var defines: [String] = []
  var reads: [Reads] = []
  /// The file it was read from, as it was named (`nil` without one): what its findings and
  /// errors name.
  var file: String?
  /// The same file as it was opened, resolved against the working folder.
  var location: String?

  /// Reads the configuration at `path` (`architecture.json`), strictly: a key, layer or rule it
  /// does not understand throws ``BadInput``, never passes.
  public init(contentsOfFile path: String) throws {
    self = try Self.load(path, at: path)
  }

  init() {}

  /// What a package without a configuration gets: the rules that need no layers.
  static let withoutFile: Configuration = {
    var configuration = Configuration()
    for rule in allRules where rule.runsWithoutConfiguration && rule.id != "stale-baseline" {
      configuration.rules[rule.id] = Options()
    }
    return configuration
  }()

  /// The rules that read a target's layer, which only `paths` and `names` give.
  static let targetLayerRules = [
    "layer-dependency", "outside-layer", "third-party-product", "test-support",
  ]

  /// Every layer and role by name.
  var unitNames: [String] { layers.flatMap { [$0.name] + $0.roles.map(\.name) } }

  /// The layer a name stands for: the layer itself, or the layer a role belongs to.
  func layer(ofUnit name: String) -> Layer? {
    layers.first { $0.name == name || $0.roles.contains { $0.name == name } }
  }

  /// Reads the configuration at `path` (opened at `location`, the same file resolved against
  /// the working folder), strictly: whatever it does not fully understand is bad input.
  static func load(_ path: String, at location: String) throws -> Configuration {
    guard let data = FileManager.default.contents(atPath: location) else {
      throw BadInput("cannot read the configuration '\(path)'")
    }
    let value: JSONValue
    do {
      value = try StrictJSON.parse(data)
    } catch {
      throw BadInput("'\(path)' is not valid JSON: \(error.message)")
    }
    let reader = ConfigurationReader(file: path)
    var configuration = try reader.configuration(value)
    try reader.check(configuration)
    configuration.file = path
    configuration.location = location
    return configuration
  }
}
