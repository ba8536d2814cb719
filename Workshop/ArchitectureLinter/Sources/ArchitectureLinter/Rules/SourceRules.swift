import Foundation

/// The rules read from each source file: its imports, then its tokens.
extension Linter {
  func sourceViolations(
    of target: Target, file: String, source: SourceText, tokens: [Token], imports: [Import],
    rulesOfTarget: RulesOfTarget
  ) -> [Violation] {
    var violations: [Violation] = []
    let declared = rulesOfTarget.declaredModules
    var seenModules: Set<String> = []
    var crossingModules: Set<String> = []
    for found in imports {
      // Each file that imports across a forbidden edge is a finding of its own, beside the
      // manifest's, so a baseline lists the files that use an edge and a new one is new.
      if fileRules.layerDependency, declared.contains(found.module),
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
      // A module of a package that is in the build only because a dependency depends on it:
      // it compiles today and breaks the day that dependency drops it.
      if checksUndeclaredImports, !packageModules.contains(found.module),
        let indirect = products.indirectModules[found.module],
        seenModules.insert(found.module).inserted
      {
        let declaration =
          indirect.location.hasPrefix("/")
          ? ".package(path: \"\(relativePath(to: indirect.location, from: root.path))\")"
          : ".package(url: \"\(indirect.location)\", …)"
        let product =
          indirect.products.first.map {
            ".product(name: \"\($0)\", package: \"\(indirect.identity)\")"
          }
          ?? "the product that provides it"
        violations.append(
          Violation(
            rule: "undeclared-import", file: file, line: found.line, column: found.column,
            message:
              "'\(target.name)' imports '\(found.module)', a module of the package '\(indirect.identity)', which Package.swift does not depend on (it is in the build only because '\(indirect.through)' depends on it); add \(declaration) to the package and \(product) to '\(target.name)', or remove the import",
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
      if let options = fileRules.uiFramework, options.modules.contains(found.module),
        !target.isTestCode,
        !layerNames(of: file, in: target).contains(where: options.allowedLayers.contains),
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
    if checksSpawnedExecutables && target.isTest {
      violations += executableViolations(tokens, of: source, in: target, file: file)
    }
    guard !target.isTestCode else { return violations }
    return violations
      + tokenViolations(
        tokens, of: source, in: target, file: file,
        rules: rulesOfTarget.tokenRules
          ?? TokenRules(fileRules, target: target, layers: layerNames(of: file, in: target)))
  }

  func tokenViolations(
    _ tokens: [Token], of source: SourceText, in target: Target, file: String, rules: TokenRules
  ) -> [Violation] {
    var scan = TokenScan(
      linter: self, rules: rules, tokens: tokens, source: source,
      target: target, file: file)
    for index in tokens.indices {
      let token = tokens[index]
      if token.kind == .string {
        scan.checkString(at: index)
      } else if token.isIdentifier && token.keyword == .other {
        scan.checkName(at: index)
      } else if token.isIdentifier {
        scan.checkDeclaration(at: index)
      }
    }
    return scan.violations
  }

  /// The layers a file belongs to: its folder's layer, if a folder layer claims it, and its
  /// target's. A rule's `layers` or `allowedLayers` that names either one applies to the file.
  func layerNames(of file: String, in target: Target) -> [String] {
    [folderLayer(of: file)?.name, target.layer?.name].compactMap { $0 }
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
}

/// `path` as a package beside or inside `root` would write it (`../swift-atomics`, `Deep`).
func relativePath(to path: String, from root: String) -> String {
  let target = path.split(separator: "/")
  let base = root.split(separator: "/")
  let shared = zip(target, base).prefix { $0 == $1 }.count
  let parts =
    Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared).map(String.init)
  return parts.isEmpty ? "." : parts.joined(separator: "/")
}

/// What the rules read from each file of one target take from the target alone, decided once for
/// its files rather than once a file: building them for each of twenty thousand files cost a
/// twentieth of a large run.
struct RulesOfTarget {
  let target: String
  /// Whether the names each file declares and uses are indexed (`FileSymbols`).
  let isIndexed: Bool
  /// The modules the target may import.
  let declaredModules: Set<String>
  /// The token rules' options, when every file of the target has the same layers (no layer
  /// claims folders); otherwise `nil`, and each file's are decided from its folder.
  let tokenRules: TokenRules?

  init(_ target: Target, of linter: Linter) {
    self.target = target.name
    isIndexed = linter.indexedTargets.contains(target.name)
    declaredModules = linter.declaredModules(of: target)
    tokenRules =
      linter.hasFolderLayers
      ? nil
      : TokenRules(linter.fileRules, target: target, layers: [target.layer?.name].compactMap { $0 })
  }
}

/// The options of the token rules as they apply to one file of a target, decided once per file.
struct TokenRules {
  /// The layer named in findings: the first of the file's layers that a rule names.
  let layerName: String
  let networkNames: [[UInt8]]
  let outputNames: [[UInt8]]
  let receiptType: String?
  let receiptBytes: [UInt8]?
  let escapesAllowed: Bool?
  let viewModelSuffix: String?
  let implementationSuffixes: [String]
  let rawEscapeAllowedTargets: [String]
  let receiptAllowedTargets: [String]

  /// `layers` are the file's: its folder's layer first, then its target's.
  init(_ rules: FileRules, target: Target, layers: [String]) {
    let named = Set(
      [
        rules.featureNetwork?.layers, rules.directOutput?.layers,
        rules.publicImplementation?.layers,
      ]
      .compactMap { $0 }.joined())
    layerName = layers.first(where: named.contains) ?? layers.first ?? ""
    let applies = { (ruleLayers: [String]) in layers.contains(where: ruleLayers.contains) }
    networkNames =
      rules.featureNetwork.map {
        applies($0.layers) ? $0.names.map { Array($0.utf8) } : []
      } ?? []
    outputNames =
      rules.directOutput.map {
        applies($0.layers) && !$0.allowedTargets.contains(target.name)
          ? $0.names.map { Array($0.utf8) } : []
      } ?? []
    receiptType = rules.receiptMinting.flatMap { options in
      options.allowedTargets.contains(target.name) ? nil : options.type
    }
    receiptBytes = receiptType.map { Array($0.utf8) }
    escapesAllowed = rules.rawEscapeCode.map { $0.allowedTargets.contains(target.name) }
    viewModelSuffix = rules.viewModelFinal.map { $0.suffix ?? "ViewModel" }
    implementationSuffixes =
      rules.publicImplementation.map { applies($0.layers) ? $0.suffixes : [] } ?? []
    rawEscapeAllowedTargets = rules.rawEscapeCode?.allowedTargets ?? []
    receiptAllowedTargets = rules.receiptMinting?.allowedTargets ?? []
  }
}

/// One file's tokens read once for the token rules: what a string holds, what a name names, and
/// what a declaration declares; one finding per rule and file.
struct TokenScan {
  let linter: Linter
  let rules: TokenRules
  let tokens: [Token]
  let source: SourceText
  let target: Target
  let file: String
  private(set) var violations: [Violation] = []
  private var reported: Set<String> = []

  init(
    linter: Linter, rules: TokenRules, tokens: [Token], source: SourceText, target: Target,
    file: String
  ) {
    self.linter = linter
    self.rules = rules
    self.tokens = tokens
    self.source = source
    self.target = target
    self.file = file
  }

  static let typeKeywords: [Keyword] = [.struct, .class, .enum, .actor, .protocol, .typealias]

  mutating func report(_ rule: String, _ token: Token, _ message: String, fix: Fix? = nil) {
    let key = "\(rule)|\(target.name)|\(file)"
    guard reported.insert(key).inserted else { return }
    violations.append(
      Violation(
        rule: rule, file: file, line: Int(token.line), column: Int(token.column),
        message: message, key: key, fix: fix))
  }

  func modifiers(before index: Int) -> [Keyword] {
    tokens[max(0, index - 4)..<index].filter(\.isIdentifier).map(\.keyword)
  }

  /// `raw-escape-code`: a string literal that holds an escape character.
  mutating func checkString(at index: Int) {
    let token = tokens[index]
    guard token.holdsEscape, rules.escapesAllowed == false else { return }
    report(
      "raw-escape-code", token,
      "'\(target.name)' writes a raw terminal escape code; only \(linter.describe(rules.rawEscapeAllowedTargets)) may: use its theme, so NO_COLOR and pipes are respected"
    )
  }

  /// `feature-network`, `direct-output` and `receipt-minting`: a name the target may not use.
  mutating func checkName(at index: Int) {
    let token = tokens[index]
    let next = index + 1 < tokens.count ? tokens[index + 1] : nil
    if let name = rules.networkNames.first(where: { source.token(token, is: $0) }) {
      report(
        "feature-network", token,
        "\(rules.layerName) target '\(target.name)' uses \(String(decoding: name, as: UTF8.self)); network calls belong to a repository behind an interface"
      )
    }
    if let name = rules.outputNames.first(where: { source.token(token, is: $0) }),
      next?.isPunctuation("(") == true || next?.isPunctuation(".") == true,
      index == 0 || !(tokens[index - 1].isPunctuation(".") || tokens[index - 1].is(.func))
    {
      report(
        "direct-output", token,
        "\(rules.layerName) target '\(target.name)' writes to the terminal with \(String(decoding: name, as: UTF8.self)); log through the Logger it receives, or return the text for the front to print"
      )
    }
    if let receiptType = rules.receiptType, let receiptBytes = rules.receiptBytes,
      source.token(token, is: receiptBytes)
    {
      let constructs =
        next?.isPunctuation("(") == true
        || (next?.isPunctuation(".") == true && index + 2 < tokens.count
          && tokens[index + 2].is(.`init`))
      if constructs {
        report(
          "receipt-minting", token,
          "'\(target.name)' constructs a \(receiptType); only \(linter.describe(rules.receiptAllowedTargets)) may. Obtain one from the module that does"
        )
      }
    }
  }

  /// `view-model-final` and `public-implementation`: what a declaration declares.
  mutating func checkDeclaration(at index: Int) {
    let token = tokens[index]
    guard index + 1 < tokens.count else { return }
    let next = tokens[index + 1]
    guard next.isIdentifier, next.keyword == .other else { return }
    if token.keyword == .class, let viewModelSuffix = rules.viewModelSuffix {
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
    guard !rules.implementationSuffixes.isEmpty, Self.typeKeywords.contains(token.keyword) else {
      return
    }
    let typeName = source.text(next)
    guard rules.implementationSuffixes.contains(where: typeName.hasSuffix) else { return }
    let found = modifiers(before: index)
    let isPublic = found.contains(.public) || found.contains(.open)
    let isNamespace =
      token.keyword == .enum && index + 2 < tokens.count && tokens[index + 2].isPunctuation("{")
      && !linter.enumHasCases(tokens, openingBraceAt: index + 2)
    guard isPublic && !isNamespace else { return }
    let key = "public-implementation|\(target.name) -> \(typeName)"
    guard reported.insert(key).inserted else { return }
    violations.append(
      Violation(
        rule: "public-implementation", file: file, line: Int(token.line),
        column: Int(token.column),
        message:
          "\(rules.layerName) module '\(target.name)' makes '\(typeName)' public; keep implementations internal and expose them as `any Interface` from the module's factory",
        key: key))
  }
}
