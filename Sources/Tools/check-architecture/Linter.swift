import Foundation

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
