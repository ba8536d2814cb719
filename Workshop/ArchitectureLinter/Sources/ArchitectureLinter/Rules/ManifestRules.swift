import Foundation

/// The rules read from the package description and `Package.swift`: layers between targets, unused
/// dependencies, the suppressions that accept a finding.
extension Linter {
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
    where isChecked(target) && !target.isTest && !target.sources.isEmpty
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
  /// each suppression that has no reason, names no rule, or suppresses nothing; the suppressions
  /// that accepted a finding are returned beside what is left, for the ratchet to compare.
  func applying(
    _ suppressions: [Suppression], to violations: [Violation], in owner: String, file: String
  ) -> (violations: [Violation], accepted: [AcceptedSuppression]) {
    guard !suppressions.isEmpty else { return (violations, []) }
    var kept = violations
    var findings: [Violation] = []
    var accepted: [AcceptedSuppression] = []
    for suppression in suppressions {
      func report(_ message: String) {
        findings.append(
          Violation(
            rule: "suppression", file: file, line: suppression.line, column: suppression.column,
            message: message,
            key: "suppression|\(owner)|\(file)|\(suppression.rule)"))
      }
      guard !suppression.inBlockComment else {
        report(
          "a block comment suppresses nothing; write it as a line comment: `// architecture:allow \(suppression.rule.isEmpty ? "RULE" : suppression.rule) — reason`"
        )
        continue
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
      } else {
        accepted.append(
          AcceptedSuppression(
            file: file, line: suppression.line, column: suppression.column,
            rule: suppression.rule, reason: suppression.reason))
      }
      kept.removeAll {
        $0.rule == suppression.rule
          && ($0.line == suppression.line || $0.line == suppression.line + 1)
      }
    }
    return (kept + (isEnabled("suppression") ? findings : []), accepted)
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
}
