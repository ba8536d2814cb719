import Foundation

/// Reads a configuration strictly: an unknown key, a value of the wrong type, a name that
/// stands for nothing or a cycle in `mayUse` ends the run (exit 2) with the place named.
struct ConfigurationReader {
  let file: String

  func refuse(_ place: String, _ problem: String) throws -> Never {
    throw BadInput("'\(file)': \(place.isEmpty ? "" : "\(place): ")\(problem)")
  }

  func place(_ parent: String, _ key: String) -> String {
    parent.isEmpty ? key : "\(parent).\(key)"
  }

  /// The members of an object, having refused any key that `fields` does not list.
  func members(_ value: JSONValue, at here: String, fields: [Field]) throws -> [String: JSONValue] {
    guard case .object(let members) = value else {
      try refuse(here, "expected an object, found \(value.kindName)")
    }
    for key in members.keys.sorted() where !fields.contains(where: { $0.name == key }) {
      try refuse(place(here, key), "unknown key\(suggestion(for: key, among: fields.map(\.name)))")
    }
    for field in fields where field.required && members[field.name] == nil {
      try refuse(here, "'\(field.name)' is required")
    }
    return members
  }

  func string(_ value: JSONValue?, at here: String) throws -> String? {
    switch value {
    case nil: return nil
    case .string(let text)?: return text
    case let other?: try refuse(here, "expected a string, found \(other.kindName)")
    }
  }

  func boolean(_ value: JSONValue?, at here: String) throws -> Bool {
    switch value {
    case nil: return false
    case .bool(let flag)?: return flag
    case let other?: try refuse(here, "expected true or false, found \(other.kindName)")
    }
  }

  func strings(_ value: JSONValue?, at here: String) throws -> [String] {
    switch value {
    case nil: return []
    case .array(let items)?:
      return try items.enumerated().map { index, item in
        guard case .string(let text) = item else {
          try refuse("\(here)[\(index)]", "expected a string, found \(item.kindName)")
        }
        return text
      }
    case let other?: try refuse(here, "expected an array of strings, found \(other.kindName)")
    }
  }

  func objects(_ value: JSONValue?, at here: String) throws -> [(String, JSONValue)] {
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
    case let other?: try refuse(here, "expected an array of objects, found \(other.kindName)")
    }
  }

  func configuration(_ value: JSONValue) throws -> Configuration {
    let top = try members(value, at: "", fields: Field.configuration)
    _ = try string(top["$schema"], at: "$schema")
    _ = try string(top["about"], at: "about")
    var configuration = Configuration()
    configuration.defines = try strings(top["defines"], at: "defines")
    configuration.layers = try objects(top["layers"], at: "layers").map(layer)
    configuration.reads = try objects(top["reads"], at: "reads").map(reads)
    guard let rules = top["rules"] else { return configuration }
    guard case .object(let table) = rules else {
      try refuse("rules", "expected an object, found \(rules.kindName)")
    }
    for (id, options) in table.sorted(by: { $0.key < $1.key }) {
      let here = "rules.\(id)"
      guard let rule = allRules.first(where: { $0.id == id }), rule.id != "stale-baseline" else {
        try refuse(here, "unknown rule\(suggestion(for: id, among: allRules.map(\.id)))")
      }
      configuration.rules[id] = try self.options(options, of: rule, at: here)
    }
    return configuration
  }

  func layer(_ here: String, _ value: JSONValue) throws -> Configuration.Layer {
    let fields = try members(value, at: here, fields: Field.layer)
    var layer = Configuration.Layer(name: try string(fields["name"], at: place(here, "name")) ?? "")
    layer.paths = try strings(fields["paths"], at: place(here, "paths"))
    layer.names = try strings(fields["names"], at: place(here, "names"))
    layer.folders = try strings(fields["folders"], at: place(here, "folders"))
    layer.mayUse = try strings(fields["mayUse"], at: place(here, "mayUse"))
    switch fields["mayUseProducts"] {
    case nil: layer.allowedProducts = []
    case .bool(let flag)?: layer.allowedProducts = flag ? nil : []
    case let other?:
      let allowed = try strings(other, at: place(here, "mayUseProducts"))
      if allowed.isEmpty {
        try refuse(place(here, "mayUseProducts"), "an empty list allows nothing; write false")
      }
      layer.allowedProducts = Set(allowed)
    }
    layer.testSupport = try boolean(fields["testSupport"], at: place(here, "testSupport"))
    layer.optional = try boolean(fields["optional"], at: place(here, "optional"))
    layer.because = try string(fields["because"], at: place(here, "because"))
    layer.roles = try objects(fields["roles"], at: place(here, "roles")).map {
      roleHere, roleValue in
      let roleFields = try members(roleValue, at: roleHere, fields: Field.role)
      var role = Configuration.Role(
        name: try string(roleFields["name"], at: place(roleHere, "name")) ?? "")
      role.paths = try strings(roleFields["paths"], at: place(roleHere, "paths"))
      role.names = try strings(roleFields["names"], at: place(roleHere, "names"))
      role.mayUse = try strings(roleFields["mayUse"], at: place(roleHere, "mayUse"))
      role.because = try string(roleFields["because"], at: place(roleHere, "because"))
      if role.paths.isEmpty && role.names.isEmpty {
        try refuse(roleHere, "the role '\(role.name)' has neither paths nor names to match targets")
      }
      return role
    }
    if layer.paths.isEmpty && layer.names.isEmpty && layer.folders.isEmpty {
      try refuse(
        here, "the layer '\(layer.name)' has neither paths, names nor folders to match targets")
    }
    if !layer.roles.isEmpty && fields["mayUse"] != nil {
      try refuse(
        place(here, "mayUse"),
        "a layer with roles takes mayUse from each role; move it into the roles")
    }
    return layer
  }

  func reads(_ here: String, _ value: JSONValue) throws -> Configuration.Reads {
    let fields = try members(value, at: here, fields: Field.reads)
    var reads = Configuration.Reads()
    reads.targets = try strings(fields["targets"], at: place(here, "targets"))
    reads.files = try strings(fields["files"], at: place(here, "files"))
    reads.because = try string(fields["because"], at: place(here, "because"))
    for (key, names) in [("targets", reads.targets), ("files", reads.files)] where names.isEmpty {
      try refuse(place(here, key), "must name at least one; an empty list maps nothing")
    }
    for (index, pattern) in reads.files.enumerated()
    where pattern.isEmpty || pattern.hasPrefix("/") || pattern.split(separator: "/").contains("..")
    {
      try refuse(
        "\(place(here, "files"))[\(index)]",
        "'\(pattern)' is not a path inside the package; write it from the package's root (docs, Scripts/*.sh)"
      )
    }
    return reads
  }

  /// The targets `reads` names, against every target of the package, test targets included
  /// (they are what reads most files outside their folders).
  func check(reads: [Configuration.Reads], targetNames names: [String]) throws {
    for (index, entry) in reads.enumerated() {
      for name in entry.targets where !names.contains(name) {
        try refuse(
          "reads[\(index)].targets",
          "'\(name)' is not a target of the package\(suggestion(for: name, among: names))")
      }
    }
  }

  func options(_ value: JSONValue, of rule: Rule, at here: String) throws -> Configuration.Options {
    let fields = try members(value, at: here, fields: rule.options + [Field.because])
    var options = Configuration.Options()
    for field in rule.options where field.required {
      guard case .strings = field.kind else { continue }
      if try strings(fields[field.name], at: place(here, field.name)).isEmpty {
        try refuse(
          place(here, field.name), "must name at least one; without it the rule checks nothing")
      }
    }
    options.layers = try strings(fields["layers"], at: place(here, "layers"))
    options.names = try strings(fields["names"], at: place(here, "names"))
    options.modules = try strings(fields["modules"], at: place(here, "modules"))
    options.allowedLayers = try strings(fields["allowedLayers"], at: place(here, "allowedLayers"))
    options.allowedTargets = try strings(
      fields["allowedTargets"], at: place(here, "allowedTargets"))
    options.suffixes = try strings(fields["suffixes"], at: place(here, "suffixes"))
    options.suffix = try string(fields["suffix"], at: place(here, "suffix"))
    options.type = try string(fields["type"], at: place(here, "type"))
    options.because = try string(fields["because"], at: place(here, "because"))
    return options
  }

  /// What no single key can say wrong: names used twice, names that stand for nothing, cycles.
  func check(_ configuration: Configuration) throws {
    let units = configuration.unitNames
    for (index, layer) in configuration.layers.enumerated() {
      let here = "layers[\(index)] (\(layer.name))"
      for name in [layer.name] + layer.roles.map(\.name)
      where units.filter({ $0 == name }).count > 1 {
        try refuse(here, "the name '\(name)' is declared twice among layers and roles")
      }
      let uses =
        [(here, layer.mayUse)]
        + layer.roles.enumerated().map { roleIndex, role in
          ("\(here).roles[\(roleIndex)] (\(role.name))", role.mayUse)
        }
      for (place, mayUse) in uses {
        for used in mayUse where !units.contains(used) {
          try refuse(
            "\(place).mayUse",
            "'\(used)' is not a layer or a role\(suggestion(for: used, among: units))")
        }
      }
    }
    if let cycle = mayUseCycle(configuration) {
      try refuse(
        "layers",
        "mayUse has a cycle, \(cycle.joined(separator: " → ")): layers must form a hierarchy (a layer may use itself)"
      )
    }
    try checkEveryPartIsRead(configuration)
    let layerNames = configuration.layers.map(\.name)
    for (id, options) in configuration.rules.sorted(by: { $0.key < $1.key }) {
      for (key, names) in [("layers", options.layers), ("allowedLayers", options.allowedLayers)] {
        for name in names where !layerNames.contains(name) {
          try refuse(
            "rules.\(id).\(key)",
            "'\(name)' is not a declared layer\(suggestion(for: name, among: layerNames))")
        }
      }
    }
  }

  /// Every rule that reads layers has some to read, and every layer is read by a rule: a rule
  /// with nothing to check, or layers no rule checks, would report a clean package.
  func checkEveryPartIsRead(_ configuration: Configuration) throws {
    let placesTargets = configuration.layers.contains { !$0.paths.isEmpty || !$0.names.isEmpty }
    let placesFiles = configuration.layers.contains { !$0.folders.isEmpty }
    for id in Configuration.targetLayerRules where configuration.rules[id] != nil && !placesTargets
    {
      try refuse(
        "rules.\(id)",
        configuration.layers.isEmpty
          ? "there are no layers for it to check; declare them in \"layers\", or remove the rule"
          : "no layer has paths or names, so no target has a layer for it to check (a layer's folders place files inside a target, which folder-dependency checks); give a layer paths or names, or remove the rule"
      )
    }
    if configuration.rules["test-support"] != nil && placesTargets
      && !configuration.layers.contains(where: \.testSupport)
    {
      try refuse(
        "rules.test-support",
        "no layer is marked \"testSupport\": true, so there is no test support for it to keep out of production; mark the layer of the shared doubles, or remove the rule"
      )
    }
    if configuration.rules["folder-dependency"] != nil && !placesFiles {
      try refuse(
        "rules.folder-dependency",
        "no layer has folders, so no file has a folder layer for it to check; give a layer \"folders\", or remove the rule"
      )
    }
    for (index, layer) in configuration.layers.enumerated()
    where !layer.folders.isEmpty && configuration.rules["folder-dependency"] == nil {
      try refuse(
        "layers[\(index)] (\(layer.name)).folders",
        "no rule reads the folders: enable \"folder-dependency\" in \"rules\", or remove them")
    }
    let namedInOptions = configuration.rules.values.contains {
      !$0.layers.isEmpty || !$0.allowedLayers.isEmpty
    }
    let layersRead =
      Configuration.targetLayerRules.contains { configuration.rules[$0] != nil }
      || configuration.rules["folder-dependency"] != nil || namedInOptions
    if !configuration.layers.isEmpty && !layersRead {
      try refuse(
        "layers",
        "no rule reads the layers, so nothing would check them: enable \(Configuration.targetLayerRules.joined(separator: ", ")) or folder-dependency in \"rules\""
      )
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
  ) throws {
    let names = targets.map(\.name)
    // Every folder that holds a source, read only when a layer has folders (20,000 files' folders
    // cost a quarter of a large package's run).
    let folders: Set<String> =
      configuration.layers.contains(where: { !$0.folders.isEmpty })
      ? Set(
        targets.flatMap { target in
          target.sources.map { target.path + "/" + $0 }.flatMap(enclosingFolders)
        }) : []
    // A folder takes one layer: two layers that claim the same folder would leave its files'
    // layer to the order of the list.
    for folder in folders.sorted() {
      let claiming = configuration.layers.enumerated().filter { _, layer in
        layer.folders.contains { glob($0, matches: folder) }
      }
      if claiming.count > 1 {
        let (index, layer) = claiming[1]
        try refuse(
          "layers[\(index)] (\(layer.name)).folders",
          "'\(folder)' is claimed by \(claiming[0].element.name) too; a folder takes one layer, so narrow one of the patterns"
        )
      }
    }
    for (index, layer) in configuration.layers.enumerated() {
      let here = "layers[\(index)] (\(layer.name))"
      let members = targets.filter { $0.layer?.name == layer.name }
      if !layer.folders.isEmpty {
        for pattern in layer.folders where !folders.contains(where: { glob(pattern, matches: $0) })
        {
          try refuse(
            "\(here).folders",
            "'\(pattern)' matches no folder of a target that holds sources; fix the pattern")
        }
      }
      if members.isEmpty && !layer.optional && (!layer.paths.isEmpty || !layer.names.isEmpty) {
        try refuse(
          here,
          "the layer matches no target of the package (\((layer.paths + layer.names).joined(separator: ", "))); fix its patterns, or mark it \"optional\": true"
        )
      }
      for (roleIndex, role) in layer.roles.enumerated()
      where !members.contains(where: { $0.role?.name == role.name }) && !members.isEmpty {
        try refuse(
          "\(here).roles[\(roleIndex)] (\(role.name))",
          "the role matches no target of the layer (\((role.paths + role.names).joined(separator: ", ")))"
        )
      }
      if let allowed = layer.allowedProducts {
        for product in allowed.sorted() where !products.contains(product) {
          try refuse(
            "\(here).mayUseProducts",
            "'\(product)' is neither a product nor a package the package depends on\(suggestion(for: product, among: Array(products)))"
          )
        }
      }
    }
    for (id, options) in configuration.rules.sorted(by: { $0.key < $1.key }) {
      for name in options.allowedTargets where !names.contains(name) {
        try refuse(
          "rules.\(id).allowedTargets",
          "'\(name)' is not a target of the package\(suggestion(for: name, among: names))")
      }
    }
  }
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

/// The folders that enclose a file, innermost last (`Sources/App/UI` for `Sources/App/UI/A.swift`).
func enclosingFolders(of file: String) -> [String] {
  let parts = file.split(separator: "/").dropLast()
  return parts.indices.map { parts[...$0].joined(separator: "/") }
}
