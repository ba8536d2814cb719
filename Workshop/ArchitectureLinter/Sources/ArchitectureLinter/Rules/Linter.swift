import Foundation

/// A class, not a struct: every batch of files shares one linter instead of copying its tables.
final class Linter: Sendable {
  let package: PackageDescription
  let configuration: Configuration
  /// The rules to run, with their options: the configuration's, narrowed by `--only`/`--skip`.
  let enabled: [String: Configuration.Options]
  let setting: BuildSetting
  let root: URL
  /// `root` as a path, for joining with a file's path: `URL.appendingPathComponent` asks the
  /// file system whether each result is a folder, which cost an eighth of a large run.
  let rootPath: String
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
  /// The one target `--target` lints (its manifest entries and its files), or `nil` for all.
  let focus: String?
  /// The targets whose files' symbols are indexed: those with files in a folder layer (when
  /// folder-dependency runs) and the one holding the previewed folder.
  let indexedTargets: Set<String>
  /// The rules that look at every import, decided once instead of per import.
  let checksUndeclaredImports: Bool
  let checksTestableImports: Bool
  /// The options of the rules that read every file's imports and tokens, looked up once: a
  /// lookup by rule name for each file and import cost a twentieth of a large run in hashing.
  let fileRules: FileRules
  /// CODEOWNERS where the hosting service reads it: the repository's root.
  let codeOwners: CodeOwners
  /// Whether any layer claims folders: without one, no file takes a layer from its folder, and
  /// asking each file which folders enclose it cost a twelfth of a large run.
  let hasFolderLayers: Bool
  /// The programs the package builds, which its tests may run (`undeclared-executable`).
  let executables: [PackageExecutable]
  let checksSpawnedExecutables: Bool

  init(
    package: PackageDescription, configuration: Configuration,
    enabled: [String: Configuration.Options], setting: BuildSetting, products: ProductModules,
    splitFolder: String? = nil, focus: String? = nil, repositoryRoot: URL? = nil
  ) {
    self.package = package
    self.splitFolder = splitFolder
    self.focus = focus
    self.configuration = configuration
    self.enabled = enabled
    self.setting = setting
    self.products = products
    root = URL(fileURLWithPath: package.path)
    rootPath = root.path
    targets = package.targets.map { target in
      let layer =
        target.type == "test" || Target.unlintedKinds.contains(target.type)
        ? nil
        : configuration.layers.first { $0.matches(name: target.name, path: target.path) }
      return Target(
        name: target.name, moduleName: target.c99name ?? c99name(target.name), kind: target.type,
        path: target.path, layer: layer,
        role: layer?.role(ofTarget: target.name, path: target.path), sources: target.sources ?? [],
        dependencies: target.targetDependencies ?? [],
        products: (target.productDependencies ?? []).filter { !products.plugins.contains($0) })
    }
    byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    byModule = Dictionary(
      targets.map { ($0.moduleName, $0) }, uniquingKeysWith: { first, _ in first })
    let folderLayers = configuration.layers.filter { !$0.folders.isEmpty }
    hasFolderLayers = !folderLayers.isEmpty
    let indexesFolders = enabled["folder-dependency"] != nil && hasFolderLayers
    indexedTargets = Set(
      targets.filter { target in
        guard indexesFolders || splitFolder != nil else { return false }
        let files = target.sources.map { target.path + "/" + $0 }
        let layered =
          indexesFolders
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
    manifestIndex = Self.firstQuotations(in: manifestData)
    checksUndeclaredImports = enabled["undeclared-import"] != nil
    checksTestableImports = enabled["testable-import"] != nil
    fileRules = FileRules(enabled)
    codeOwners = CodeOwners(
      packageRoot: root,
      repositoryRoot: repositoryRoot ?? CodeOwners.repositoryRoot(holding: root))
    checksSpawnedExecutables = enabled["undeclared-executable"] != nil
    executables = PackageExecutable.all(in: package)
  }

  func isEnabled(_ rule: String) -> Bool { enabled[rule] != nil }

  /// Where each quoted string first appears in the manifest: its line and the column of its
  /// opening quote, counted in characters. That is where a target that no call declares by its
  /// name (a typed helper's `kernel(.sharedKernel)`) is named. Read as bytes, a line as
  /// characters only when it holds more than ASCII: splitting a thousand-target manifest into
  /// characters cost more than lexing it.
  static func firstQuotations(in manifest: Data) -> [String: (Int, Int)] {
    var found: [String: (Int, Int)] = [:]
    let bytes = [UInt8](manifest)
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let cr = UInt8(ascii: "\r")
    var line = 1
    var lineStart = 0
    var opening: Int? = nil
    var index = 0
    var ascii = true
    func note(_ start: Int, _ end: Int) {
      let text = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
      guard found[text] == nil else { return }
      let column =
        ascii
        ? start - lineStart + 1
        : String(decoding: bytes[lineStart..<start], as: UTF8.self).count + 1
      found[text] = (line, column)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == newline || byte == cr {
        // A quotation left open at the end of a line ends there, as a split of the line did.
        if let start = opening { note(start, index) }
        opening = nil
        line += 1
        index += byte == cr && index + 1 < bytes.count && bytes[index + 1] == newline ? 2 : 1
        lineStart = index
        ascii = true
        continue
      }
      if byte >= 0x80 { ascii = false }
      if byte == quote {
        if let start = opening {
          note(start, index)
          opening = nil
        } else {
          opening = index
        }
      }
      index += 1
    }
    if let start = opening { note(start, bytes.count) }
    return found
  }

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

  /// Whether the run looks at `target`'s entries and files: every linted target, or the one
  /// `--target` names.
  func isChecked(_ target: Target) -> Bool {
    target.isLinted && (focus == nil || target.name == focus)
  }

  /// Every target's folder exists: a description that names a missing folder is bad input.
  func missingTargetFolders() -> [String] {
    targets.filter(\.isLinted).compactMap { target in
      var isDirectory: ObjCBool = false
      let path = rootPath + "/" + target.path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && isDirectory.boolValue ? nil : "target '\(target.name)': '\(target.path)' does not exist"
    }
  }

  /// Every finding of the enabled rules, and the suppressions that accepted one, or the first
  /// file that cannot be read.
  func lint() async -> Result<
    (violations: [Violation], accepted: [AcceptedSuppression]), ScanFailure
  > {
    var violations: [Violation] = []
    for target in targets.sorted(by: { $0.name < $1.name }) where isChecked(target) {
      violations += manifestViolations(of: target)
    }
    let files = targets.filter(isChecked).flatMap { target in
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
        scanned.accepted += found.accepted
        scanned.folderSuppressions.merge(found.folderSuppressions) { first, _ in first }
        scanned.imports.merge(found.imports) { $0.union($1) }
        scanned.exports.merge(found.exports) { $0.union($1) }
        scanned.symbols.merge(found.symbols) { first, _ in first }
      case .failure(let failure): return .failure(failure)
      case nil: break
      }
    }
    let folderFindings = isEnabled("folder-dependency") ? folderViolations(scanned.symbols) : []
    let suppressedFiles = scanned.folderSuppressions
    violations += folderFindings.filter { suppressedFiles[$0.file] == nil }
    for (file, (target, suppressions)) in suppressedFiles.sorted(by: { $0.key < $1.key }) {
      let applied = applying(
        suppressions, to: folderFindings.filter { $0.file == file }, in: target, file: file)
      violations += applied.violations
      scanned.accepted += applied.accepted
    }
    if isEnabled("unused-dependency") { violations += unusedDependencies(scanned) }
    if isEnabled("missing-owner") { violations += ownershipViolations() }
    let manifest = manifestSuppressionsApplied(to: violations)
    return .success((manifest.violations.map(explained), scanned.accepted + manifest.accepted))
  }

  /// The findings about `Package.swift` with the manifest's own suppressions applied: a
  /// `// architecture:allow RULE — reason` comment there accepts a finding on its line or the
  /// next, as in a source file.
  func manifestSuppressionsApplied(
    to violations: [Violation]
  ) -> (violations: [Violation], accepted: [AcceptedSuppression]) {
    let manifest = root.appendingPathComponent("Package.swift").path
    guard
      case .success(let suppressions) = ScannedFile.scan(manifest, setting: setting, { $3 }),
      !suppressions.isEmpty
    else { return (violations, []) }
    let inManifest = violations.filter { $0.file == "Package.swift" }
    let applied = applying(suppressions, to: inManifest, in: "Package", file: "Package.swift")
    return (violations.filter { $0.file != "Package.swift" } + applied.violations, applied.accepted)
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
      violation.rule == "folder-dependency"
      ? folderLayer(of: violation.file)?.because
      : layerRules.contains(violation.rule)
        ? (target?.role?.because ?? target?.layer?.because) : nil
    explained.because = fromLayer ?? enabled[violation.rule]?.because
    return explained
  }

  /// The violations in a batch of files and the modules each target's files import, or the
  /// first file that cannot be read.
  func sourceViolations(of files: ArraySlice<(Target, String)>) -> Result<ScannedBatch, ScanFailure>
  {
    var batch = ScannedBatch()
    let buffer = SourceFileBuffer()
    // A batch holds the files of a target one after another: what comes from the target is
    // decided once for them, and what they import is gathered, then added to the batch's.
    var rulesOfTarget: RulesOfTarget?
    var imported: Set<String> = []
    var exported: Set<String> = []
    func gathered() {
      guard let rulesOfTarget else { return }
      batch.imports[rulesOfTarget.target, default: []].formUnion(imported)
      batch.exports[rulesOfTarget.target, default: []].formUnion(exported)
      imported = []
      exported = []
    }
    for (target, source) in files {
      let file = target.path + "/" + source
      if rulesOfTarget?.target != target.name {
        gathered()
        rulesOfTarget = RulesOfTarget(target, of: self)
      }
      guard let targetRules = rulesOfTarget else { continue }
      let outcome = ScannedFile.scan(rootPath + "/" + file, setting: setting, into: buffer) {
        source, tokens, imports, suppressions in
        // The folder rule runs once every file is read: its suppressions wait for its findings.
        let folderRule = suppressions.filter { $0.rule == "folder-dependency" }
        return (
          applying(
            suppressions.filter { $0.rule != "folder-dependency" },
            to: sourceViolations(
              of: target, file: file, source: source, tokens: tokens, imports: imports,
              rulesOfTarget: targetRules),
            in: target.name, file: file),
          imports,
          targetRules.isIndexed
            ? FileSymbols(target: target.name, tokens: tokens, source: source) : nil,
          folderRule
        )
      }
      switch outcome {
      case .success(let (found, imports, symbols, folderRule)):
        batch.violations += found.violations
        batch.accepted += found.accepted
        if !folderRule.isEmpty { batch.folderSuppressions[file] = (target.name, folderRule) }
        if let symbols { batch.symbols[file] = symbols }
        for found in imports {
          imported.insert(found.module)
          if found.isExported { exported.insert(found.module) }
        }
      case .failure(let failure): return .failure(failure)
      }
    }
    gathered()
    return .success(batch)
  }
}

/// The enabled rules that read each file, with their options (`nil`: the rule does not run).
struct FileRules: Sendable {
  let layerDependency: Bool
  let uiFramework: Configuration.Options?
  let featureNetwork: Configuration.Options?
  let directOutput: Configuration.Options?
  let receiptMinting: Configuration.Options?
  let rawEscapeCode: Configuration.Options?
  let viewModelFinal: Configuration.Options?
  let publicImplementation: Configuration.Options?

  init(_ enabled: [String: Configuration.Options]) {
    layerDependency = enabled["layer-dependency"] != nil
    uiFramework = enabled["ui-framework"]
    featureNetwork = enabled["feature-network"]
    directOutput = enabled["direct-output"]
    receiptMinting = enabled["receipt-minting"]
    rawEscapeCode = enabled["raw-escape-code"]
    viewModelFinal = enabled["view-model-final"]
    publicImplementation = enabled["public-implementation"]
  }
}
