// An architecture linter for Swift packages: the layer rules that the compiler and the manifest
// cannot express, checked on a package description and its sources. It reads the layers, what
// each may use and the rules to run from `architecture.json` at the package root; without one,
// it runs only the rules that need no layers (undeclared imports, @testable in production, …).
//
//   swift package describe --type json | swift Scripts/check-architecture.swift
//   swift Scripts/check-architecture.swift description.json --check-graph README.md --check-module-readmes
//   swift Scripts/check-architecture.swift description.json --only undeclared-import --no-config
//   swift Scripts/check-architecture.swift --explain layer-dependency
//
// For a large repository, compile it once: `swiftc -O Scripts/check-architecture.swift -o lint`.
// Exit status: 0 clean, 1 violations, 2 bad input, unreadable code or usage.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Rules

struct Rule: Sendable {
  let id: String
  let summary: String
  let rationale: String
  /// Whether it runs without a configuration (it needs no layers and no options).
  let runsWithoutConfiguration: Bool
  /// The options it reads from its entry in the configuration's `rules`.
  var options: [Field] = []
}

let allRules: [Rule] = [
  Rule(
    id: "layer-dependency", summary: "a target depends on a layer its own layer may not use",
    rationale: """
      Each layer (or role inside a layer) may depend only on the layers and roles its `mayUse`
      list names in architecture.json. A direction that points one way keeps the lower layers
      free of what sits above them, so each can be built, tested and replaced alone; the
      configuration's `because` texts say why this package's layers point the way they do.
      The dependency's entry in Package.swift is one finding, and each file that imports
      across it another, so a baseline lists the files and a new one is never covered.
      Fix: depend on an interface instead of its implementation, move a shared type down a
      layer, or wire the two together in the composition root.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "outside-layer", summary: "a target matches no layer",
    rationale: """
      A target's layer comes from its folder or its name (the layers' `paths` and `names` in
      architecture.json). A target that matches none has no layer, so no rule would apply to
      it: it fails instead of passing silently. Test targets need no layer.
      Fix: move it into a layer's folder (Sources/<Layer>/<Target> in Voyage) and declare it
      with that layer's helper, or add a pattern for it to the configuration.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "third-party-product", summary: "another package's product used by a layer that may not",
    rationale: """
      Outside code enters through the edges: only layers with `mayUseProducts` may use another
      package's products (`true`: any; a list: only the products or packages it names). A core
      layer that imports a vendor is tied to it.
      Fix: wrap the product in an Infrastructure module that implements an interface.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "undeclared-import",
    summary: "a file imports a module its target does not declare (a target or a product's module)",
    rationale: """
      A module found only because it sits in the shared build folder compiles on one build and not
      on the next, and the dependency is invisible in Package.swift. SwiftPM's own check accepts a
      dependency's dependency and reports only the first file; this rule does neither, and it
      checks other packages' modules too: importing a module of a dependency package needs a
      product that provides it.
      Fix: declare the dependency (target or product) in Package.swift, or remove the import.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "test-support", summary: "a production target depends on test support",
    rationale: """
      Test support (a layer with `testSupport`, Tests/Support/<Target> in Voyage) holds
      hand-written doubles of an interface, shared by the test targets that need them. A
      production target that links one could ship a fake payment provider, and its tests would
      no longer prove what runs.
      Fix: keep the code that needs the double in a test target; depend on the interface.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "feature-network", summary: "code of a layer that may not talk HTTP names a network type",
    rationale: """
      Network calls belong to repositories in Infrastructure; a feature that talks HTTP cannot be
      tested with an in-memory fake and bypasses retries, caching and coalescing. Configured by
      `layers` and `names` (Features and URLSession in Voyage).
      Fix: call a repository protocol from an Interfaces module.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "layers", kind: .strings, summary: "The layers whose code may not talk HTTP.",
        required: true),
      Field(
        name: "names", kind: .strings, summary: "The network types they may not name.",
        required: true),
    ]),
  Rule(
    id: "direct-output", summary: "code below the front writes to the terminal itself",
    rationale: """
      What a feature or an implementation has to say is an event for the log (a level, metadata,
      a sink the composition root chose) or a value the front prints. `print` and a hand-held
      FileHandle bypass the level, the JSON format and the log file, and they corrupt the standard
      output that scripts parse. Tests are exempt. Configured by `layers`, `names` (the calls
      and types that write) and `allowedTargets` (the design system's terminal, the log's sinks).
      Fix: log through the Logger the module receives, or return the text for the front.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "layers", kind: .strings, summary: "The layers whose code may not write output.",
        required: true),
      Field(
        name: "names", kind: .strings, summary: "The functions and types that write output.",
        required: true),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may write it."),
    ]),
  Rule(
    id: "ui-framework", summary: "a UI framework imported outside the layers and targets allowed",
    rationale: """
      UIKit, AppKit and SwiftUI exist only on Apple platforms; outside the App layer and the design
      system they would make the module unbuildable on Linux and tie logic to a screen. Every
      branch of an `#if` that may compile counts. Configured by `modules`, `allowedLayers` and
      `allowedTargets`.
      Fix: keep presentation in App or the design system; pass plain values down.
      """, runsWithoutConfiguration: false,
    options: [
      Field(name: "modules", kind: .strings, summary: "The UI frameworks.", required: true),
      Field(name: "allowedLayers", kind: .strings, summary: "The layers that may import them."),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may import them."),
    ]),
  Rule(
    id: "receipt-minting", summary: "a proof-of-payment type constructed outside its one module",
    rationale: """
      PaymentReceipt's initializer is `package`, so only Voyage's modules can mint one; this rule
      narrows that to PaymentData, so every receipt stands for a real charge. Tests and test
      support are exempt. Configured by `type` and `allowedTargets`.
      Fix: obtain receipts from a PaymentGateway.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "type", kind: .string, summary: "The type that proves something happened.",
        required: true),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may construct it."),
    ]),
  Rule(
    id: "raw-escape-code", summary: "a raw terminal escape code outside the design system",
    rationale: """
      Colour and style decisions (NO_COLOR, CLICOLOR_FORCE, TERM=dumb, TTY) live in the design
      system; a hand-written escape code ignores them and corrupts piped output. Tests are exempt.
      Configured by `allowedTargets`.
      Fix: use TerminalTheme.paint(_:_:) or .style(_:_:).
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "allowedTargets", kind: .strings, summary: "The targets that may write escape codes.")
    ]),
  Rule(
    id: "testable-import", summary: "@testable import in production code",
    rationale: """
      @testable reaches internal declarations; in production code it defeats access control.
      Fix: make the needed API `package` or `public`, or move the code into a test target.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "view-model-final", summary: "a view model class that is not final",
    rationale: """
      View models hold state machines; subclassing one would let a subclass break its transitions.
      Configured by `suffix` (ViewModel by default).
      Fix: mark the class `final`.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "suffix", kind: .string, summary: "The suffix of view model class names (ViewModel).")
    ]),
  Rule(
    id: "public-implementation",
    summary: "an implementation layer makes an implementation type public",
    rationale: """
      Infrastructure exposes a factory, not its types: a public type named …Repository, …Gateway,
      …Client, …DTO or …Store lets callers depend on the implementation instead of the interface.
      Allowed: a protocol-free factory namespace, i.e. a public `enum` with no cases and no
      inheritance clause, which can be neither instantiated nor used as an interface.
      Configured by `layers` and `suffixes`.
      Fix: make the type internal (or `package` for sibling modules) and return it as
      `any SomeInterface` from the module's …Assembly factory.
      """, runsWithoutConfiguration: false,
    options: [
      Field(name: "layers", kind: .strings, summary: "The implementation layers.", required: true),
      Field(
        name: "suffixes", kind: .strings, summary: "The suffixes of implementation type names.",
        required: true),
    ]),
  Rule(
    id: "missing-owner", summary: "a module folder or its tests has no CODEOWNERS line",
    rationale: """
      Every module has an owner who reviews changes to it, so CODEOWNERS names each module's
      folder and its test folder explicitly; the catch-all `*` line does not count. Checked
      when the package has a CODEOWNERS file.
      Fix: add a line such as `/Sources/<Layer>/<Module>/  @team` (and one for its tests).
      """, runsWithoutConfiguration: false),
  Rule(
    id: "unused-dependency",
    summary: "a declared dependency whose modules no file of the target imports",
    rationale: """
      A dependency that nothing imports costs a build edge, widens what rebuilds on a change and
      tells the reader of Package.swift something untrue. It counts as used when a file of the
      target imports its module, or a module it imports re-exports it (`@_exported import`).
      Test targets (which often depend on a module only to have it built: an executable they
      run, a module they type-check code against), targets with C sources, and dependencies on
      macros, executables and binaries, which are not imported, are left alone.
      Fix: delete the entry from Package.swift (the finding points at it), or import the module.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "folder-dependency",
    summary: "a file names a type declared in a folder its folder's layer may not use",
    rationale: """
      Most apps start as one target with folders, where no manifest edge exists to check. A
      layer's `folders` in architecture.json give the folders inside a target a layer each, and
      a file of such a folder that names a top-level declaration (type, function, global) of a
      folder whose layer its own may not use is a finding, before any split. It is an
      approximation, read from tokens: a name counts wherever it is used (a local variable
      named like a type is counted; a method reached through `.` on a value is not), and a
      name declared in an allowed folder too is taken to be that one.
      Fix: reach the declaration through what the layer may use (an interface, a value passed
      in), or move the declaration to a folder the layer may use.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "suppression",
    summary: "an inline suppression without a reason, or that suppresses nothing",
    rationale: """
      `// architecture:allow RULE — reason` accepts a finding of RULE on its own line or the
      next, where the exception is better explained beside the code than in the baseline. It
      needs a reason, for the next reader; one that names no rule or suppresses nothing would
      silently allow the finding to come back, like a stale baseline entry.
      Fix: give the reason, correct the rule's name, or delete the comment.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "stale-baseline", summary: "a baseline entry that no longer matches any violation",
    rationale: """
      The baseline lists known violations so they can be fixed later; an entry that matches nothing
      would silently allow the violation to come back.
      Fix: delete the line, or regenerate the file with --update-baseline.
      """, runsWithoutConfiguration: true),
]

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}

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

/// Reads a configuration strictly: an unknown key, a value of the wrong type, a name that
/// stands for nothing or a cycle in `mayUse` ends the run (exit 2) with the place named.
struct ConfigurationReader {
  let file: String

  func refuse(_ place: String, _ problem: String) -> Never {
    fail("'\(file)': \(place.isEmpty ? "" : "\(place): ")\(problem)")
  }

  func place(_ parent: String, _ key: String) -> String {
    parent.isEmpty ? key : "\(parent).\(key)"
  }

  /// The members of an object, having refused any key that `fields` does not list.
  func members(_ value: JSONValue, at here: String, fields: [Field]) -> [String: JSONValue] {
    guard case .object(let members) = value else {
      refuse(here, "expected an object, found \(value.kindName)")
    }
    for key in members.keys.sorted() where !fields.contains(where: { $0.name == key }) {
      refuse(place(here, key), "unknown key\(suggestion(for: key, among: fields.map(\.name)))")
    }
    for field in fields where field.required && members[field.name] == nil {
      refuse(here, "'\(field.name)' is required")
    }
    return members
  }

  func string(_ value: JSONValue?, at here: String) -> String? {
    switch value {
    case nil: return nil
    case .string(let text)?: return text
    case let other?: refuse(here, "expected a string, found \(other.kindName)")
    }
  }

  func boolean(_ value: JSONValue?, at here: String) -> Bool {
    switch value {
    case nil: return false
    case .bool(let flag)?: return flag
    case let other?: refuse(here, "expected true or false, found \(other.kindName)")
    }
  }

  func strings(_ value: JSONValue?, at here: String) -> [String] {
    switch value {
    case nil: return []
    case .array(let items)?:
      return items.enumerated().map { index, item in
        guard case .string(let text) = item else {
          refuse("\(here)[\(index)]", "expected a string, found \(item.kindName)")
        }
        return text
      }
    case let other?: refuse(here, "expected an array of strings, found \(other.kindName)")
    }
  }

  func objects(_ value: JSONValue?, at here: String) -> [(String, JSONValue)] {
    switch value {
    case nil: return []
    case .array(let items)?:
      return items.enumerated().map { index, item in
        var label = "\(here)[\(index)]"
        if case .object(let members) = item, case .string(let name)? = members["name"] {
          label += " (\(name))"
        }
        return (label, item)
      }
    case let other?: refuse(here, "expected an array of objects, found \(other.kindName)")
    }
  }

  mutating func configuration(_ value: JSONValue) -> Configuration {
    let top = members(value, at: "", fields: Field.configuration)
    _ = string(top["$schema"], at: "$schema")
    _ = string(top["about"], at: "about")
    var configuration = Configuration()
    configuration.defines = strings(top["defines"], at: "defines")
    configuration.layers = objects(top["layers"], at: "layers").map(layer)
    guard let rules = top["rules"] else { return configuration }
    guard case .object(let table) = rules else {
      refuse("rules", "expected an object, found \(rules.kindName)")
    }
    for (id, options) in table.sorted(by: { $0.key < $1.key }) {
      let here = "rules.\(id)"
      guard let rule = allRules.first(where: { $0.id == id }), rule.id != "stale-baseline" else {
        refuse(here, "unknown rule\(suggestion(for: id, among: allRules.map(\.id)))")
      }
      configuration.rules[id] = self.options(options, of: rule, at: here)
    }
    return configuration
  }

  func layer(_ here: String, _ value: JSONValue) -> Configuration.Layer {
    let fields = members(value, at: here, fields: Field.layer)
    var layer = Configuration.Layer(name: string(fields["name"], at: place(here, "name")) ?? "")
    layer.paths = strings(fields["paths"], at: place(here, "paths"))
    layer.names = strings(fields["names"], at: place(here, "names"))
    layer.folders = strings(fields["folders"], at: place(here, "folders"))
    layer.mayUse = strings(fields["mayUse"], at: place(here, "mayUse"))
    switch fields["mayUseProducts"] {
    case nil: layer.allowedProducts = []
    case .bool(let flag)?: layer.allowedProducts = flag ? nil : []
    case let other?:
      let allowed = strings(other, at: place(here, "mayUseProducts"))
      if allowed.isEmpty {
        refuse(place(here, "mayUseProducts"), "an empty list allows nothing; write false")
      }
      layer.allowedProducts = Set(allowed)
    }
    layer.testSupport = boolean(fields["testSupport"], at: place(here, "testSupport"))
    layer.optional = boolean(fields["optional"], at: place(here, "optional"))
    layer.because = string(fields["because"], at: place(here, "because"))
    layer.roles = objects(fields["roles"], at: place(here, "roles")).map { roleHere, roleValue in
      let roleFields = members(roleValue, at: roleHere, fields: Field.role)
      var role = Configuration.Role(
        name: string(roleFields["name"], at: place(roleHere, "name")) ?? "")
      role.paths = strings(roleFields["paths"], at: place(roleHere, "paths"))
      role.names = strings(roleFields["names"], at: place(roleHere, "names"))
      role.mayUse = strings(roleFields["mayUse"], at: place(roleHere, "mayUse"))
      role.because = string(roleFields["because"], at: place(roleHere, "because"))
      if role.paths.isEmpty && role.names.isEmpty {
        refuse(roleHere, "the role '\(role.name)' has neither paths nor names to match targets")
      }
      return role
    }
    if layer.paths.isEmpty && layer.names.isEmpty && layer.folders.isEmpty {
      refuse(
        here, "the layer '\(layer.name)' has neither paths, names nor folders to match targets")
    }
    if !layer.roles.isEmpty && fields["mayUse"] != nil {
      refuse(
        place(here, "mayUse"),
        "a layer with roles takes mayUse from each role; move it into the roles")
    }
    return layer
  }

  func options(_ value: JSONValue, of rule: Rule, at here: String) -> Configuration.Options {
    let fields = members(value, at: here, fields: rule.options + [Field.because])
    var options = Configuration.Options()
    for field in rule.options where field.required {
      guard case .strings = field.kind else { continue }
      if strings(fields[field.name], at: place(here, field.name)).isEmpty {
        refuse(
          place(here, field.name), "must name at least one; without it the rule checks nothing")
      }
    }
    options.layers = strings(fields["layers"], at: place(here, "layers"))
    options.names = strings(fields["names"], at: place(here, "names"))
    options.modules = strings(fields["modules"], at: place(here, "modules"))
    options.allowedLayers = strings(fields["allowedLayers"], at: place(here, "allowedLayers"))
    options.allowedTargets = strings(fields["allowedTargets"], at: place(here, "allowedTargets"))
    options.suffixes = strings(fields["suffixes"], at: place(here, "suffixes"))
    options.suffix = string(fields["suffix"], at: place(here, "suffix"))
    options.type = string(fields["type"], at: place(here, "type"))
    options.because = string(fields["because"], at: place(here, "because"))
    return options
  }

  /// What no single key can say wrong: names used twice, names that stand for nothing, cycles.
  func check(_ configuration: Configuration) {
    let units = configuration.unitNames
    for (index, layer) in configuration.layers.enumerated() {
      let here = "layers[\(index)] (\(layer.name))"
      for name in [layer.name] + layer.roles.map(\.name)
      where units.filter({ $0 == name }).count > 1 {
        refuse(here, "the name '\(name)' is declared twice among layers and roles")
      }
      let uses =
        [(here, layer.mayUse)]
        + layer.roles.enumerated().map { roleIndex, role in
          ("\(here).roles[\(roleIndex)] (\(role.name))", role.mayUse)
        }
      for (place, mayUse) in uses {
        for used in mayUse where !units.contains(used) {
          refuse(
            "\(place).mayUse",
            "'\(used)' is not a layer or a role\(suggestion(for: used, among: units))")
        }
      }
    }
    if let cycle = mayUseCycle(configuration) {
      refuse(
        "layers",
        "mayUse has a cycle, \(cycle.joined(separator: " → ")): layers must form a hierarchy (a layer may use itself)"
      )
    }
    let layerNames = configuration.layers.map(\.name)
    for (id, options) in configuration.rules.sorted(by: { $0.key < $1.key }) {
      for (key, names) in [("layers", options.layers), ("allowedLayers", options.allowedLayers)] {
        for name in names where !layerNames.contains(name) {
          refuse(
            "rules.\(id).\(key)",
            "'\(name)' is not a declared layer\(suggestion(for: name, among: layerNames))")
        }
      }
    }
  }

  /// A cycle among different layers' `mayUse` (a role counts as its layer), or `nil`.
  func mayUseCycle(_ configuration: Configuration) -> [String]? {
    var edges: [String: [String]] = [:]
    for layer in configuration.layers {
      let used = layer.mayUse + layer.roles.flatMap(\.mayUse)
      edges[layer.name] = used.compactMap { configuration.layer(ofUnit: $0)?.name }
        .filter { $0 != layer.name }
    }
    var finished: Set<String> = []
    func visit(_ name: String, _ path: [String]) -> [String]? {
      if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
      guard !finished.contains(name) else { return nil }
      for next in edges[name] ?? [] {
        if let cycle = visit(next, path + [name]) { return cycle }
      }
      finished.insert(name)
      return nil
    }
    for layer in configuration.layers {
      if let cycle = visit(layer.name, []) { return cycle }
    }
    return nil
  }

  /// What a configuration says about targets, checked against the package: a layer or a role
  /// that matches no target, a target name or a product in an option that is not there.
  func check(
    _ configuration: Configuration, against targets: [Target], products: Set<String>
  ) {
    let names = targets.map(\.name)
    for (index, layer) in configuration.layers.enumerated() {
      let here = "layers[\(index)] (\(layer.name))"
      let members = targets.filter { $0.layer?.name == layer.name }
      if !layer.folders.isEmpty {
        let folders = Set(
          targets.flatMap { target in
            target.sources.map { target.path + "/" + $0 }.flatMap(enclosingFolders)
          })
        for pattern in layer.folders where !folders.contains(where: { glob(pattern, matches: $0) })
        {
          refuse(
            "\(here).folders",
            "'\(pattern)' matches no folder of a target that holds sources; fix the pattern")
        }
      }
      if members.isEmpty && !layer.optional && (!layer.paths.isEmpty || !layer.names.isEmpty) {
        refuse(
          here,
          "the layer matches no target of the package (\((layer.paths + layer.names).joined(separator: ", "))); fix its patterns, or mark it \"optional\": true"
        )
      }
      for (roleIndex, role) in layer.roles.enumerated()
      where !members.contains(where: { $0.role?.name == role.name }) && !members.isEmpty {
        refuse(
          "\(here).roles[\(roleIndex)] (\(role.name))",
          "the role matches no target of the layer (\((role.paths + role.names).joined(separator: ", ")))"
        )
      }
      if let allowed = layer.allowedProducts {
        for product in allowed.sorted() where !products.contains(product) {
          refuse(
            "\(here).mayUseProducts",
            "'\(product)' is neither a product nor a package the package depends on\(suggestion(for: product, among: Array(products)))"
          )
        }
      }
    }
    for (id, options) in configuration.rules.sorted(by: { $0.key < $1.key }) {
      for name in options.allowedTargets where !names.contains(name) {
        refuse(
          "rules.\(id).allowedTargets",
          "'\(name)' is not a target of the package\(suggestion(for: name, among: names))")
      }
    }
  }
}

/// The JSON Schema of `architecture.json`, made from the tables the reader reads with
/// (`architecture.schema.json` in the repository is this, printed by `--print-schema`).
func configurationSchema() -> [String: Any] {
  func schema(of field: Field) -> [String: Any] {
    var result: [String: Any] = ["description": field.summary]
    switch field.kind {
    case .string: result["type"] = "string"
    case .boolean: result["type"] = "boolean"
    case .strings:
      result["type"] = "array"
      result["items"] = ["type": "string"]
      if field.required { result["minItems"] = 1 }
    case .booleanOrStrings:
      result["oneOf"] = [
        ["type": "boolean"], ["type": "array", "items": ["type": "string"], "minItems": 1],
      ]
    case .objects(let fields):
      result["type"] = "array"
      result["items"] = object(fields, matchesTargets: true)
    case .rules:
      result["type"] = "object"
      result["additionalProperties"] = false
      var rules: [String: Any] = [:]
      for rule in allRules where rule.id != "stale-baseline" {
        var options = object(rule.options + [Field.because], matchesTargets: false)
        options["description"] = rule.summary
        rules[rule.id] = options
      }
      result["properties"] = rules
    }
    return result
  }
  func object(_ fields: [Field], matchesTargets: Bool) -> [String: Any] {
    var result: [String: Any] = [
      "type": "object", "additionalProperties": false,
      "properties": Dictionary(uniqueKeysWithValues: fields.map { ($0.name, schema(of: $0)) }),
    ]
    let required = fields.filter(\.required).map(\.name)
    if !required.isEmpty { result["required"] = required }
    if matchesTargets && fields.contains(where: { $0.name == "paths" }) {
      result["anyOf"] = [["required": ["paths"]], ["required": ["names"]]]
    }
    return result
  }
  var document = object(Field.configuration, matchesTargets: false)
  document["$schema"] = "http://json-schema.org/draft-07/schema#"
  document["title"] = "architecture.json"
  document["description"] =
    "The layers of a Swift package and the architecture rules to run on it (Scripts/check-architecture.swift)."
  return document
}

/// "; did you mean 'x'?" for the closest of `candidates` to `word`, or nothing when none is close.
func suggestion(for word: String, among candidates: [String]) -> String {
  func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
  let ranked = candidates.map { ($0, distance(word, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
  guard let (best, cost) = ranked.first, cost <= max(2, word.count / 3) else { return "" }
  return "; did you mean '\(best)'?"
}

/// `*` matches any run of characters except `/`; everything else matches itself.
func glob(_ pattern: String, matches text: String) -> Bool {
  let pattern = Array(pattern.utf8)
  let text = Array(text.utf8)
  func match(_ p: Int, _ t: Int) -> Bool {
    if p == pattern.count { return t == text.count }
    if pattern[p] == UInt8(ascii: "*") {
      var end = t
      while true {
        if match(p + 1, end) { return true }
        guard end < text.count, text[end] != UInt8(ascii: "/") else { return false }
        end += 1
      }
    }
    return t < text.count && pattern[p] == text[t] && match(p + 1, t + 1)
  }
  return match(0, 0)
}

// MARK: - Package description

struct PackageDescription: Decodable {
  struct Target: Decodable {
    let name: String
    let c99name: String?
    let type: String
    let path: String
    let sources: [String]?
    let targetDependencies: [String]?
    let productDependencies: [String]?
  }
  struct Dependency: Decodable {
    let identity: String
    let type: String?
    let path: String?
    let url: String?
  }
  let name: String
  let path: String
  let targets: [Target]
  let dependencies: [Dependency]?
}

/// What `swift package dump-package` says of a dependency: its products and their targets.
struct DependencyManifest: Decodable {
  struct Product: Decodable {
    let name: String
    let targets: [String]
  }
  struct Target: Decodable {
    let name: String
    let type: String
  }
  let name: String
  let products: [Product]
  let targets: [Target]
}

/// The module name SwiftPM gives a target: its name with every character that cannot be in an
/// identifier replaced by `_` (and a leading digit prefixed with `_`).
func c99name(_ name: String) -> String {
  var scalars = String.UnicodeScalarView()
  for (index, scalar) in name.unicodeScalars.enumerated() {
    let isLetter = scalar == "_" || scalar.properties.isAlphabetic
    let isDigit = ("0"..."9").contains(scalar)
    if index == 0 && isDigit { scalars.append("_") }
    scalars.append(isLetter || isDigit ? scalar : "_")
  }
  return String(scalars)
}

/// The modules each product of the package's dependencies provides, and every module those
/// packages hold (so an import of one without its product is found). Read with
/// `swift package dump-package` from each dependency's folder: a path dependency's own folder,
/// or `.build/checkouts/<name>` once `swift package resolve` has run.
struct ProductModules {
  var modulesOfProduct: [String: Set<String>] = [:]
  /// The identity of the package that provides each product.
  var packageOfProduct: [String: String] = [:]
  var dependencyModules: Set<String> = []
  var unresolved: [String] = []

  static func load(for package: PackageDescription, root: URL) -> ProductModules {
    var result = ProductModules()
    let used = Set(package.targets.flatMap { $0.productDependencies ?? [] })
    guard !used.isEmpty else { return result }
    var folders: [(String, URL)] = []
    for dependency in package.dependencies ?? [] {
      if let path = dependency.path {
        folders.append((dependency.identity, URL(fileURLWithPath: path)))
      } else if let url = dependency.url {
        var name = URL(string: url)?.lastPathComponent ?? dependency.identity
        if name.hasSuffix(".git") { name.removeLast(4) }
        folders.append(
          (dependency.identity, root.appendingPathComponent(".build/checkouts/\(name)")))
      }
    }
    // All manifests are read at once: each `dump-package` spends most of a second compiling one.
    let running = folders.map { identity, folder in (identity, startDumpPackage(at: folder)) }
    let manifests = running.map { identity, dump in (identity, dump.flatMap(finishDumpPackage)) }
    for (identity, manifest) in manifests {
      guard let manifest else {
        result.unresolved.append(identity)
        continue
      }
      for target in manifest.targets where ["regular", "executable"].contains(target.type) {
        result.dependencyModules.insert(c99name(target.name))
      }
      for product in manifest.products {
        result.modulesOfProduct[product.name, default: []].formUnion(product.targets.map(c99name))
        result.packageOfProduct[product.name] = identity
      }
    }
    return result
  }

  static func startDumpPackage(at folder: URL) -> (Process, Pipe)? {
    guard
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", folder.path, "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    return (process, output)
  }

  static func finishDumpPackage(_ dump: (Process, Pipe)) -> DependencyManifest? {
    let (process, output) = dump
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return try? JSONDecoder().decode(DependencyManifest.self, from: data)
  }
}

struct Target {
  let name: String
  let moduleName: String
  let kind: String
  let path: String
  let layer: Configuration.Layer?
  /// Its role inside its layer, when the layer has roles.
  let role: Configuration.Role?
  let sources: [String]
  let dependencies: [String]
  let products: [String]
  var isTest: Bool { kind == "test" }
  /// Plugins, binary targets (a remote one has no folder) and snippets (which may use every
  /// library of their package) hold no module source to check.
  var isLinted: Bool { !Self.unlintedKinds.contains(kind) }
  static let unlintedKinds: Set<String> = ["plugin", "binary", "snippet"]
  /// Test targets and test support: code that never ships, exempt from the source rules.
  var isTestCode: Bool { isTest || layer?.testSupport == true }
  /// The layers and roles it may depend on: its role's, or its layer's.
  var mayUse: [String] { role?.mayUse ?? layer?.mayUse ?? [] }
  /// Its layer's name, and its role's if it has one (`App (Front)`).
  var unitDescription: String {
    guard let layer else { return "" }
    return role.map { "\(layer.name) (\($0.name))" } ?? layer.name
  }
}

// MARK: - Tokens

/// The identifiers the scanner and the rules look at, recognized once by their bytes, so that
/// no other identifier becomes a `String`.
enum Keyword: UInt8, CaseIterable {
  case other
  case `import`, `public`, `package`, `internal`, `private`, `fileprivate`, `open`, testable
  case `struct`, `class`, `enum`, `protocol`, `func`, `var`, `let`, `typealias`, actor
  case `case`, `init`, final
  case `return`, `in`, `try`, await, `throw`, `where`, `if`, `guard`, `while`, `else`, yield
  case `repeat`, some, any, elseif, endif

  /// The keywords of each length, as bytes.
  static let byLength: [[([UInt8], Keyword)]] = {
    var table = [[([UInt8], Keyword)]](repeating: [], count: 12)
    for keyword in allCases where keyword != .other {
      let bytes = Array(String(describing: keyword).utf8)
      table[bytes.count].append((bytes, keyword))
    }
    return table
  }()

  static func of(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Keyword {
    guard length < byLength.count else { return .other }
    for (candidate, keyword) in byLength[length]
    where candidate.indices.allSatisfy({ bytes[start + $0] == candidate[$0] }) {
      return keyword
    }
    return .other
  }
}

/// One token: plain values only (no text, no reference counting), so millions of them cost
/// little. An identifier's text is read from the file when a rule needs it (`SourceText`).
struct Token {
  enum Kind: UInt8 {
    case identifier
    case backtickedIdentifier
    case punctuation
    case string
    case regex
    case directive
    case number
  }
  var kind: Kind
  /// An identifier's (or a directive's) keyword, or `.other`.
  var keyword: Keyword = .other
  /// A punctuation token's byte.
  var byte: UInt8 = 0
  /// Whether a line break separates this token from the previous one.
  var startsLine: Bool
  /// A string literal that holds an ESC character, raw or escaped (`\u{1B}`).
  var holdsEscape = false
  /// Inside an `#if` branch that compiles on some builds only.
  var isConditional = false
  /// Where an identifier's or directive's name is in the file (without `#` or backticks), or
  /// a plain string literal with its quotes.
  var start: Int32 = 0
  var length: Int32 = 0
  var line: Int32
  var column: Int32

  var isIdentifier: Bool { kind == .identifier }

  func isPunctuation(_ character: Unicode.Scalar) -> Bool {
    kind == .punctuation && byte == UInt8(ascii: character)
  }

  func `is`(_ keyword: Keyword) -> Bool { kind == .identifier && self.keyword == keyword }
}

/// A file's bytes, through which tokens are read as text.
struct SourceText {
  let bytes: UnsafeBufferPointer<UInt8>

  /// An identifier's or a directive's name.
  func text(_ token: Token) -> String {
    String(
      decoding: UnsafeBufferPointer(
        rebasing: bytes[Int(token.start)..<Int(token.start + token.length)]), as: UTF8.self)
  }

  /// Whether an identifier is `word`, without making a string.
  func token(_ token: Token, is word: [UInt8]) -> Bool {
    guard token.kind == .identifier, Int(token.length) == word.count else { return false }
    let start = Int(token.start)
    return word.indices.allSatisfy { bytes[start + $0] == word[$0] }
  }
}

/// Splits Swift source (UTF-8 bytes) into code tokens without copying it: comments (nested too)
/// are dropped; string literals (multi-line, raw, with interpolations that hold strings of their
/// own) and regex literals (`/…/`, `#/…/#`) become one token each; LF, CRLF and CR-only line
/// endings, a byte-order mark and a shebang are handled. Identifier names are the only text it
/// makes. Conditional compilation is decided afterwards, by `ConditionalBranches`.
struct Lexer {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var sawNewline = true
  private var tokens: [Token] = []
  private var suppressions: [Suppression] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  static func tokens(of bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
    var ignored: [Suppression] = []
    return tokens(of: bytes, suppressions: &ignored)
  }

  /// The tokens, and the `// architecture:allow RULE — reason` comments among the dropped ones.
  static func tokens(of bytes: UnsafeBufferPointer<UInt8>, suppressions: inout [Suppression])
    -> [Token]
  {
    var lexer = Lexer(bytes)
    lexer.tokens.reserveCapacity(bytes.count / 6)
    lexer.lex()
    suppressions = lexer.suppressions
    return lexer.tokens
  }

  private static let suppressionMarker = Array("architecture:allow".utf8)

  /// Records a line comment that starts with the suppression marker (`start` is after `//`).
  private mutating func noteSuppression(from start: Int, to end: Int, line: Int, column: Int) {
    var cursor = start
    while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
    let marker = Self.suppressionMarker
    guard end - cursor >= marker.count,
      marker.indices.allSatisfy({ bytes[cursor + $0] == marker[$0] })
    else { return }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[(cursor + marker.count)..<end]), as: UTF8.self)
    let words = text.trimmingCharacters(in: .whitespaces)
    let rule = String(words.prefix { !$0.isWhitespace })
    let reason = words.dropFirst(rule.count).trimmingCharacters(
      in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "—–-:")))
    suppressions.append(Suppression(line: line, column: column, rule: rule, reason: reason))
  }

  private func peek(_ offset: Int = 0) -> UInt8 {
    index + offset < bytes.count ? bytes[index + offset] : 0
  }

  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let quote = UInt8(ascii: "\"")
  private static let hash = UInt8(ascii: "#")
  private static let slash = UInt8(ascii: "/")
  private static let star = UInt8(ascii: "*")
  private static let backslash = UInt8(ascii: "\\")

  /// Steps over one byte, counting a line at LF, at CR not followed by LF, and nowhere else.
  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == Self.newline || (byte == Self.carriageReturn && peek() != Self.newline) {
      line += 1
      lineStart = index
      sawNewline = true
    }
  }

  private static func isIdentifierHead(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
      || byte == 0x24 || byte >= 0x80
  }

  private static func isIdentifierBody(_ byte: UInt8) -> Bool {
    isIdentifierHead(byte) || (byte >= 0x30 && byte <= 0x39)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == newline || byte == carriageReturn || byte == 0x0B
      || byte == 0x0C
  }

  private mutating func emit(
    _ kind: Token.Kind, byte: UInt8 = 0, name: Range<Int>? = nil, line startLine: Int,
    column: Int, startsLine: Bool, holdsEscape: Bool = false
  ) {
    var token = Token(
      kind: kind, byte: byte, startsLine: startsLine, holdsEscape: holdsEscape,
      line: Int32(startLine), column: Int32(column))
    if let name {
      token.start = Int32(name.lowerBound)
      token.length = Int32(name.count)
      if kind == .identifier || kind == .directive {
        token.keyword = Keyword.of(bytes, start: name.lowerBound, length: name.count)
      }
    }
    tokens.append(token)
    sawNewline = false
  }

  private mutating func lex() {
    if peek() == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF {
      index = 3
      lineStart = 3
    }
    if peek() == Self.hash && peek(1) == UInt8(ascii: "!") {
      while index < bytes.count && peek() != Self.newline && peek() != Self.carriageReturn {
        index += 1
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      let (startLine, column, startsLine) = (line, index - lineStart + 1, sawNewline)
      if Self.isSpace(byte) {
        advance()
      } else if byte == Self.slash && peek(1) == Self.slash {
        let commentStart = index
        while index < bytes.count && peek() != Self.newline && peek() != Self.carriageReturn {
          index += 1
        }
        noteSuppression(from: commentStart + 2, to: index, line: startLine, column: column)
      } else if byte == Self.slash && peek(1) == Self.star {
        skipBlockComment()
      } else if byte == Self.quote {
        let literalStart = index
        let escape = lexString(hashes: 0)
        emit(
          .string, name: literalStart..<index, line: startLine, column: column,
          startsLine: startsLine, holdsEscape: escape)
      } else if byte == Self.hash {
        var hashes = 0
        while peek(hashes) == Self.hash { hashes += 1 }
        if peek(hashes) == Self.quote {
          index += hashes
          let escape = lexString(hashes: hashes)
          emit(
            .string, line: startLine, column: column, startsLine: startsLine,
            holdsEscape: escape)
        } else if peek(hashes) == Self.slash {
          index += hashes
          lexRegex(hashes: hashes)
          emit(.regex, line: startLine, column: column, startsLine: startsLine)
        } else if hashes == 1 && Self.isIdentifierHead(peek(1)) {
          index += 1
          let name = lexIdentifier()
          emit(.directive, name: name, line: startLine, column: column, startsLine: startsLine)
        } else {
          index += 1
          emit(
            .punctuation, byte: byte, line: startLine, column: column,
            startsLine: startsLine)
        }
      } else if byte == Self.slash && regexMayStart() && bareRegexEnds() {
        lexRegex(hashes: 0)
        emit(.regex, line: startLine, column: column, startsLine: startsLine)
      } else if byte == UInt8(ascii: "`") {
        index += 1
        let nameStart = index
        while index < bytes.count && peek() != UInt8(ascii: "`") && peek() != Self.newline {
          index += 1
        }
        let name = nameStart..<index
        if peek() == UInt8(ascii: "`") { index += 1 }
        emit(
          .backtickedIdentifier, name: name, line: startLine, column: column,
          startsLine: startsLine)
      } else if Self.isIdentifierHead(byte) {
        let name = lexIdentifier()
        emit(.identifier, name: name, line: startLine, column: column, startsLine: startsLine)
      } else if Self.isDigit(byte) {
        while index < bytes.count
          && (Self.isIdentifierBody(peek())
            || (peek() == UInt8(ascii: ".") && Self.isDigit(peek(1))))
        {
          index += 1
        }
        emit(.number, line: startLine, column: column, startsLine: startsLine)
      } else {
        index += 1
        emit(
          .punctuation, byte: byte, line: startLine, column: column,
          startsLine: startsLine)
      }
    }
  }

  private mutating func lexIdentifier() -> Range<Int> {
    let start = index
    while index < bytes.count && Self.isIdentifierBody(bytes[index]) { index += 1 }
    return start..<index
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if peek() == Self.slash && peek(1) == Self.star {
        depth += 1
        index += 2
      } else if peek() == Self.star && peek(1) == Self.slash {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  /// Whether a `/` here may open a regex literal: where an expression may start (after an
  /// operator, an opening bracket, a comma, a colon, `=` or a keyword such as `return`), and
  /// not followed by a space (`a / b` divides).
  private func regexMayStart() -> Bool {
    let next = peek(1)
    if Self.isSpace(next) || next == 0 { return false }
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .identifier:
      return [
        .return, .case, .in, .try, .await, .throw, .where, .if, .guard, .while, .else, .yield,
        .repeat, .some, .any,
      ].contains(previous.keyword)
    case .punctuation:
      return !previous.isPunctuation(")") && !previous.isPunctuation("]")
        && !previous.isPunctuation("}") && !previous.isPunctuation(">")
        && !previous.isPunctuation("!") && !previous.isPunctuation("?")
    case .directive:
      return true
    default:
      return false
    }
  }

  /// Whether an unescaped `/` closes a bare regex on this line.
  private func bareRegexEnds() -> Bool {
    var offset = 1
    while true {
      let byte = peek(offset)
      if byte == 0 || byte == Self.newline || byte == Self.carriageReturn { return false }
      if byte == Self.backslash {
        offset += 2
        continue
      }
      if byte == Self.slash { return true }
      offset += 1
    }
  }

  /// Reads a regex literal, `/…/` on one line or `#/…/#` (which may span lines), as opaque text:
  /// a `/*` or a quote inside it is neither a comment nor a string.
  private mutating func lexRegex(hashes: Int) {
    index += 1
    while index < bytes.count {
      let byte = peek()
      if byte == Self.backslash {
        advance()
        if index < bytes.count { advance() }
        continue
      }
      if byte == Self.slash && (0..<hashes).allSatisfy({ peek(1 + $0) == Self.hash }) {
        index += 1 + hashes
        return
      }
      if hashes == 0 && (byte == Self.newline || byte == Self.carriageReturn) { return }
      advance()
    }
  }

  /// Reads a string literal from its opening quote (after any `#`s) to its end and says whether
  /// it holds an ESC character. An interpolation is read as code, so a string inside it, even a
  /// multi-line one, cannot end the outer string early.
  private mutating func lexString(hashes: Int) -> Bool {
    let isMultiline = peek(1) == Self.quote && peek(2) == Self.quote
    index += isMultiline ? 3 : 1
    var holdsEscape = false
    while index < bytes.count {
      let byte = peek()
      if byte == Self.backslash && (0..<hashes).allSatisfy({ peek(1 + $0) == Self.hash }) {
        index += 1 + hashes
        let escaped = peek()
        if escaped == UInt8(ascii: "(") {
          index += 1
          holdsEscape = skipInterpolation() || holdsEscape
        } else if escaped == UInt8(ascii: "u") && peek(1) == UInt8(ascii: "{") {
          index += 2
          var value = 0
          while index < bytes.count, let digit = Self.hexValue(peek()), value < 0x110000 {
            value = value * 16 + digit
            index += 1
          }
          if value == 0x1B { holdsEscape = true }
        } else if index < bytes.count {
          advance()
        }
        continue
      }
      if byte == Self.quote
        && (!isMultiline || (peek(1) == Self.quote && peek(2) == Self.quote))
      {
        let quoteLength = isMultiline ? 3 : 1
        if (0..<hashes).allSatisfy({ peek(quoteLength + $0) == Self.hash }) {
          index += quoteLength + hashes
          return holdsEscape
        }
      }
      if !isMultiline && (byte == Self.newline || byte == Self.carriageReturn) {
        return holdsEscape
      }
      if byte == 0x1B { holdsEscape = true }
      advance()
    }
    return holdsEscape
  }

  /// Skips the code of an interpolation up to its closing parenthesis; says whether a string in
  /// it holds an ESC character.
  private mutating func skipInterpolation() -> Bool {
    var depth = 1
    var holdsEscape = false
    while index < bytes.count {
      let byte = peek()
      if byte == UInt8(ascii: "(") {
        depth += 1
        index += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        index += 1
        if depth == 0 { return holdsEscape }
      } else if byte == Self.quote {
        holdsEscape = lexString(hashes: 0) || holdsEscape
      } else if byte == Self.hash && (peek(1) == Self.quote || peek(1) == Self.hash) {
        var hashes = 0
        while peek(hashes) == Self.hash { hashes += 1 }
        if peek(hashes) == Self.quote {
          index += hashes
          holdsEscape = lexString(hashes: hashes) || holdsEscape
        } else {
          index += hashes
        }
      } else if byte == Self.slash && peek(1) == Self.star {
        skipBlockComment()
      } else {
        advance()
      }
    }
    return holdsEscape
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }
}

// MARK: - Conditional compilation

/// Three-valued truth: a condition is true or false everywhere, or true on some builds only.
enum Truth {
  case yes, no, maybe

  static prefix func ! (value: Truth) -> Truth {
    switch value {
    case .yes: .no
    case .no: .yes
    case .maybe: .maybe
    }
  }

  static func && (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .no || rhs == .no { return .no }
    if lhs == .yes && rhs == .yes { return .yes }
    return .maybe
  }

  static func || (lhs: Truth, rhs: Truth) -> Truth {
    if lhs == .yes || rhs == .yes { return .yes }
    if lhs == .no && rhs == .no { return .no }
    return .maybe
  }
}

/// Where the sources will be compiled, as far as the conditions of `#if` are concerned.
struct BuildSetting {
  /// Custom conditions that are set (`-D NAME`); every other custom condition is unset.
  var defined: Set<String> = []
  /// `nil`: any platform (`os(…)`, `arch(…)` and `targetEnvironment(…)` may be true);
  /// otherwise this operating system (`Linux`, `macOS`, …) on this machine's architecture.
  var platform: String?

  static let hostArchitecture: String = {
    #if arch(x86_64)
      return "x86_64"
    #elseif arch(arm64)
      return "arm64"
    #else
      return "unknown"
    #endif
  }()

  /// Evaluates the condition of `#if` / `#elseif` (the tokens after the directive).
  func evaluate(_ tokens: ArraySlice<Token>, in source: SourceText) -> Truth {
    var parser = ConditionParser(tokens: Array(tokens), source: source, setting: self)
    let value = parser.disjunction()
    // A condition this parser cannot read counts as possibly true: never hide an import.
    return parser.position == parser.tokens.count ? value : .maybe
  }

  func value(ofPlatformCondition name: String, argument: String) -> Truth {
    switch name {
    case "os":
      guard let platform else { return .maybe }
      return argument == platform ? .yes : .no
    case "arch":
      guard platform != nil else { return .maybe }
      return argument == Self.hostArchitecture ? .yes : .no
    case "targetEnvironment":
      guard let platform else { return .maybe }
      return platform == "Linux" || platform == "Windows" ? .no : .maybe
    default:
      // canImport, swift, compiler, hasFeature, hasAttribute and the underscored ones depend
      // on the toolchain and the machine: true on some builds.
      return .maybe
    }
  }
}

struct ConditionParser {
  let tokens: [Token]
  let source: SourceText
  let setting: BuildSetting
  var position = 0

  init(tokens: [Token], source: SourceText, setting: BuildSetting) {
    self.tokens = tokens
    self.source = source
    self.setting = setting
  }

  private func at(_ character: Unicode.Scalar, _ offset: Int = 0) -> Bool {
    position + offset < tokens.count && tokens[position + offset].isPunctuation(character)
  }

  mutating func disjunction() -> Truth {
    var value = conjunction()
    while at("|") && at("|", 1) {
      position += 2
      value = value || conjunction()
    }
    return value
  }

  mutating func conjunction() -> Truth {
    var value = negation()
    while at("&") && at("&", 1) {
      position += 2
      value = value && negation()
    }
    return value
  }

  mutating func negation() -> Truth {
    if at("!") {
      position += 1
      return !negation()
    }
    return primary()
  }

  mutating func primary() -> Truth {
    guard position < tokens.count else { return .maybe }
    if at("(") {
      position += 1
      let value = disjunction()
      if at(")") { position += 1 }
      return value
    }
    guard tokens[position].isIdentifier else {
      position = tokens.count + 1
      return .maybe
    }
    let name = source.text(tokens[position])
    position += 1
    if at("(") {
      position += 1
      var argument = ""
      var depth = 1
      while position < tokens.count {
        if at("(") { depth += 1 }
        if at(")") {
          depth -= 1
          if depth == 0 { break }
        }
        if argument.isEmpty && tokens[position].isIdentifier {
          argument = source.text(tokens[position])
        }
        position += 1
      }
      position += 1
      return setting.value(ofPlatformCondition: name, argument: argument)
    }
    switch name {
    case "true": return .yes
    case "false": return .no
    // SwiftPM defines DEBUG in debug builds and not in release builds.
    case "DEBUG": return setting.defined.contains(name) ? .yes : .maybe
    default: return setting.defined.contains(name) ? .yes : .no
    }
  }
}

/// Drops the tokens of branches that are never compiled and marks those compiled only on some
/// builds. A branch is never compiled when its condition is false everywhere or an earlier
/// branch of the same `#if` is true everywhere.
enum ConditionalBranches {
  struct Frame {
    var parentActive: Bool
    var parentConditional: Bool
    /// An earlier branch is compiled everywhere: this one never is.
    var earlierBranchCertain = false
    /// An earlier branch is compiled somewhere: this one is compiled on some builds at most.
    var earlierBranchPossible = false
    var active = true
    var conditional = false

    init(parentActive: Bool, parentConditional: Bool) {
      self.parentActive = parentActive
      self.parentConditional = parentConditional
    }

    mutating func enter(_ truth: Truth) {
      active = parentActive && !earlierBranchCertain && truth != .no
      conditional = parentConditional || truth == .maybe || earlierBranchPossible
      earlierBranchCertain = earlierBranchCertain || truth == .yes
      earlierBranchPossible = earlierBranchPossible || truth != .no
    }
  }

  /// Filters `tokens` in place.
  static func filter(_ tokens: inout [Token], in source: SourceText, setting: BuildSetting) {
    var stack: [Frame] = []
    var kept = 0
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .directive,
        [.if, .elseif, .else, .endif].contains(token.keyword)
      {
        var end = index + 1
        if token.keyword == .if || token.keyword == .elseif {
          end = conditionEnd(tokens, from: index)
        }
        let truth: Truth =
          token.keyword == .else
          ? .yes : setting.evaluate(tokens[(index + 1)..<end], in: source)
        switch token.keyword {
        case .if:
          var frame = Frame(
            parentActive: stack.last?.active ?? true,
            parentConditional: stack.last?.conditional ?? false)
          frame.enter(truth)
          stack.append(frame)
        case .elseif, .else:
          if var frame = stack.popLast() {
            frame.enter(truth)
            stack.append(frame)
          }
        default:
          _ = stack.popLast()
        }
        index = end
        continue
      }
      if let frame = stack.last {
        if frame.active {
          tokens[kept] = token
          tokens[kept].isConditional = frame.conditional
          kept += 1
        }
      } else {
        tokens[kept] = token
        kept += 1
      }
      index += 1
    }
    tokens.removeLast(tokens.count - kept)
  }

  /// The end of an `#if` condition: its line, carried on while a parenthesis is open or the
  /// line ends with `&&` or `||`.
  static func conditionEnd(_ tokens: [Token], from directive: Int) -> Int {
    var end = directive + 1
    var depth = 0
    while end < tokens.count {
      let token = tokens[end]
      if token.startsLine && depth == 0 {
        let previous = tokens[end - 1]
        let continues =
          end - 1 > directive && (previous.isPunctuation("&") || previous.isPunctuation("|"))
        if !continues { break }
      }
      if token.kind == .directive { break }
      if token.isPunctuation("(") { depth += 1 }
      if token.isPunctuation(")") { depth -= 1 }
      end += 1
    }
    return end
  }
}

// MARK: - Imports

struct Import: Equatable {
  let module: String
  let line: Int
  let column: Int
  let isTestable: Bool
  /// Inside an `#if` branch that compiles on some builds only.
  let isConditional: Bool
  /// `@_exported`: every importer of this file's module sees the imported module too.
  var isExported = false
}

let importKinds: [Keyword] = [.struct, .class, .enum, .protocol, .func, .var, .let, .typealias]
let accessModifiers: [Keyword] = [.public, .package, .internal, .private, .fileprivate, .open]

/// Every import declaration among `tokens`, with its attributes. `import` is a declaration only
/// where one may start: not after `.` (a member), `(` or `,` (an argument label), and not when a
/// colon follows it or its module (`f(import: x)`, `func f(import x: Int)`).
func importDeclarations(in tokens: [Token], of source: SourceText) -> [Import] {
  var found: [Import] = []
  for index in tokens.indices where tokens[index].is(.import) {
    let token = tokens[index]
    if index > 0 {
      let previous = tokens[index - 1]
      if previous.isPunctuation(".") || previous.isPunctuation("(") || previous.isPunctuation(",") {
        continue
      }
    }
    var cursor = index + 1
    if cursor < tokens.count, tokens[cursor].isIdentifier,
      importKinds.contains(tokens[cursor].keyword)
    {
      cursor += 1
    }
    guard cursor < tokens.count else { continue }
    let moduleToken = tokens[cursor]
    guard moduleToken.kind == .identifier || moduleToken.kind == .backtickedIdentifier else {
      continue
    }
    if cursor + 1 < tokens.count, tokens[cursor + 1].isPunctuation(":"),
      !tokens[cursor + 1].startsLine
    {
      continue
    }
    var isTestable = false
    var isExported = false
    var back = index - 1
    while back >= 0 {
      let candidate = tokens[back]
      if candidate.isIdentifier && accessModifiers.contains(candidate.keyword) {
        back -= 1
      } else if candidate.isPunctuation(")") {
        // The argument list of an attribute such as @_spi(Internal).
        while back >= 0, !tokens[back].isPunctuation("(") { back -= 1 }
        back -= 1
      } else if back >= 1, tokens[back - 1].isPunctuation("@"), candidate.isIdentifier {
        if candidate.keyword == .testable { isTestable = true }
        if source.token(candidate, is: Array("_exported".utf8)) { isExported = true }
        back -= 2
      } else {
        break
      }
    }
    found.append(
      Import(
        module: source.text(moduleToken), line: Int(token.line), column: Int(token.column),
        isTestable: isTestable, isConditional: token.isConditional, isExported: isExported))
  }
  return found
}

/// A source file read for linting: its text, its tokens (never-compiled branches dropped) and
/// its imports, alive while `body` looks at them.
enum ScannedFile {
  /// Reads and scans `path` and hands the result to `body`, or says why it cannot: unreadable,
  /// or not UTF-8.
  static func scan<Outcome>(
    _ path: String, setting: BuildSetting,
    _ body: (SourceText, [Token], [Import], [Suppression]) -> Outcome
  ) -> Result<Outcome, ScanFailure> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(ScanFailure(path: path, reason: "cannot be read"))
    }
    return data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      if let offset = invalidUTF8Offset(bytes) {
        return .failure(ScanFailure(path: path, reason: "is not UTF-8 (byte \(offset))"))
      }
      let source = SourceText(bytes: bytes)
      var suppressions: [Suppression] = []
      var tokens = Lexer.tokens(of: bytes, suppressions: &suppressions)
      ConditionalBranches.filter(&tokens, in: source, setting: setting)
      return .success(
        body(source, tokens, importDeclarations(in: tokens, of: source), suppressions))
    }
  }

  /// The offset of the first byte that breaks UTF-8, or `nil` for valid text.
  static func invalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length: Int
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return index
      }
      guard index + length <= bytes.count else { return index }
      for continuation in 1..<length where bytes[index + continuation] & 0xC0 != 0x80 {
        return index
      }
      let second = bytes[index + 1]
      if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
        || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F)
      {
        return index
      }
      index += length
    }
    return nil
  }
}

/// What the files of a batch said: their findings, and the modules each target imports and
/// re-exports (by target name).
struct ScannedBatch: Sendable {
  var violations: [Violation] = []
  var imports: [String: Set<String>] = [:]
  var exports: [String: Set<String>] = [:]
  /// The top-level names each file declares and names, for the files of targets that have
  /// folder layers or are previewed for a split (by file path).
  var symbols: [String: FileSymbols] = [:]
}

/// What one file declares at its top level and which names it uses, read from its tokens: an
/// approximation of the compiler's name lookup (a name is an identifier, wherever it is used;
/// a member reached through `.` is not one), good enough to say which folders a file leans on.
struct FileSymbols: Sendable {
  struct Use: Sendable {
    let line: Int32
    let column: Int32
  }
  let target: String
  /// Types, type aliases, functions and global variables declared outside any braces.
  var declared: Set<String> = []
  /// Each identifier the file uses (not declares), with every place it is used.
  var uses: [String: [Use]] = [:]

  init(target: String, tokens: [Token], source: SourceText) {
    self.target = target
    let declaring: [Keyword] = [
      .struct, .class, .enum, .protocol, .actor, .typealias, .func, .var, .let,
    ]
    var depth = 0
    var declarationNames: Set<Int> = []
    for (index, token) in tokens.enumerated() {
      if token.isPunctuation("{") { depth += 1 }
      if token.isPunctuation("}") { depth = max(0, depth - 1) }
      guard token.isIdentifier, declaring.contains(token.keyword), index + 1 < tokens.count
      else { continue }
      let next = tokens[index + 1]
      guard next.kind == .identifier || next.kind == .backtickedIdentifier,
        next.keyword == .other
      else { continue }
      // `import struct Module.Type` names a declaration of another module; a name declared
      // inside braces (a member, a local) is not the file's to offer.
      if index > 0 && tokens[index - 1].is(.import) { continue }
      declarationNames.insert(index + 1)
      if depth == 0 { declared.insert(source.text(next)) }
    }
    for (index, token) in tokens.enumerated()
    where (token.kind == .identifier && token.keyword == .other)
      && !declarationNames.contains(index)
      && !(index > 0 && tokens[index - 1].isPunctuation("."))
      && !(index > 0 && tokens[index - 1].is(.import))
    {
      uses[source.text(token), default: []].append(Use(line: token.line, column: token.column))
    }
  }
}

/// The folders that enclose a file, innermost last (`Sources/App/UI` for `Sources/App/UI/A.swift`).
func enclosingFolders(of file: String) -> [String] {
  let parts = file.split(separator: "/").dropLast()
  return parts.indices.map { parts[...$0].joined(separator: "/") }
}

/// `// architecture:allow RULE — reason`: a finding of RULE on this line or the next is
/// accepted, for the reason given.
struct Suppression: Sendable {
  let line: Int
  let column: Int
  let rule: String
  let reason: String
}

struct ScanFailure: Error, Sendable {
  let path: String
  let reason: String
}

// MARK: - Manifest locations

/// Where `Package.swift` declares each target and names each of its dependencies, found with the
/// linter's own lexer by the call they belong to: a target is declared by a call whose first
/// argument is its name as a string (`.target(name: "X", …)`, or a helper such as
/// `feature("X", uses: …)`), that declares no `targets:` (a product such as
/// `.library(name: "X", targets: ["X"])`) and that is not inside another such call (a
/// `.target(name: "X")` among dependencies); a dependency is the array element of that call that
/// holds its name.
struct ManifestLocations {
  struct Place: Sendable {
    let line: Int
    let column: Int
  }
  /// A dependency's entry: where it starts, and the text to delete to remove it (the element
  /// and the comma that separates it from its neighbour).
  struct Entry: Sendable {
    let start: Place
    let deletion: (from: Place, to: Place)
  }

  var declarations: [String: Place] = [:]
  var entries: [String: Entry] = [:]

  static func key(_ target: String, _ dependency: String) -> String { "\(target) -> \(dependency)" }

  /// One bracketed region of tokens: a call's parentheses (with its callee), an array's or
  /// a tuple's brackets. `parts` are the ranges between its top-level commas.
  private struct Group {
    let open: Int
    var close = 0
    let callee: String?
    var parts: [Range<Int>] = []
    var parent: Int?
  }

  init(manifest: Data, targets: [(name: String, dependencies: [String])]) {
    manifest.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      let source = SourceText(bytes: bytes)
      let tokens = Lexer.tokens(of: bytes)
      var groups: [Group] = []
      var stack: [Int] = []
      var partStart: [Int] = []
      for (index, token) in tokens.enumerated() where token.kind == .punctuation {
        switch token.byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          let callee =
            token.byte == UInt8(ascii: "(") && index > 0 && tokens[index - 1].isIdentifier
            ? source.text(tokens[index - 1]) : nil
          groups.append(Group(open: index, callee: callee, parent: stack.last))
          stack.append(groups.count - 1)
          partStart.append(index + 1)
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
          guard let current = stack.popLast(), let start = partStart.popLast() else { continue }
          if start < index { groups[current].parts.append(start..<index) }
          groups[current].close = index
        case UInt8(ascii: ","):
          guard let current = stack.last, let start = partStart.last else { continue }
          groups[current].parts.append(start..<index)
          partStart[partStart.count - 1] = index + 1
        default:
          continue
        }
      }
      func label(of part: Range<Int>) -> String? {
        guard part.count >= 2, tokens[part.lowerBound].isIdentifier,
          tokens[part.lowerBound + 1].isPunctuation(":")
        else { return nil }
        return source.text(tokens[part.lowerBound])
      }
      func value(of part: Range<Int>) -> Range<Int> {
        label(of: part) == nil ? part : (part.lowerBound + 2)..<part.upperBound
      }
      // A plain one-line string literal's contents (no escapes, no interpolation).
      func literal(_ index: Int) -> String? {
        let token = tokens[index]
        guard token.kind == .string, token.length >= 2 else { return nil }
        let start = Int(token.start)
        let end = start + Int(token.length)
        guard bytes[start] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\""),
          !bytes[start..<end].contains(UInt8(ascii: "\\"))
        else { return nil }
        return String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
      }
      func place(_ index: Int) -> Place {
        Place(line: Int(tokens[index].line), column: Int(tokens[index].column))
      }
      func end(_ index: Int) -> Place {
        let token = tokens[index]
        let length = token.kind == .punctuation ? 1 : Int(token.length)
        return Place(line: Int(token.line), column: Int(token.column) + length)
      }
      // Calls that declare something by name, with that name.
      var declaring: [Int: String] = [:]
      for (number, group) in groups.enumerated() where group.callee != nil {
        guard let first = group.parts.first, label(of: first) == nil || label(of: first) == "name",
          value(of: first).count == 1, let name = literal(value(of: first).lowerBound),
          !group.parts.contains(where: { label(of: $0) == "targets" })
        else { continue }
        declaring[number] = name
      }
      func isNested(_ number: Int) -> Bool {
        var parent = groups[number].parent
        while let current = parent {
          if declaring[current] != nil { return true }
          parent = groups[current].parent
        }
        return false
      }
      var declarationOf: [String: Int] = [:]
      for number in declaring.keys.sorted() where !isNested(number) {
        let name = declaring[number] ?? ""
        if declarationOf[name] == nil { declarationOf[name] = number }
      }
      for (name, number) in declarationOf {
        declarations[name] = place(value(of: groups[number].parts[0]).lowerBound)
      }
      for target in targets {
        guard let number = declarationOf[target.name] else { continue }
        let call = groups[number]
        let nameEnd = call.parts[0].upperBound
        for dependency in target.dependencies {
          let candidates = ((nameEnd + 1)..<call.close).filter { literal($0) == dependency }
          // An entry named under `dependencies:` beats the same name in another argument.
          let inDependencies = candidates.first { index in
            call.parts.contains { label(of: $0) == "dependencies" && $0.contains(index) }
          }
          guard let found = inDependencies ?? candidates.first else { continue }
          // The element of the innermost array that holds the name.
          guard
            let array = groups.indices.filter({
              groups[$0].open > call.open && groups[$0].open < found && found < groups[$0].close
                && groups[$0].callee == nil
                && tokens[groups[$0].open].isPunctuation("[")
            }).max(by: { groups[$0].open < groups[$1].open }),
            let element = groups[array].parts.firstIndex(where: { $0.contains(found) })
          else {
            entries[Self.key(target.name, dependency)] = Entry(
              start: place(found), deletion: (place(found), place(found)))
            continue
          }
          let parts = groups[array].parts
          let range = parts[element]
          let deletion: (Place, Place)
          if tokens[range.upperBound].isPunctuation(",") {
            deletion = (place(range.lowerBound), place(range.upperBound + 1))
          } else if element > 0 {
            deletion = (place(parts[element - 1].upperBound), end(range.upperBound - 1))
          } else {
            deletion = (place(range.lowerBound), end(range.upperBound - 1))
          }
          entries[Self.key(target.name, dependency)] = Entry(
            start: place(range.lowerBound), deletion: deletion)
        }
      }
    }
  }
}

// MARK: - Violations

struct Violation: Sendable {
  let rule: String
  let file: String
  let line: Int
  let column: Int
  let message: String
  /// Stable across unrelated edits (no line numbers): what the baseline stores.
  let key: String
  /// A second place that explains the first (the target a manifest entry belongs to).
  var note: Note?
  /// An edit that resolves it, when one is certain.
  var fix: Fix?
  /// Why the rule holds in this package, from the configuration's `because`.
  var because: String?

  /// The target it is about: the first field of its key (`rule|Target -> …`, `rule|Target|…`).
  var target: String {
    let parts = key.split(separator: "|", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return "" }
    return String(parts[1].components(separatedBy: " -> ")[0])
  }

  /// The compiler's format, which editors and CI logs understand, with its note on a line below.
  var compilerStyle: String {
    var text = "\(file):\(line):\(column): error: [\(rule)] \(message)"
    if let note { text += "\n\(note.file):\(note.line):\(note.column): note: \(note.message)" }
    if let because { text += "\n  because: \(because)" }
    return text
  }
}

/// A place that explains a finding.
struct Note: Sendable {
  let file: String
  let line: Int
  let column: Int
  let message: String
}

/// A text edit that resolves a finding: `replacement` takes the place of the text from
/// (line, column) up to, not including, (endLine, endColumn).
struct Fix: Sendable {
  let summary: String
  let file: String
  let line: Int
  let column: Int
  let endLine: Int
  let endColumn: Int
  let replacement: String
}

/// A class, not a struct: every batch of files shares one linter instead of copying its tables.
final class Linter: Sendable {
  let package: PackageDescription
  let configuration: Configuration
  /// The rules to run, with their options: the configuration's, narrowed by `--only`/`--skip`.
  let enabled: [String: Configuration.Options]
  let setting: BuildSetting
  let root: URL
  let targets: [Target]
  let byName: [String: Target]
  /// This package's targets by the module name a file imports.
  let byModule: [String: Target]
  /// Every module a file could import from this package or a dependency package.
  let packageModules: Set<String>
  let products: ProductModules
  let manifestIndex: [String: (Int, Int)]
  /// Each target's declaration and each of its dependencies' entries in `Package.swift`.
  let manifestLocations: ManifestLocations
  /// The folder `--split-preview` asks about, inside one target, or `nil`.
  let splitFolder: String?
  /// The targets whose files' symbols are indexed: those with files in a folder layer (when
  /// folder-dependency runs) and the one holding the previewed folder.
  let indexedTargets: Set<String>
  /// The rules that look at every import, decided once instead of per import.
  let checksUndeclaredImports: Bool
  let checksTestableImports: Bool

  init(
    package: PackageDescription, configuration: Configuration,
    enabled: [String: Configuration.Options], setting: BuildSetting, products: ProductModules,
    splitFolder: String? = nil
  ) {
    self.package = package
    self.splitFolder = splitFolder
    self.configuration = configuration
    self.enabled = enabled
    self.setting = setting
    self.products = products
    root = URL(fileURLWithPath: package.path)
    targets = package.targets.map { target in
      let layer =
        target.type == "test" || Target.unlintedKinds.contains(target.type)
        ? nil
        : configuration.layers.first { $0.matches(name: target.name, path: target.path) }
      return Target(
        name: target.name, moduleName: target.c99name ?? c99name(target.name), kind: target.type,
        path: target.path, layer: layer,
        role: layer?.role(ofTarget: target.name, path: target.path), sources: target.sources ?? [],
        dependencies: target.targetDependencies ?? [], products: target.productDependencies ?? [])
    }
    byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    byModule = Dictionary(
      targets.map { ($0.moduleName, $0) }, uniquingKeysWith: { first, _ in first })
    let folderLayers = configuration.layers.filter { !$0.folders.isEmpty }
    indexedTargets = Set(
      targets.filter { target in
        let files = target.sources.map { target.path + "/" + $0 }
        let layered =
          enabled["folder-dependency"] != nil
          && files.contains { file in
            folderLayers.contains { layer in
              enclosingFolders(of: file).contains { folder in
                layer.folders.contains { glob($0, matches: folder) }
              }
            }
          }
        let previewed = splitFolder.map { folder in
          files.contains { $0.hasPrefix(folder + "/") }
        }
        return layered || previewed == true
      }.map(\.name))
    packageModules = Set(
      targets.filter { !["plugin", "snippet"].contains($0.kind) }.map(\.moduleName)
    )
    .union(products.dependencyModules)
    let manifestData =
      FileManager.default.contents(atPath: root.appendingPathComponent("Package.swift").path)
      ?? Data()
    manifestLocations = ManifestLocations(
      manifest: manifestData,
      targets: targets.map { ($0.name, $0.dependencies + $0.products) })
    let manifest = String(decoding: manifestData, as: UTF8.self)
    // Where each quoted string first appears in the manifest: where a target that no call
    // declares by its name (a typed helper's `kernel(.sharedKernel)`) is named.
    var index: [String: (Int, Int)] = [:]
    for (number, line) in manifest.components(separatedBy: "\n").enumerated() {
      let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
      var column = 1
      for (position, piece) in quoted.enumerated() {
        if position % 2 == 1, index[String(piece)] == nil {
          index[String(piece)] = (number + 1, column - 1)
        }
        column += piece.count + 1
      }
    }
    manifestIndex = index
    checksUndeclaredImports = enabled["undeclared-import"] != nil
    checksTestableImports = enabled["testable-import"] != nil
  }

  func isEnabled(_ rule: String) -> Bool { enabled[rule] != nil }

  /// Points a manifest-level violation at the target's declaration in `Package.swift` (or,
  /// when no call declares it by name, at the first place the manifest quotes its name).
  func manifestLocation(of target: Target) -> (String, Int, Int) {
    if let place = manifestLocations.declarations[target.name] {
      return ("Package.swift", place.line, place.column)
    }
    guard let (line, column) = manifestIndex[target.name] else { return (target.path, 1, 1) }
    return ("Package.swift", line, column)
  }

  /// Points a violation about one dependency at its own entry, with a note at the target's
  /// declaration; at the declaration alone when the entry is not a name the manifest spells.
  func entryLocation(of target: Target, dependency: String) -> (String, Int, Int, Note?) {
    let (file, line, column) = manifestLocation(of: target)
    guard
      let entry = manifestLocations.entries[ManifestLocations.key(target.name, dependency)]
    else { return (file, line, column, nil) }
    return (
      "Package.swift", entry.start.line, entry.start.column,
      Note(
        file: file, line: line, column: column, message: "'\(target.name)' is declared here")
    )
  }

  func describe(_ layers: [String]) -> String {
    layers.isEmpty ? "nothing" : layers.joined(separator: ", ")
  }

  /// Every target's folder exists: a description that names a missing folder is bad input.
  func missingTargetFolders() -> [String] {
    targets.filter(\.isLinted).compactMap { target in
      var isDirectory: ObjCBool = false
      let path = root.appendingPathComponent(target.path).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue ? nil : "target '\(target.name)': '\(target.path)' does not exist"
    }
  }

  func lint() async -> Result<[Violation], ScanFailure> {
    var violations: [Violation] = []
    for target in targets.sorted(by: { $0.name < $1.name }) where target.isLinted {
      violations += manifestViolations(of: target)
    }
    let files = targets.filter(\.isLinted).flatMap { target in
      target.sources.filter { $0.hasSuffix(".swift") }.sorted().map { (target, $0) }
    }
    // Files are scanned in batches, as many at once as the machine has cores; the results are
    // put back in file order, so the output does not depend on which batch finished first.
    let batchSize = 128
    let batches = stride(from: 0, to: files.count, by: batchSize).map {
      files[$0..<min($0 + batchSize, files.count)]
    }
    let results = await withTaskGroup(
      of: (Int, Result<ScannedBatch, ScanFailure>).self
    ) { group in
      for (number, batch) in batches.enumerated() {
        group.addTask { (number, self.sourceViolations(of: batch)) }
      }
      var collected = [Result<ScannedBatch, ScanFailure>?](repeating: nil, count: batches.count)
      for await (number, result) in group { collected[number] = result }
      return collected
    }
    var scanned = ScannedBatch()
    for result in results {
      switch result {
      case .success(let found):
        violations += found.violations
        scanned.imports.merge(found.imports) { $0.union($1) }
        scanned.exports.merge(found.exports) { $0.union($1) }
        scanned.symbols.merge(found.symbols) { first, _ in first }
      case .failure(let failure): return .failure(failure)
      case nil: break
      }
    }
    if isEnabled("folder-dependency") { violations += folderViolations(scanned.symbols) }
    if isEnabled("unused-dependency") { violations += unusedDependencies(scanned) }
    if isEnabled("missing-owner") { violations += ownershipViolations() }
    return .success(manifestSuppressionsApplied(to: violations).map(explained))
  }

  /// The findings about `Package.swift` with the manifest's own suppressions applied: a
  /// `// architecture:allow RULE — reason` comment there accepts a finding on its line or the
  /// next, as in a source file.
  func manifestSuppressionsApplied(to violations: [Violation]) -> [Violation] {
    let manifest = root.appendingPathComponent("Package.swift").path
    guard
      case .success(let suppressions) = ScannedFile.scan(manifest, setting: setting, { $3 }),
      !suppressions.isEmpty
    else { return violations }
    let inManifest = violations.filter { $0.file == "Package.swift" }
    return violations.filter { $0.file != "Package.swift" }
      + applying(suppressions, to: inManifest, in: "Package", file: "Package.swift")
  }

  /// A finding with the configuration's reason: the target's role's or layer's `because` for
  /// the rules about what a layer may use, otherwise the rule's own.
  func explained(_ violation: Violation) -> Violation {
    var explained = violation
    let layerRules: Set<String> = [
      "layer-dependency", "third-party-product", "test-support", "outside-layer",
    ]
    let target = byName[violation.target]
    let fromLayer =
      layerRules.contains(violation.rule)
      ? (target?.role?.because ?? target?.layer?.because) : nil
    explained.because = fromLayer ?? enabled[violation.rule]?.because
    return explained
  }

  /// The violations in a batch of files and the modules each target's files import, or the
  /// first file that cannot be read.
  func sourceViolations(of files: ArraySlice<(Target, String)>) -> Result<ScannedBatch, ScanFailure>
  {
    var batch = ScannedBatch()
    for (target, source) in files {
      let file = target.path + "/" + source
      let indexed = indexedTargets.contains(target.name)
      let outcome = ScannedFile.scan(root.appendingPathComponent(file).path, setting: setting) {
        source, tokens, imports, suppressions in
        (
          applying(
            suppressions,
            to: sourceViolations(
              of: target, file: file, source: source, tokens: tokens, imports: imports),
            in: target.name, file: file),
          imports,
          indexed ? FileSymbols(target: target.name, tokens: tokens, source: source) : nil
        )
      }
      switch outcome {
      case .success(let (found, imports, symbols)):
        batch.violations += found
        if let symbols { batch.symbols[file] = symbols }
        batch.imports[target.name, default: []].formUnion(imports.map(\.module))
        batch.exports[target.name, default: []].formUnion(
          imports.filter(\.isExported).map(\.module))
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(batch)
  }

  /// The layer a file takes from its folder: the first layer with a `folders` pattern that
  /// matches a folder enclosing it.
  func folderLayer(of file: String) -> Configuration.Layer? {
    let folders = enclosingFolders(of: file)
    return configuration.layers.first { layer in
      layer.folders.contains { pattern in folders.contains { glob(pattern, matches: $0) } }
    }
  }

  /// A file in a folder layer that names a top-level declaration of its own target whose file
  /// is in a folder layer it may not use. A name declared in an allowed folder too is taken to
  /// be that one (the index cannot tell them apart); one finding per file and name.
  func folderViolations(_ symbols: [String: FileSymbols]) -> [Violation] {
    var layerOf: [String: Configuration.Layer] = [:]
    for file in symbols.keys { layerOf[file] = folderLayer(of: file) }
    // Per target, the files that declare each name.
    var declaring: [String: [String: [String]]] = [:]
    for (file, found) in symbols {
      for name in found.declared {
        declaring[found.target, default: [:]][name, default: []].append(file)
      }
    }
    var violations: [Violation] = []
    for (file, found) in symbols.sorted(by: { $0.key < $1.key }) {
      guard let layer = layerOf[file] else { continue }
      for (name, uses) in found.uses.sorted(by: { $0.key < $1.key }) {
        guard !found.declared.contains(name),
          let files = declaring[found.target]?[name]?.sorted(), let first = uses.first
        else { continue }
        let layers = files.map { layerOf[$0] }
        guard
          !layers.contains(where: { other in
            other == nil || other?.name == layer.name || layer.mayUse.contains(other?.name ?? "")
          }), let other = layers.first??.name
        else { continue }
        violations.append(
          Violation(
            rule: "folder-dependency", file: file, line: Int(first.line),
            column: Int(first.column),
            message:
              "'\(name)' is declared in \(files[0]), a folder of \(other); this file's folder is \(layer.name), which may use \(describe(layer.mayUse)). Reach it through what \(layer.name) may use, or move it",
            key: "folder-dependency|\(found.target)|\(file) -> \(name)"))
      }
    }
    return violations
  }

  /// The uses in `folder`'s files of names that the rest of its target declares: each would
  /// be an error ("cannot find … in scope") if the folder became a module of its own, which
  /// cannot import the target it came from. What the rest uses of the folder only needs an
  /// import and `public`, so it is not counted.
  func splitPreview(_ folder: String) -> Result<
    [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)], ScanFailure
  > {
    var symbols: [String: FileSymbols] = [:]
    for target in targets where indexedTargets.contains(target.name) {
      for source in target.sources.sorted() where source.hasSuffix(".swift") {
        let file = target.path + "/" + source
        let scanned = ScannedFile.scan(root.appendingPathComponent(file).path, setting: setting) {
          source, tokens, _, _ in FileSymbols(target: target.name, tokens: tokens, source: source)
        }
        switch scanned {
        case .success(let found): symbols[file] = found
        case .failure(let failure): return .failure(failure)
        }
      }
    }
    let inside = symbols.filter { $0.key.hasPrefix(folder + "/") }
    let ownNames = Set(inside.values.flatMap(\.declared))
    let targetNames = Set(inside.values.map(\.target))
    var declaredOutside: [String: String] = [:]
    for (file, found) in symbols.sorted(by: { $0.key < $1.key })
    where !file.hasPrefix(folder + "/") && targetNames.contains(found.target) {
      for name in found.declared where declaredOutside[name] == nil { declaredOutside[name] = file }
    }
    var crossings: [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)] = []
    for (file, found) in inside.sorted(by: { $0.key < $1.key }) {
      for (name, uses) in found.uses where !ownNames.contains(name) {
        guard let declaredIn = declaredOutside[name] else { continue }
        crossings += uses.map { (file, $0, name, declaredIn) }
      }
    }
    return .success(
      crossings.sorted {
        ($0.file, $0.use.line, $0.use.column) < ($1.file, $1.use.line, $1.use.column)
      })
  }

  /// A declared dependency whose modules no file of the target imports, directly or through a
  /// module that re-exports them (`@_exported import`): the entry to delete. Targets with
  /// sources in other languages are left alone (C code includes headers, it imports nothing),
  /// and so are dependencies that are not imported by nature: macros, executables, binaries.
  func unusedDependencies(_ scanned: ScannedBatch) -> [Violation] {
    // Which modules each module's files re-export, by module name.
    var reexports: [String: Set<String>] = [:]
    for target in targets {
      reexports[target.moduleName] = scanned.exports[target.name] ?? []
    }
    func visible(from imported: Set<String>) -> Set<String> {
      var seen = imported
      var pending = Array(imported)
      while let module = pending.popLast() {
        for next in reexports[module] ?? [] where seen.insert(next).inserted {
          pending.append(next)
        }
      }
      return seen
    }
    var violations: [Violation] = []
    for target in targets.sorted(by: { $0.name < $1.name })
    where target.isLinted && !target.isTest && !target.sources.isEmpty
      && target.sources.allSatisfy({ $0.hasSuffix(".swift") })
    {
      let seen = visible(from: scanned.imports[target.name] ?? [])
      var unused: [(name: String, modules: [String])] = []
      for dependency in target.dependencies {
        guard let other = byName[dependency] ?? nil,
          !["macro", "executable", "binary", "plugin"].contains(other.kind)
        else { continue }
        if !seen.contains(other.moduleName) { unused.append((dependency, [other.moduleName])) }
      }
      for product in target.products {
        let modules = products.modulesOfProduct[product] ?? [c99name(product)]
        if seen.isDisjoint(with: modules) { unused.append((product, modules.sorted())) }
      }
      for (name, modules) in unused.sorted(by: { $0.name < $1.name }) {
        let (file, line, column, note) = entryLocation(of: target, dependency: name)
        let entry = manifestLocations.entries[ManifestLocations.key(target.name, name)]
        let shown = modules.map { "'\($0)'" }.joined(separator: " or ")
        violations.append(
          Violation(
            rule: "unused-dependency", file: file, line: line, column: column,
            message:
              "'\(target.name)' declares the dependency '\(name)' but none of its files imports \(shown); delete the entry\(entry == nil ? "" : " (line \(line))") or import what it is for",
            key: "unused-dependency|\(target.name) -> \(name)", note: note,
            fix: entry.map {
              Fix(
                summary: "delete the dependency", file: "Package.swift",
                line: $0.deletion.from.line, column: $0.deletion.from.column,
                endLine: $0.deletion.to.line, endColumn: $0.deletion.to.column, replacement: "")
            }))
      }
    }
    return violations
  }

  /// Drops the findings a justified suppression names on its own line or the next, and reports
  /// each suppression that has no reason, names no rule, or suppresses nothing.
  func applying(
    _ suppressions: [Suppression], to violations: [Violation], in owner: String, file: String
  ) -> [Violation] {
    guard !suppressions.isEmpty else { return violations }
    var kept = violations
    var findings: [Violation] = []
    for suppression in suppressions {
      func report(_ message: String) {
        findings.append(
          Violation(
            rule: "suppression", file: file, line: suppression.line, column: suppression.column,
            message: message,
            key: "suppression|\(owner)|\(file)|\(suppression.rule)"))
      }
      guard allRules.contains(where: { $0.id == suppression.rule }) else {
        report(
          "'architecture:allow \(suppression.rule)' names no rule; write `// architecture:allow RULE — reason`\(suggestion(for: suppression.rule, among: allRules.map(\.id)))"
        )
        continue
      }
      guard !suppression.reason.isEmpty else {
        report(
          "the suppression of \(suppression.rule) gives no reason, so it suppresses nothing; write `// architecture:allow \(suppression.rule) — why this is right here`"
        )
        continue
      }
      let covered = kept.filter {
        $0.rule == suppression.rule
          && ($0.line == suppression.line || $0.line == suppression.line + 1)
      }
      if covered.isEmpty {
        // A rule that does not run this time cannot be said to be suppressed for nothing.
        guard isEnabled(suppression.rule) else { continue }
        report(
          "'architecture:allow \(suppression.rule)' suppresses nothing on this line or the next; delete it"
        )
      }
      kept.removeAll {
        $0.rule == suppression.rule
          && ($0.line == suppression.line || $0.line == suppression.line + 1)
      }
    }
    return kept + (isEnabled("suppression") ? findings : [])
  }

  func manifestViolations(of target: Target) -> [Violation] {
    var violations: [Violation] = []
    let (file, line, column) = manifestLocation(of: target)
    func report(_ rule: String, _ message: String, key: String, dependency: String? = nil) {
      guard let dependency else {
        violations.append(
          Violation(
            rule: rule, file: file, line: line, column: column, message: message, key: key))
        return
      }
      let (file, line, column, note) = entryLocation(of: target, dependency: dependency)
      violations.append(
        Violation(
          rule: rule, file: file, line: line, column: column, message: message, key: key,
          note: note))
    }
    if isEnabled("outside-layer") && !target.isTest && target.layer == nil
      && !configuration.layers.isEmpty
    {
      let patterns = configuration.layers.flatMap { $0.paths + $0.names }
      let shown = patterns.prefix(3).joined(separator: ", ") + (patterns.count > 3 ? ", …" : "")
      report(
        "outside-layer",
        "target '\(target.name)' lives in '\(target.path)', which matches no layer; move or rename it to match one (\(shown)) or give the configuration a pattern that matches it",
        key: "outside-layer|\(target.name)")
    }
    if isEnabled("outside-layer") && !target.isTest, let layer = target.layer, !layer.roles.isEmpty,
      target.role == nil
    {
      report(
        "outside-layer",
        "target '\(target.name)' is in the layer \(layer.name) but takes none of its roles (\(layer.roles.map(\.name).joined(separator: ", "))); give a role a pattern that matches it",
        key: "outside-layer|\(target.name)")
    }
    guard let layer = target.layer, !target.isTest else { return violations }
    for dependency in target.dependencies.sorted() {
      guard let other = byName[dependency], let otherLayer = other.layer else { continue }
      if otherLayer.testSupport && !layer.testSupport {
        if isEnabled("test-support") {
          report(
            "test-support",
            "production target '\(target.name)' depends on the test support '\(dependency)'; only test targets may. Move the code that needs it into a test target",
            key: "test-support|\(target.name) -> \(dependency)", dependency: dependency)
        }
      } else if isEnabled("layer-dependency") && breaksLayerRule(target, other) {
        report(
          "layer-dependency",
          "\(target.unitDescription) target '\(target.name)' depends on \(other.unitDescription) target '\(dependency)'; \(target.role?.name ?? layer.name) may depend on \(describe(target.mayUse)). Depend on an interface, move the shared type down a layer, or wire the two together in the composition root",
          key: "layer-dependency|\(target.name) -> \(dependency)", dependency: dependency)
      }
    }
    if isEnabled("third-party-product"), let allowedProducts = layer.allowedProducts {
      let allowed = configuration.layers.filter(\.mayUseProducts).map(\.name)
      for product in target.products.sorted()
      where !allowedProducts.contains(product)
        && !allowedProducts.contains(products.packageOfProduct[product] ?? "")
      {
        report(
          "third-party-product",
          "\(layer.name) target '\(target.name)' uses the product '\(product)' of another package; only \(describe(allowed)) may. Wrap it in a module of such a layer behind an interface",
          key: "third-party-product|\(target.name) -> \(product)", dependency: product)
      }
    }
    return violations
  }

  /// Whether `target` depending on `other` breaks the layer table: `other`'s layer (or role) is
  /// not one `target` may use. Test support is the test-support rule's, not this one's.
  func breaksLayerRule(_ target: Target, _ other: Target) -> Bool {
    guard let otherLayer = other.layer, let layer = target.layer, !target.isTest,
      !(otherLayer.testSupport && !layer.testSupport)
    else { return false }
    return !target.mayUse.contains(otherLayer.name)
      && !(other.role.map { target.mayUse.contains($0.name) } ?? false)
  }

  /// The modules `target` may import: its target dependencies' modules and the modules of the
  /// products it declares (a product this linter could not resolve counts as one module of
  /// the same name).
  func declaredModules(of target: Target) -> Set<String> {
    var modules = Set(target.dependencies.map { byName[$0]?.moduleName ?? c99name($0) })
    for product in target.products {
      modules.formUnion(products.modulesOfProduct[product] ?? [c99name(product)])
    }
    return modules
  }

  func sourceViolations(
    of target: Target, file: String, source: SourceText, tokens: [Token], imports: [Import]
  ) -> [Violation] {
    var violations: [Violation] = []
    let declared = declaredModules(of: target)
    var seenModules: Set<String> = []
    var crossingModules: Set<String> = []
    for found in imports {
      // Each file that imports across a forbidden edge is a finding of its own, beside the
      // manifest's, so a baseline lists the files that use an edge and a new one is new.
      if isEnabled("layer-dependency"), declared.contains(found.module),
        let other = byModule[found.module], breaksLayerRule(target, other),
        crossingModules.insert(found.module).inserted
      {
        violations.append(
          Violation(
            rule: "layer-dependency", file: file, line: found.line, column: found.column,
            message:
              "'\(target.name)' imports '\(found.module)' here, through a dependency its layer may not have (\(target.role?.name ?? target.layer?.name ?? "its layer") may depend on \(describe(target.mayUse))); remove the import, and once no file imports it, the dependency",
            key: "layer-dependency|\(target.name) -> \(other.name)|\(file)"))
      }
      if checksUndeclaredImports, packageModules.contains(found.module),
        found.module != target.moduleName, !declared.contains(found.module),
        seenModules.insert(found.module).inserted
      {
        let providers = products.modulesOfProduct.filter { $0.value.contains(found.module) }
          .keys.sorted()
        let hint =
          providers.isEmpty
          ? "declare the dependency\(configuration.layers.isEmpty ? "" : " (if the layer table allows it)")"
          : "declare the product \(providers.map { "'\($0)'" }.joined(separator: " or ")) that provides it"
        violations.append(
          Violation(
            rule: "undeclared-import", file: file, line: found.line, column: found.column,
            message:
              "'\(target.name)' imports '\(found.module)' without declaring it in Package.swift; \(hint) or remove the import",
            key: "undeclared-import|\(target.name) -> \(found.module)|\(file)"))
      }
      if checksTestableImports && found.isTestable && !target.isTestCode {
        violations.append(
          Violation(
            rule: "testable-import", file: file, line: found.line, column: found.column,
            message:
              "@testable import of '\(found.module)' in production target '\(target.name)'; make the API package or public instead",
            key: "testable-import|\(target.name) -> \(found.module)|\(file)"))
      }
      if let options = enabled["ui-framework"], options.modules.contains(found.module),
        !target.isTestCode, !options.allowedLayers.contains(target.layer?.name ?? ""),
        !options.allowedTargets.contains(target.name)
      {
        violations.append(
          Violation(
            rule: "ui-framework", file: file, line: found.line, column: found.column,
            message:
              "'\(target.name)' imports the UI framework '\(found.module)'; only \(describe(options.allowedLayers + options.allowedTargets)) may",
            key: "ui-framework|\(target.name) -> \(found.module)|\(file)"))
      }
    }
    guard !target.isTestCode else { return violations }
    return violations + tokenViolations(tokens, of: source, in: target, file: file)
  }

  func tokenViolations(_ tokens: [Token], of source: SourceText, in target: Target, file: String)
    -> [Violation]
  {
    var violations: [Violation] = []
    var reported: Set<String> = []
    func report(_ rule: String, _ token: Token, _ message: String, fix: Fix? = nil) {
      let key = "\(rule)|\(target.name)|\(file)"
      guard reported.insert(key).inserted else { return }
      violations.append(
        Violation(
          rule: rule, file: file, line: Int(token.line), column: Int(token.column),
          message: message, key: key, fix: fix))
    }
    let layerName = target.layer?.name ?? ""
    let networkNames: [[UInt8]] =
      enabled["feature-network"].map {
        $0.layers.contains(layerName) ? $0.names.map { Array($0.utf8) } : []
      } ?? []
    let outputNames: [[UInt8]] =
      enabled["direct-output"].map {
        $0.layers.contains(layerName) && !$0.allowedTargets.contains(target.name)
          ? $0.names.map { Array($0.utf8) } : []
      } ?? []
    let receiptType = enabled["receipt-minting"].flatMap { options in
      options.allowedTargets.contains(target.name) ? nil : options.type
    }
    let receiptBytes = receiptType.map { Array($0.utf8) }
    let escapesAllowed = enabled["raw-escape-code"].map { $0.allowedTargets.contains(target.name) }
    let viewModelSuffix = enabled["view-model-final"].map { $0.suffix ?? "ViewModel" }
    let implementationSuffixes =
      enabled["public-implementation"].map { $0.layers.contains(layerName) ? $0.suffixes : [] }
      ?? []
    let typeKeywords: [Keyword] = [.struct, .class, .enum, .actor, .protocol, .typealias]
    func modifiers(before index: Int) -> [Keyword] {
      tokens[max(0, index - 4)..<index].filter(\.isIdentifier).map(\.keyword)
    }
    for (index, token) in tokens.enumerated() {
      let next = index + 1 < tokens.count ? tokens[index + 1] : nil
      if token.kind == .string {
        if token.holdsEscape, escapesAllowed == false {
          report(
            "raw-escape-code", token,
            "'\(target.name)' writes a raw terminal escape code; only \(describe(enabled["raw-escape-code"]?.allowedTargets ?? [])) may: use its theme, so NO_COLOR and pipes are respected"
          )
        }
        continue
      }
      guard token.isIdentifier else { continue }
      if token.keyword == .other {
        if let name = networkNames.first(where: { source.token(token, is: $0) }) {
          report(
            "feature-network", token,
            "\(layerName) target '\(target.name)' uses \(String(decoding: name, as: UTF8.self)); network calls belong to a repository behind an interface"
          )
        }
        if let name = outputNames.first(where: { source.token(token, is: $0) }),
          next?.isPunctuation("(") == true || next?.isPunctuation(".") == true,
          index == 0
            || !(tokens[index - 1].isPunctuation(".") || tokens[index - 1].is(.func))
        {
          report(
            "direct-output", token,
            "\(layerName) target '\(target.name)' writes to the terminal with \(String(decoding: name, as: UTF8.self)); log through the Logger it receives, or return the text for the front to print"
          )
        }
        if let receiptType, let receiptBytes, source.token(token, is: receiptBytes) {
          let constructs =
            next?.isPunctuation("(") == true
            || (next?.isPunctuation(".") == true && index + 2 < tokens.count
              && tokens[index + 2].is(.`init`))
          if constructs {
            report(
              "receipt-minting", token,
              "'\(target.name)' constructs a \(receiptType); only \(describe(enabled["receipt-minting"]?.allowedTargets ?? [])) may. Obtain one from the module that does"
            )
          }
        }
        continue
      }
      guard let next, next.isIdentifier, next.keyword == .other else { continue }
      if token.keyword == .class, let viewModelSuffix {
        let typeName = source.text(next)
        if typeName.hasSuffix(viewModelSuffix) && !modifiers(before: index).contains(.final) {
          report(
            "view-model-final", token,
            "class '\(typeName)' in '\(target.name)' is not final; mark it final",
            fix: Fix(
              summary: "mark the class final", file: file, line: Int(token.line),
              column: Int(token.column), endLine: Int(token.line), endColumn: Int(token.column),
              replacement: "final "))
        }
      }
      if !implementationSuffixes.isEmpty, typeKeywords.contains(token.keyword) {
        let typeName = source.text(next)
        guard implementationSuffixes.contains(where: typeName.hasSuffix) else { continue }
        let found = modifiers(before: index)
        let isPublic = found.contains(.public) || found.contains(.open)
        let isNamespace =
          token.keyword == .enum && index + 2 < tokens.count && tokens[index + 2].isPunctuation("{")
          && !enumHasCases(tokens, openingBraceAt: index + 2)
        if isPublic && !isNamespace {
          let key = "public-implementation|\(target.name) -> \(typeName)"
          if reported.insert(key).inserted {
            violations.append(
              Violation(
                rule: "public-implementation", file: file, line: Int(token.line),
                column: Int(token.column),
                message:
                  "\(layerName) module '\(target.name)' makes '\(typeName)' public; keep implementations internal and expose them as `any Interface` from the module's factory",
                key: key))
          }
        }
      }
    }
    return violations
  }

  func enumHasCases(_ tokens: [Token], openingBraceAt start: Int) -> Bool {
    var depth = 0
    for token in tokens[start...] {
      if token.isPunctuation("{") { depth += 1 }
      if token.isPunctuation("}") {
        depth -= 1
        if depth == 0 { return false }
      }
      if depth == 1 && token.is(.case) { return true }
    }
    return false
  }

  /// The folders CODEOWNERS names explicitly (without slashes at either end), or `nil` when the
  /// package has no CODEOWNERS file.
  func ownedFolders() -> Set<String>? {
    let candidates = ["CODEOWNERS", ".github/CODEOWNERS", "docs/CODEOWNERS"]
    for candidate in candidates {
      guard
        let text = try? String(contentsOf: root.appendingPathComponent(candidate), encoding: .utf8)
      else { continue }
      var folders: Set<String> = []
      for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let pattern = trimmed.split(separator: " ").first,
          trimmed.split(separator: " ").count > 1
        else { continue }
        folders.insert(pattern.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
      }
      return folders
    }
    return nil
  }

  func ownershipViolations() -> [Violation] {
    guard let owned = ownedFolders() else { return [] }
    return targets.filter { $0.isLinted && !owned.contains($0.path) }.sorted {
      $0.name < $1.name
    }
    .map { target in
      let (file, line, column) = manifestLocation(of: target)
      return Violation(
        rule: "missing-owner", file: file, line: line, column: column,
        message:
          "'\(target.path)' has no line in CODEOWNERS; add one naming the team that owns '\(target.name)'",
        key: "missing-owner|\(target.name)")
    }
  }
}

// MARK: - Reports

/// What a run found, written in the formats machines read. Each is one document on standard
/// output whatever the environment.
struct Report {
  let findings: [Violation]
  let staleDocuments: [Violation]
  let baselined: Int
  let targets: Int
  let root: URL

  var all: [Violation] { findings + staleDocuments }

  static func serialized(_ object: Any) -> String {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  func json() -> String {
    func entry(_ violation: Violation) -> [String: Any] {
      var entry: [String: Any] = [
        "rule": violation.rule, "file": violation.file, "line": violation.line,
        "column": violation.column, "message": violation.message, "key": violation.key,
      ]
      if let because = violation.because { entry["because"] = because }
      if let note = violation.note {
        entry["note"] = [
          "file": note.file, "line": note.line, "column": note.column, "message": note.message,
        ]
      }
      return entry
    }
    return Self.serialized([
      "violations": findings.map(entry),
      "baselined": baselined,
      "stale_documents": staleDocuments.map(\.compilerStyle),
      "targets": targets,
    ])
  }

  /// A SARIF 2.1.0 log: one run, the rules with their rationale, each finding with its location,
  /// its note as a related location, its baseline key as a fingerprint, and its fix if it has one.
  func sarif(rules: [Rule]) -> String {
    let documentRules = [
      Rule(
        id: "stale-graph", summary: "a generated module graph is out of date",
        rationale: """
          The graph between a document's module-graph markers is generated from the package, so
          it cannot go stale unnoticed.
          Fix: regenerate it with --update-graph FILE.
          """,
        runsWithoutConfiguration: false),
      Rule(
        id: "module-readme", summary: "a module README is missing or its graph is out of date",
        rationale: """
          Every module has a README whose graph (the module, what it uses, who uses it) is
          generated from the package.
          Fix: regenerate the graphs with --update-module-readmes.
          """,
        runsWithoutConfiguration: false),
      Rule(
        id: "baseline-growth", summary: "a baseline entry added since the reference commit",
        rationale: """
          A baseline is a list to melt: with --baseline-may-not-grow REF, an entry that the
          baseline at REF lacks is a violation accepted instead of fixed.
          Fix: fix the violation, or explain the exception beside the code with a suppression.
          """,
        runsWithoutConfiguration: false),
    ]
    let described = rules + documentRules
    func location(_ file: String, _ line: Int, _ column: Int) -> [String: Any] {
      [
        "physicalLocation": [
          "artifactLocation": artifact(file),
          "region": ["startLine": line, "startColumn": column],
        ]
      ]
    }
    let results: [[String: Any]] = all.map { violation in
      var result: [String: Any] = [
        "ruleId": violation.rule,
        "level": "error",
        "message": [
          "text": violation.message + (violation.because.map { " (because: \($0))" } ?? "")
        ],
        "locations": [location(violation.file, violation.line, violation.column)],
        "partialFingerprints": ["architectureKey/v1": violation.key],
      ]
      if let index = described.firstIndex(where: { $0.id == violation.rule }) {
        result["ruleIndex"] = index
      }
      if let note = violation.note {
        var related = location(note.file, note.line, note.column)
        related["id"] = 1
        related["message"] = ["text": note.message]
        result["relatedLocations"] = [related]
      }
      if let fix = violation.fix {
        result["fixes"] = [
          [
            "description": ["text": fix.summary],
            "artifactChanges": [
              [
                "artifactLocation": artifact(fix.file),
                "replacements": [
                  [
                    "deletedRegion": [
                      "startLine": fix.line, "startColumn": fix.column, "endLine": fix.endLine,
                      "endColumn": fix.endColumn,
                    ],
                    "insertedContent": ["text": fix.replacement],
                  ]
                ],
              ]
            ],
          ]
        ]
      }
      return result
    }
    let driver: [String: Any] = [
      "name": "check-architecture",
      "rules": described.map { rule in
        [
          "id": rule.id,
          "shortDescription": ["text": rule.summary],
          "fullDescription": ["text": rule.rationale],
          "help": ["text": rule.rationale],
          "defaultConfiguration": ["level": "error"],
        ] as [String: Any]
      },
    ]
    return Self.serialized([
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
      "version": "2.1.0",
      "runs": [
        [
          "tool": ["driver": driver],
          "originalUriBaseIds": [
            "PACKAGE_ROOT": [
              "uri": URL(fileURLWithPath: root.path, isDirectory: true).absoluteString
            ]
          ],
          "results": results,
        ] as [String: Any]
      ],
    ])
  }

  /// A relative path is the package's; an absolute one (a baseline elsewhere) stands alone.
  func artifact(_ file: String) -> [String: Any] {
    file.hasPrefix("/")
      ? ["uri": URL(fileURLWithPath: file).absoluteString]
      : ["uri": file, "uriBaseId": "PACKAGE_ROOT"]
  }

  /// GitHub workflow commands, one `::error` per finding (and a `::notice` per note).
  func githubAnnotations() -> String {
    func property(_ text: String) -> String {
      data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
        of: ",", with: "%2C")
    }
    func data(_ text: String) -> String {
      text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
    }
    var lines = ""
    for violation in all {
      lines +=
        "::error file=\(property(violation.file)),line=\(violation.line),col=\(violation.column),title=\(property(violation.rule))::[\(violation.rule)] \(data(violation.message))\n"
      if let note = violation.note {
        lines +=
          "::notice file=\(property(note.file)),line=\(note.line),col=\(note.column),title=\(property(violation.rule))::\(data(note.message))\n"
      }
    }
    return lines
  }
}

// MARK: - Baseline

struct Baseline {
  let path: URL
  /// Entry → its line number in the file.
  let entries: [String: Int]

  /// Reads the baseline at `path`, shown as `name`. A missing file is an empty baseline unless
  /// it was named on the command line (`required`); a file that cannot be read, or a line that
  /// is not a key of a known rule, ends the run: a baseline half understood is never a pass.
  static func load(_ path: URL, name: String, required: Bool) -> Baseline {
    guard FileManager.default.fileExists(atPath: path.path) else {
      if required {
        fail("the baseline '\(name)' does not exist (create it with --update-baseline)")
      }
      return Baseline(path: path, entries: [:])
    }
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      fail("the baseline '\(name)' cannot be read as UTF-8 text")
    }
    return Baseline(path: path, entries: entries(in: text, name: name))
  }

  /// The entries of a baseline's text, each with its line; a line that is not an entry of a
  /// known rule ends the run.
  static func entries(in text: String, name: String) -> [String: Int] {
    var entries: [String: Int] = [:]
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let entry = Self.split(line).entry
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      let rule = String(entry.prefix { $0 != "|" })
      guard entry.contains("|"),
        allRules.contains(where: { $0.id == rule && $0.id != "stale-baseline" })
      else {
        fail(
          "\(name):\(index + 1): '\(entry)' is not a baseline entry (rule|target…) of a known rule\(suggestion(for: rule, among: allRules.map(\.id)))"
        )
      }
      entries[entry] = entries[entry] ?? index + 1
    }
    return entries
  }

  /// The reason written after an entry (`rule|target -> dependency  # why it stays`), by entry.
  static func reasons(in text: String) -> [String: String] {
    var reasons: [String: String] = [:]
    for line in text.components(separatedBy: "\n") {
      let (entry, reason) = split(line)
      guard !entry.isEmpty, !entry.hasPrefix("#"), let reason, !reason.isEmpty else { continue }
      reasons[entry] = reason
    }
    return reasons
  }

  /// A line as its entry and the reason after ` #`, if any.
  private static func split(_ line: String) -> (entry: String, reason: String?) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.hasPrefix("#"), let mark = trimmed.range(of: " #") else { return (trimmed, nil) }
    return (
      String(trimmed[..<mark.lowerBound]).trimmingCharacters(in: .whitespaces),
      String(trimmed[mark.upperBound...]).trimmingCharacters(in: .whitespaces)
    )
  }

  /// The entries of this baseline that the same file at the commit `reference` lacks: the ones
  /// this change added. A file that did not exist there is a first baseline, which adds
  /// nothing to a list that was not there; a reference that is not a commit ends the run.
  func growth(since reference: String, name: String) -> [Violation] {
    let folder = path.deletingLastPathComponent().path
    guard
      Self.git(["-C", folder, "rev-parse", "--verify", "--quiet", reference + "^{commit}"]) != nil
    else {
      fail("--baseline-may-not-grow: '\(reference)' is not a commit of the repository at \(folder)")
    }
    guard
      let text = Self.git(["-C", folder, "show", "\(reference):./\(path.lastPathComponent)"])
    else { return [] }
    let before = Self.entries(in: text, name: "\(name) at \(reference)")
    return entries.filter { before[$0.key] == nil }.sorted { $0.value < $1.value }.map {
      Violation(
        rule: "baseline-growth", file: name, line: $0.value, column: 1,
        message:
          "'\($0.key)' is new since \(reference): the baseline may only shrink; fix the violation, or explain the exception beside the code (// architecture:allow RULE — reason)",
        key: "baseline-growth|\($0.key)")
    }
  }

  /// What `git arguments` printed, or `nil` when it failed.
  private static func git(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Writes `keys`, each with its reason from `reasons` if it has one.
  static func write(_ keys: [String], reasons: [String: String] = [:], to path: URL) throws {
    let header = """
      # Known architecture violations, one stable key per line (rule|target -> dependency|file),
      # sorted and unique, each optionally followed by "  # why it stays" (kept when regenerated).
      # A line that matches no violation fails the check: delete it.
      # Regenerate with: swift package describe --type json | <the linter> --update-baseline

      """
    let lines = keys.map { key in reasons[key].map { "\(key)  # \($0)" } ?? key }
    try (header + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
      .write(to: path, atomically: true, encoding: .utf8)
  }
}

// MARK: - Mermaid

func mermaid(_ linter: Linter, violations: [Violation], baselined: Set<String>) -> String {
  var lines = ["flowchart TD"]
  let modules = linter.targets.filter { !$0.isTestCode && $0.isLinted }
  for layer in linter.configuration.layers {
    let members = modules.filter { $0.layer?.name == layer.name }.sorted { $0.name < $1.name }
    guard !members.isEmpty else { continue }
    lines.append("  subgraph \(layer.name)")
    for member in members { lines.append("    \(member.moduleName)") }
    lines.append("  end")
  }
  let outside = modules.filter { $0.layer == nil }.sorted { $0.name < $1.name }
  for target in outside { lines.append("  \(target.moduleName)") }
  var edgeIndex = 0
  var redEdges: [Int] = []
  let names = Set(modules.map(\.name))
  for target in modules.sorted(by: { $0.name < $1.name }) {
    for dependency in target.dependencies.sorted() where names.contains(dependency) {
      let key = "layer-dependency|\(target.name) -> \(dependency)"
      if baselined.contains(key) {
        lines.append("  \(target.moduleName) -.-> \(dependency)")
      } else if violations.contains(where: { $0.key == key }) {
        lines.append("  \(target.moduleName) --> \(dependency)")
        redEdges.append(edgeIndex)
      } else {
        lines.append("  \(target.moduleName) --> \(dependency)")
      }
      edgeIndex += 1
    }
  }
  for edge in redEdges { lines.append("  linkStyle \(edge) stroke:red,stroke-width:2px") }
  return lines.joined(separator: "\n")
}

/// One module's neighbourhood: what it uses and who uses it (test targets left out).
func mermaidSlice(of target: Target, in linter: Linter) -> String {
  let modules = linter.targets.filter { !$0.isTestCode && $0.isLinted }
  let names = Set(modules.map(\.name))
  var lines = ["flowchart LR"]
  for dependent in modules.sorted(by: { $0.name < $1.name })
  where dependent.dependencies.contains(target.name) {
    lines.append("  \(dependent.moduleName) --> \(target.moduleName)")
  }
  for dependency in target.dependencies.sorted() where names.contains(dependency) {
    lines.append("  \(target.moduleName) --> \(dependency)")
  }
  if lines.count == 1 { lines.append("  \(target.moduleName)") }
  lines.append("  style \(target.moduleName) stroke-width:3px")
  return lines.joined(separator: "\n")
}

/// Brings the graph section of every module's README up to date (`write`), or lists the modules
/// whose README is missing or stale.
func moduleReadmes(_ linter: Linter, write: Bool) -> [Violation] {
  var problems: [Violation] = []
  for target in linter.targets.sorted(by: { $0.name < $1.name })
  where !target.isTestCode && target.isLinted && target.layer != nil {
    let path = linter.root.appendingPathComponent(target.path).appendingPathComponent("README.md")
    func problem(_ message: String) {
      problems.append(
        Violation(
          rule: "module-readme", file: "\(target.path)/README.md", line: 1, column: 1,
          message: message, key: "module-readme|\(target.name)"))
    }
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      problem("'\(target.name)' has no README.md")
      continue
    }
    guard let updated = replacingGraph(in: text, with: mermaidSlice(of: target, in: linter)) else {
      problem("the README of '\(target.name)' has no module-graph markers")
      continue
    }
    guard updated != text else { continue }
    if write {
      do {
        try updated.write(to: path, atomically: true, encoding: .utf8)
      } catch {
        problem("cannot write the README of '\(target.name)'")
      }
    } else {
      problem(
        "the module graph of '\(target.name)' is out of date; regenerate the graphs with --update-module-readmes"
      )
    }
  }
  return problems
}

/// `--split-preview FOLDER`: the uses that would cross back, one per line, and their count; or,
/// with `--format json`, one document.
func printSplitPreview(of folder: String, _ linter: Linter, format: String) {
  guard
    let target = linter.targets.first(where: { target in
      target.isLinted && folder.hasPrefix(target.path + "/")
        && target.sources.contains { (target.path + "/" + $0).hasPrefix(folder + "/") }
    })
  else {
    let isTarget = linter.targets.contains { $0.path == folder }
    fail(
      isTarget
        ? "'\(folder)' is a target already: preview a folder inside one"
        : "'\(folder)' is not a folder of Swift sources inside a target")
  }
  let crossings: [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)]
  switch linter.splitPreview(folder) {
  case .success(let found): crossings = found
  case .failure(let failure): fail("'\(failure.path)' \(failure.reason): nothing was previewed")
  }
  let files = Set(crossings.map(\.file)).count
  let names = Set(crossings.map(\.name)).count
  if format == "json" {
    let document: [String: Any] = [
      "folder": folder, "target": target.name, "crossings": crossings.count,
      "uses": crossings.map { crossing -> [String: Any] in
        [
          "file": crossing.file, "line": Int(crossing.use.line),
          "column": Int(crossing.use.column), "name": crossing.name,
          "declared_in": crossing.declaredIn,
        ]
      },
    ]
    if let data = try? JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    {
      print(String(decoding: data, as: UTF8.self))
    }
    return
  }
  for crossing in crossings {
    print(
      "\(crossing.file):\(crossing.use.line):\(crossing.use.column): '\(crossing.name)' is declared in \(crossing.declaredIn)"
    )
  }
  print(
    crossings.isEmpty
      ? "split preview: \(folder) uses nothing else of '\(target.name)'; it can become a module as it is"
      : "split preview: \(crossings.count) use\(crossings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") of \(folder) name \(names) declaration\(names == 1 ? "" : "s") of the rest of '\(target.name)': each would cross back if \(folder) became a module"
  )
}

let graphBegin =
  "<!-- module-graph:begin (generated by Scripts/check-architecture.swift) -->"
let graphEnd = "<!-- module-graph:end -->"

func replacingGraph(in text: String, with graph: String) -> String? {
  guard let begin = text.range(of: graphBegin), let end = text.range(of: graphEnd),
    begin.upperBound <= end.lowerBound
  else { return nil }
  return String(text[..<begin.upperBound]) + "\n```mermaid\n" + graph + "\n```\n"
    + String(text[end.lowerBound...])
}

// MARK: - Command line

struct Options {
  var input: String?
  var format = "text"
  var baselinePath: String?
  var updateBaseline = false
  var reportOnly = false
  var baselineMayNotGrow: String?
  var explain: String?
  var mermaid = false
  var splitPreview: String?
  var listImports: [String] = []
  var updateGraph: String?
  var checkGraph: String?
  var updateModuleReadmes = false
  var checkModuleReadmes = false
  var configPath: String?
  var noConfig = false
  var only: [String]?
  var skip: [String] = []
  var defines: [String] = []
  var platform: String?
  var listFiles = false
  var listTargets = false
  var printSchema = false
}

let usage = """
  Usage: swift package describe --type json | swift Scripts/check-architecture.swift [options] [DESCRIPTION.json]

  Checks a package's architecture: the layers and rules of architecture.json at the package root
  (or --config), or without one only the rules that need no layers.

  Options:
    --config PATH          the configuration (default: architecture.json in the package, if any)
    --no-config            ignore any configuration: only the rules that need no layers
    --only RULE,…          run only these rules
    --skip RULE,…          run every configured rule but these
    -D NAME, --define NAME a custom compilation condition that is set (repeatable); others are unset
    --platform NAME        decide os(), arch() and targetEnvironment() for one platform (Linux,
                           macOS, …) on this machine's architecture; default: any platform
    --format FORMAT        text: compiler-style lines and a summary (default; with GITHUB_ACTIONS
                           set, GitHub annotations follow); json: one JSON document; sarif: one
                           SARIF 2.1.0 log; github: GitHub workflow annotations only
    --baseline PATH        the baseline file (default: architecture-baseline.txt in the package)
    --update-baseline      rewrite the baseline with the current violations and exit 0
    --report-only          print every violation, baselined ones included, and exit 0: the
                           whole list, measured before any rule is enforced
    --baseline-may-not-grow REF
                           also fail on each baseline entry that the baseline at the git commit
                           REF lacks (a pull request's merge base): the list only shrinks
    --check-graph FILE     also fail when the graph between the module-graph markers of FILE is stale
    --check-module-readmes also fail when a module README is missing or its graph is stale
    --update-graph FILE    write the graph between the module-graph markers of FILE
    --update-module-readmes  write the graph of every module README (its neighbours)
    --mermaid              print the target graph as a Mermaid flowchart
    --split-preview FOLDER print each use, in FOLDER's files, of a name the rest of its target
                           declares: what would cross back if FOLDER became a module (exit 0)
    --explain RULE         print why RULE exists and how to fix a violation
    --list-imports FILE…   print the imports the scanner finds in Swift files ("?" marks an import
                           compiled on some builds only; with several files, each line starts
                           with the file's path and a tab)
    --list-files           print the path of every Swift file the description names
    --list-targets         print each target as tab-separated name, kind, layer (or -), path, the
                           layers its layer may use and its target dependencies, for scripts that
                           need the architecture
    --print-schema         print the JSON Schema of architecture.json
    -h, --help             show this help
  Rules: \(allRules.map(\.id).joined(separator: ", "))
  Exit status: 0 clean, 1 violations, 2 bad input, unreadable code or usage.
  """

func usageError(_ message: String) -> Never {
  fail("\(message) (see --help)")
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var iterator = arguments.makeIterator()
  func value(for flag: String) -> String {
    guard let value = iterator.next() else { usageError("\(flag) needs a value") }
    return value
  }
  func ruleList(for flag: String) -> [String] {
    let ids = value(for: flag).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for id in ids where !allRules.contains(where: { $0.id == id }) {
      usageError(
        "\(flag): unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    return ids
  }
  while let argument = iterator.next() {
    switch argument {
    case "-h", "--help":
      print(usage)
      exit(0)
    case "--format":
      options.format = value(for: argument)
      guard ["text", "json", "sarif", "github"].contains(options.format) else {
        usageError("--format must be text, json, sarif or github, not '\(options.format)'")
      }
    case "--baseline": options.baselinePath = value(for: argument)
    case "--update-baseline": options.updateBaseline = true
    case "--report-only": options.reportOnly = true
    case "--baseline-may-not-grow": options.baselineMayNotGrow = value(for: argument)
    case "--explain": options.explain = value(for: argument)
    case "--mermaid": options.mermaid = true
    case "--split-preview":
      options.splitPreview = value(for: argument).trimmingCharacters(
        in: CharacterSet(charactersIn: "/"))
    case "--list-imports":
      options.listImports.append(value(for: argument))
      while let next = iterator.next() {
        guard !next.hasPrefix("-") else { usageError("--list-imports takes files only") }
        options.listImports.append(next)
      }
    case "--update-graph": options.updateGraph = value(for: argument)
    case "--check-graph": options.checkGraph = value(for: argument)
    case "--update-module-readmes": options.updateModuleReadmes = true
    case "--check-module-readmes": options.checkModuleReadmes = true
    case "--config": options.configPath = value(for: argument)
    case "--no-config": options.noConfig = true
    case "--only": options.only = ruleList(for: argument)
    case "--skip": options.skip += ruleList(for: argument)
    case "-D", "--define": options.defines.append(value(for: argument))
    case "--platform": options.platform = value(for: argument)
    case "--list-files": options.listFiles = true
    case "--list-targets": options.listTargets = true
    case "--print-schema": options.printSchema = true
    default:
      if argument.hasPrefix("-D") && argument.count > 2 {
        options.defines.append(String(argument.dropFirst(2)))
      } else if argument.hasPrefix("-") {
        usageError("unknown option '\(argument)'")
      } else {
        guard options.input == nil else { usageError("more than one description file given") }
        options.input = argument
      }
    }
  }
  if options.noConfig && options.configPath != nil {
    usageError("--config and --no-config exclude each other")
  }
  if options.reportOnly && options.updateBaseline {
    usageError("--report-only and --update-baseline exclude each other: a report writes nothing")
  }
  return options
}

/// The rules to run: the configuration's, narrowed by `--only` and `--skip`. A rule named by
/// `--only` that the configuration lacks runs with its defaults when it needs none.
func enabledRules(_ configuration: Configuration, options: Options, configName: String)
  -> [String: Configuration.Options]
{
  var enabled = configuration.rules
  if let only = options.only {
    enabled = enabled.filter { only.contains($0.key) }
    for id in only where enabled[id] == nil {
      guard let rule = allRules.first(where: { $0.id == id }), rule.runsWithoutConfiguration else {
        fail("the rule '\(id)' needs layers or options that \(configName) does not give it")
      }
      enabled[id] = Configuration.Options()
    }
  }
  // A suppression is honoured whatever the configuration, so its checks always run too.
  if options.only?.contains("suppression") ?? true {
    enabled["suppression"] = Configuration.Options()
  }
  for id in options.skip { enabled[id] = nil }
  return enabled
}

/// How this run was started, as a person would type it: whoever started it may say so through
/// `CHECK_ARCHITECTURE_PROGRAM` (the plugin: `swift package check-architecture`), and with
/// `CHECK_ARCHITECTURE_DESCRIBES_PACKAGE` that the command describes the package itself;
/// otherwise the script (`swift path.swift`) or the executable.
func invocation() -> String {
  if let program = ProcessInfo.processInfo.environment["CHECK_ARCHITECTURE_PROGRAM"] {
    return program
  }
  let program = CommandLine.arguments.first ?? "check-architecture"
  return program.hasSuffix(".swift") ? "swift \(program)" : program
}

/// The command that accepts the current findings: this run's own, with what selects the
/// findings kept and what only formats or checks documents left out.
func baselineCommand(_ options: Options) -> String {
  // A program that hands over the package graph itself (the plugin, a team's wrapper script)
  // says so: then neither the description's file nor `swift package describe` is typed.
  let fromPlugin =
    ProcessInfo.processInfo.environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] != nil
  var words = [invocation()]
  if let input = options.input, !fromPlugin { words.append(input) }
  if let config = options.configPath { words += ["--config", config] }
  if options.noConfig { words.append("--no-config") }
  if let only = options.only { words += ["--only", only.joined(separator: ",")] }
  if !options.skip.isEmpty { words += ["--skip", options.skip.joined(separator: ",")] }
  for name in options.defines { words += ["-D", name] }
  if let platform = options.platform { words += ["--platform", platform] }
  if let baseline = options.baselinePath { words += ["--baseline", baseline] }
  words.append("--update-baseline")
  let quoted =
    ([words[0]]
    + words.dropFirst().map { word in
      word.contains(where: { " '\"$".contains($0) }) ? "'\(word)'" : word
    }).joined(separator: " ")
  let fromStandardInput = options.input == nil && !fromPlugin
  return fromStandardInput ? "swift package describe --type json | \(quoted)" : quoted
}

func run() async {
  let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
  let setting = BuildSetting(defined: Set(options.defines), platform: options.platform)

  if let id = options.explain {
    guard let rule = allRules.first(where: { $0.id == id }) else {
      usageError("unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    print("[\(rule.id)] \(rule.summary)\n\n\(rule.rationale)")
    // What this package's configuration says about it, if there is one here.
    let path =
      options.noConfig
      ? nil
      : options.configPath
        ?? (FileManager.default.fileExists(atPath: "architecture.json") ? "architecture.json" : nil)
    if let path {
      let configuration = Configuration.load(path)
      var reasons: [String] = []
      if let because = configuration.rules[id]?.because { reasons.append(because) }
      if ["layer-dependency", "third-party-product", "test-support", "outside-layer"].contains(id) {
        for layer in configuration.layers {
          if let because = layer.because { reasons.append("\(layer.name): \(because)") }
          for role in layer.roles {
            if let because = role.because {
              reasons.append("\(layer.name) (\(role.name)): \(because)")
            }
          }
        }
      }
      if !reasons.isEmpty {
        print("\nIn this package (\(path)):")
        for reason in reasons { print("  \(reason)") }
      }
    }
    exit(0)
  }

  if options.printSchema {
    let json = try? JSONSerialization.data(
      withJSONObject: configurationSchema(),
      options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: json ?? Data(), as: UTF8.self))
    exit(0)
  }

  if !options.listImports.isEmpty {
    for path in options.listImports {
      switch ScannedFile.scan(path, setting: setting, { _, _, imports, _ in imports }) {
      case .failure(let failure): fail("'\(failure.path)' \(failure.reason)")
      case .success(let imports):
        let prefix = options.listImports.count > 1 ? "\(path)\t" : ""
        for found in imports {
          print(
            "\(prefix)\(found.line):\(found.column) \(found.isConditional ? "? " : "")\(found.isTestable ? "@testable " : "")\(found.module)"
          )
        }
      }
    }
    exit(0)
  }

  let data: Data
  if let input = options.input {
    guard let contents = FileManager.default.contents(atPath: input) else {
      usageError("cannot read '\(input)'")
    }
    data = contents
  } else {
    guard isatty(STDIN_FILENO) == 0 else { usageError("no package description on standard input") }
    data = FileHandle.standardInput.readDataToEndOfFile()
  }
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let package: PackageDescription
  do {
    package = try decoder.decode(PackageDescription.self, from: data)
  } catch {
    fail("the input is not a package description from `swift package describe --type json`")
  }
  let root = URL(fileURLWithPath: package.path)
  if options.listFiles {
    for target in package.targets where !Target.unlintedKinds.contains(target.type) {
      for source in (target.sources ?? []).sorted() where source.hasSuffix(".swift") {
        print(root.appendingPathComponent(target.path).appendingPathComponent(source).path)
      }
    }
    exit(0)
  }
  let defaultConfig = root.appendingPathComponent("architecture.json").path
  let configPath =
    options.noConfig
    ? nil
    : options.configPath
      ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil)
  var configuration = configPath.map(Configuration.load) ?? .withoutFile
  configuration.defines += options.defines
  let enabled = enabledRules(
    configuration, options: options,
    configName: configPath.map { "'\($0)'" } ?? "the missing architecture.json")
  let linter = Linter(
    package: package, configuration: configuration, enabled: enabled,
    setting: BuildSetting(defined: Set(configuration.defines), platform: options.platform),
    products: ProductModules.load(for: package, root: root), splitFolder: options.splitPreview)
  if let folder = options.splitPreview {
    printSplitPreview(of: folder, linter, format: options.format)
    exit(0)
  }
  if options.listTargets {
    for target in linter.targets.sorted(by: { $0.name < $1.name }) {
      let layer = target.layer?.name ?? "-"
      let mayUse = target.mayUse.joined(separator: ",")
      let dependencies = target.dependencies.sorted().joined(separator: ",")
      print(
        [target.name, target.kind, layer, target.path, mayUse, dependencies].joined(separator: "\t")
      )
    }
    exit(0)
  }
  if let configPath {
    let products =
      Set((package.dependencies ?? []).map(\.identity))
      .union(package.targets.flatMap { $0.productDependencies ?? [] })
      .union(linter.products.modulesOfProduct.keys)
    ConfigurationReader(file: configPath).check(
      configuration, against: linter.targets.filter { !$0.isTest }, products: products)
  }
  let missing = linter.missingTargetFolders()
  if let first = missing.first {
    fail(
      "\(first)\(missing.count > 1 ? " (and \(missing.count - 1) more)" : ""): nothing was checked")
  }
  for identity in linter.products.unresolved {
    FileHandle.standardError.write(
      Data(
        "note: the products of '\(identity)' are assumed to be modules of the same name: its manifest cannot be read (run `swift package resolve`)\n"
          .utf8))
  }

  let violations: [Violation]
  switch await linter.lint() {
  case .failure(let failure):
    fail("'\(failure.path)' \(failure.reason): nothing was checked")
  case .success(let found):
    violations = found.sorted {
      ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule)
    }
  }
  let baselineURL =
    options.baselinePath.map { URL(fileURLWithPath: $0) }
    ?? linter.root.appendingPathComponent("architecture-baseline.txt")

  if options.updateBaseline {
    let keys = Array(Set(violations.map(\.key))).sorted()
    // The reasons written beside entries that are still needed are kept.
    let reasons =
      (try? String(contentsOf: baselineURL, encoding: .utf8)).map(Baseline.reasons) ?? [:]
    do {
      try Baseline.write(keys, reasons: reasons, to: baselineURL)
    } catch {
      fail("cannot write '\(baselineURL.path)': \(error.localizedDescription)")
    }
    print(
      "architecture baseline: \(keys.count) entr\(keys.count == 1 ? "y" : "ies") in \(options.baselinePath ?? "architecture-baseline.txt")"
    )
    exit(0)
  }

  // Findings name the baseline as it was given, so a path such as ci/arch-baseline.txt opens.
  let baselineName = options.baselinePath ?? "architecture-baseline.txt"
  let baseline = Baseline.load(
    baselineURL, name: baselineName, required: options.baselinePath != nil)
  let keys = Set(violations.map(\.key))
  // A report lists every violation and fails on none: the baseline, if any, only counts.
  let baselined = Set(baseline.entries.keys).intersection(keys)
  var failures = violations.filter { options.reportOnly || !baselined.contains($0.key) }
  if let reference = options.baselineMayNotGrow {
    failures += baseline.growth(since: reference, name: baselineName)
  }
  for (entry, line) in baseline.entries.sorted(by: { $0.value < $1.value })
  where !options.reportOnly && !keys.contains(entry)
    && enabled[String(entry.prefix { $0 != "|" })] != nil
  {
    failures.append(
      Violation(
        rule: "stale-baseline", file: baselineName, line: line, column: 1,
        message:
          "'\(entry)' no longer matches a violation: it was resolved, delete line \(line) (or run --update-baseline)",
        key: "stale-baseline|\(entry)",
        fix: Fix(
          summary: "delete the resolved entry", file: baselineName, line: line, column: 1,
          endLine: line + 1, endColumn: 1, replacement: "")))
  }

  if options.mermaid {
    print(mermaid(linter, violations: violations, baselined: baselined))
    exit(0)
  }
  if options.updateModuleReadmes {
    let problems = moduleReadmes(linter, write: true)
    for problem in problems { print(problem.compilerStyle) }
    guard problems.isEmpty else { exit(1) }
    print("module READMEs written")
    exit(0)
  }
  if let path = options.updateGraph {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let updated = replacingGraph(
        in: text, with: mermaid(linter, violations: violations, baselined: baselined))
    else { usageError("'\(path)' has no \(graphBegin) … \(graphEnd) markers") }
    do { try updated.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      fail("cannot write '\(path)'")
    }
    print("module graph written to \(path)")
    exit(0)
  }

  // The checks of generated text run in the same invocation as the rules.
  var staleDocuments: [Violation] = []
  if let path = options.checkGraph {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let updated = replacingGraph(
        in: text, with: mermaid(linter, violations: violations, baselined: baselined))
    else { usageError("'\(path)' has no \(graphBegin) … \(graphEnd) markers") }
    if updated != text {
      staleDocuments.append(
        Violation(
          rule: "stale-graph", file: path, line: 1, column: 1,
          message: "the module graph is out of date; regenerate it with --update-graph \(path)",
          key: "stale-graph|\(path)"))
    }
  }
  if options.checkModuleReadmes {
    staleDocuments += moduleReadmes(linter, write: false)
  }

  let report = Report(
    findings: failures, staleDocuments: staleDocuments, baselined: baselined.count,
    targets: linter.targets.filter(\.isLinted).count, root: linter.root)
  switch options.format {
  case "json": print(report.json())
  case "sarif": print(report.sarif(rules: allRules))
  case "github": print(report.githubAnnotations(), terminator: "")
  default:
    for finding in failures + staleDocuments { print(finding.compilerStyle) }
    let documents =
      (options.checkGraph == nil ? 0 : 1) + (options.checkModuleReadmes ? 1 : 0)
    let documentNote =
      documents == 0 ? "" : staleDocuments.isEmpty ? ", generated graphs up to date" : ""
    let checked = report.targets
    if failures.isEmpty {
      print(
        "architecture: \(checked) target\(checked == 1 ? "" : "s") clean (\(baselined.count) baselined)\(documentNote)"
      )
    } else if options.reportOnly {
      print(
        "architecture: \(failures.count) violation\(failures.count == 1 ? "" : "s") in \(checked) target\(checked == 1 ? "" : "s") (\(baselined.count) of them baselined); report only: nothing fails"
      )
    } else {
      print(
        "architecture: \(failures.count) violation\(failures.count == 1 ? "" : "s") in \(checked) target\(checked == 1 ? "" : "s") (\(baselined.count) baselined)"
      )
      if failures.contains(where: { $0.rule == "baseline-growth" }) {
        // Regenerating the baseline is how it grew: the advice is the other way.
        print(
          "Explain a rule with --explain RULE. The baseline may only shrink: fix each new violation (or explain it beside the code) instead of accepting it."
        )
      } else {
        print(
          "Explain a rule with --explain RULE. To accept the current violations as known, run:")
        print("  \(baselineCommand(options))")
      }
    }
    // On GitHub Actions the text format also annotates the pull request; the machine formats
    // never mix annotations into their document (`--format github` prints only them).
    if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] != nil {
      print(report.githubAnnotations(), terminator: "")
    }
  }
  exit(options.reportOnly || (failures.isEmpty && staleDocuments.isEmpty) ? 0 : 1)
}

await run()
