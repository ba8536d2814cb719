// Voyage's architecture linter: the layer rules of the README that the compiler and the manifest
// cannot express, checked on a package description and its sources.
//
//   swift package describe --type json | swift Scripts/check-architecture.swift
//   swift Scripts/check-architecture.swift description.json --format json
//   swift Scripts/check-architecture.swift --explain layer-dependency
//
// Exit status: 0 clean, 1 violations, 2 bad input or usage.

import Foundation

// MARK: - The rules at a glance

/// The layer table: which layers each layer may depend on. This literal is the whole rule.
let allowedDependencies: [Layer: Set<Layer>] = [
  .kernel: [],
  .interfaces: [.kernel],
  .infrastructure: [.kernel, .interfaces, .infrastructure],
  .features: [.kernel, .interfaces],
  .app: [.kernel, .interfaces, .infrastructure, .features, .app],
  .benchmarks: [.kernel, .interfaces, .infrastructure, .features, .app],
  .testSupport: [.kernel, .interfaces],
]

/// Layers that may use third-party products.
let layersAllowedThirdParty: Set<Layer> = [.infrastructure, .app, .benchmarks]

/// Layers (and modules) that may import a UI framework.
let uiFrameworks: Set<String> = ["UIKit", "AppKit", "SwiftUI"]
let modulesAllowedUI: Set<String> = ["DesignSystem"]

/// The only module that may construct a `PaymentReceipt`.
let receiptMintingModule = "PaymentData"

/// The only module that may write raw terminal escape codes.
let escapeCodeModule = "DesignSystem"

/// Keywords that declare a type.
let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias"]

/// Suffixes of implementation types that an infrastructure module must not make public.
let implementationSuffixes = ["Repository", "Gateway", "Client", "DTO", "Store"]

enum Layer: String, CaseIterable, Comparable {
  case kernel = "Kernel"
  case interfaces = "Interfaces"
  case infrastructure = "Infrastructure"
  case features = "Features"
  case app = "App"
  case benchmarks = "Benchmarks"
  /// Doubles of an interface shared by test targets (`Tests/Support/<Target>`); no layer may use it.
  case testSupport = "TestSupport"

  static func < (lhs: Layer, rhs: Layer) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

struct Rule {
  let id: String
  let summary: String
  let rationale: String
}

let rules: [Rule] = [
  Rule(
    id: "layer-dependency", summary: "a target depends on a layer its own layer may not use",
    rationale: """
      Layers are folders (Sources/<Layer>/<Target>) and each may depend only on the layers the table
      allows: Kernel on nothing; Interfaces on Kernel; Infrastructure on Kernel, Interfaces and
      Infrastructure; Features on Kernel and Interfaces; App on everything. The direction keeps
      the domain free of frameworks and lets features be built, tested and replaced alone.
      Fix: depend on an interface instead of its implementation, move a shared type down to
      SharedKernel, or wire the two together in AppComposition.
      """),
  Rule(
    id: "outside-layer", summary: "a target lives outside every layer folder",
    rationale: """
      A target's layer is the folder it lives in. A target outside Sources/<Layer>/ has no layer,
      so no rule would apply to it: it fails instead of passing silently.
      Fix: move it to Sources/<Layer>/<Target> and declare it with that layer's helper.
      """),
  Rule(
    id: "third-party-product", summary: "a third-party product used outside Infrastructure and App",
    rationale: """
      Outside code enters through the edges: Infrastructure wraps it behind an interface, App wires
      it. A feature or the kernel that imports a vendor ties the domain to it.
      Fix: wrap the product in an Infrastructure module that implements an interface.
      """),
  Rule(
    id: "undeclared-import", summary: "a file imports a package module its target does not declare",
    rationale: """
      A module found only because it sits in the shared build folder compiles on one build and not
      on the next, and the dependency is invisible in Package.swift. SwiftPM's own check accepts a
      dependency's dependency and reports only the first file; this rule does neither.
      Fix: declare the dependency in Package.swift (if the layer table allows it) or remove the import.
      """),
  Rule(
    id: "test-support", summary: "a production target depends on test support",
    rationale: """
      Test support (Tests/Support/<Target>) holds hand-written doubles of an interface, shared by
      the test targets that need them. A production target that links one could ship a fake
      payment provider, and its tests would no longer prove what runs.
      Fix: keep the code that needs the double in a test target; depend on the interface.
      """),
  Rule(
    id: "feature-network", summary: "feature code uses URLSession",
    rationale: """
      Network calls belong to repositories in Infrastructure; a feature that talks HTTP cannot be
      tested with an in-memory fake and bypasses retries, caching and coalescing.
      Fix: call a repository protocol from an Interfaces module.
      """),
  Rule(
    id: "ui-framework", summary: "a UI framework imported outside App and DesignSystem",
    rationale: """
      UIKit, AppKit and SwiftUI exist only on Apple platforms; outside the App layer and the design
      system they would make the module unbuildable on Linux and tie logic to a screen.
      Fix: keep presentation in App or DesignSystem; pass plain values down.
      """),
  Rule(
    id: "receipt-minting", summary: "PaymentReceipt constructed outside PaymentData",
    rationale: """
      PaymentReceipt's initializer is `package`, so only Voyage's modules can mint one; this rule
      narrows that to PaymentData, so every receipt stands for a real charge. Tests are exempt.
      Fix: obtain receipts from a PaymentGateway.
      """),
  Rule(
    id: "raw-escape-code", summary: "a raw terminal escape code outside DesignSystem",
    rationale: """
      Colour and style decisions (NO_COLOR, CLICOLOR_FORCE, TERM=dumb, TTY) live in DesignSystem; a
      hand-written escape code ignores them and corrupts piped output. Tests are exempt.
      Fix: use TerminalTheme.paint(_:_:) or .style(_:_:).
      """),
  Rule(
    id: "testable-import", summary: "@testable import in production code",
    rationale: """
      @testable reaches internal declarations; in production code it defeats access control.
      Fix: make the needed API `package` or `public`, or move the code into a test target.
      """),
  Rule(
    id: "view-model-final", summary: "a ViewModel class that is not final",
    rationale: """
      View models hold state machines; subclassing one would let a subclass break its transitions.
      Fix: mark the class `final`.
      """),
  Rule(
    id: "public-implementation",
    summary: "an Infrastructure module makes an implementation type public",
    rationale: """
      Infrastructure exposes a factory, not its types: a public type named …Repository, …Gateway,
      …Client, …DTO or …Store lets callers depend on the implementation instead of the interface.
      Allowed: a protocol-free factory namespace, i.e. a public `enum` with no cases and no
      inheritance clause, which can be neither instantiated nor used as an interface.
      Fix: make the type internal (or `package` for sibling infrastructure modules) and return it
      as `any SomeInterface` from the module's …Assembly factory.
      """),
  Rule(
    id: "missing-owner", summary: "a module folder or its tests has no CODEOWNERS line",
    rationale: """
      Every module has an owner who reviews changes to it, so CODEOWNERS names each module's
      folder and its test folder explicitly; the catch-all `*` line does not count. Checked
      when the package has a CODEOWNERS file.
      Fix: add a line such as `/Sources/Features/SearchFeature/  @team` (and one for its tests).
      """),
  Rule(
    id: "stale-baseline", summary: "a baseline entry that no longer matches any violation",
    rationale: """
      The baseline lists known violations so they can be fixed later; an entry that matches nothing
      would silently allow the violation to come back.
      Fix: delete the line, or regenerate the file with --update-baseline.
      """),
]

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
  let name: String
  let path: String
  let targets: [Target]
}

struct Target {
  let name: String
  let moduleName: String
  let kind: String
  let path: String
  let layer: Layer?
  let sources: [String]
  let dependencies: [String]
  let products: [String]
  var isTest: Bool { kind == "test" }
  /// Test targets and test support: code that never ships, exempt from the source rules.
  var isTestCode: Bool { isTest || layer == .testSupport }
}

/// The layer a target's folder puts it in: `Sources/<Layer>/<Target>`, `Benchmarks/<Target>` or
/// `Tests/Support/<Target>`.
func layer(ofPath path: String) -> Layer? {
  let parts = path.split(separator: "/").map(String.init)
  if parts.count == 3, parts[0] == "Sources", let layer = Layer(rawValue: parts[1]),
    layer != .benchmarks, layer != .testSupport
  {
    return layer
  }
  if parts.count == 2, parts[0] == "Benchmarks" { return .benchmarks }
  if parts.count == 3, parts[0] == "Tests", parts[1] == "Support" { return .testSupport }
  return nil
}

// MARK: - Tokens

struct Token {
  enum Kind: Equatable {
    case identifier(String)
    case backtickedIdentifier(String)
    case punctuation(Character)
    case string(String)
    case directive(String)
    case number
  }
  let kind: Kind
  let line: Int
  let column: Int
  /// Whether a newline separates this token from the previous one.
  let startsLine: Bool

  var identifier: String? {
    if case .identifier(let name) = kind { return name }
    return nil
  }
}

/// Splits Swift source into code tokens: comments (nested block comments too) are dropped, string
/// literals (multi-line and raw) become one token, `#if false` blocks are skipped, every other
/// conditional branch is kept. A shebang, a byte-order mark and CRLF line endings are handled.
struct Lexer {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1
  private var column = 1
  private var sawNewline = true

  init(_ text: String) {
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    self.scalars = scalars
  }

  static func tokens(of text: String) -> [Token] {
    var lexer = Lexer(text)
    return lexer.skipInactiveBranches(lexer.lex())
  }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private mutating func advance() {
    if scalars[index] == "\n" {
      line += 1
      column = 1
      sawNewline = true
    } else {
      column += 1
    }
    index += 1
  }

  private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic
  }

  private static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierHead(scalar) || scalar.properties.numericType != nil
      || scalar.properties.generalCategory == .nonspacingMark
      || scalar.properties.generalCategory == .spacingMark
  }

  private mutating func lex() -> [Token] {
    var tokens: [Token] = []
    if peek() == "#", peek(1) == "!" {
      while let scalar = peek(), scalar != "\n" { advance() }
    }
    while let scalar = peek() {
      let (startLine, startColumn, startsLine) = (line, column, sawNewline)
      func emit(_ kind: Token.Kind) {
        tokens.append(
          Token(kind: kind, line: startLine, column: startColumn, startsLine: startsLine))
        sawNewline = false
      }
      if scalar == "\n" || scalar == "\r" || scalar == " " || scalar == "\t" {
        advance()
      } else if scalar == "/", peek(1) == "/" {
        while let next = peek(), next != "\n" { advance() }
      } else if scalar == "/", peek(1) == "*" {
        skipBlockComment()
      } else if scalar == "\"" || (scalar == "#" && rawStringStarts()) {
        emit(.string(lexString()))
      } else if scalar == "`" {
        advance()
        var name = ""
        while let next = peek(), next != "`", next != "\n" {
          name.unicodeScalars.append(next)
          advance()
        }
        if peek() == "`" { advance() }
        emit(.backtickedIdentifier(name))
      } else if scalar == "#", let next = peek(1), Self.isIdentifierHead(next) {
        advance()
        emit(.directive(lexIdentifier()))
      } else if Self.isIdentifierHead(scalar) {
        emit(.identifier(lexIdentifier()))
      } else if scalar.properties.numericType != nil {
        while let next = peek(),
          Self.isIdentifierBody(next) || next == "." && peek(1)?.properties.numericType != nil
        {
          advance()
        }
        emit(.number)
      } else {
        advance()
        emit(.punctuation(Character(scalar)))
      }
    }
    return tokens
  }

  private mutating func lexIdentifier() -> String {
    var name = ""
    while let next = peek(), Self.isIdentifierBody(next) {
      name.unicodeScalars.append(next)
      advance()
    }
    return name
  }

  private mutating func skipBlockComment() {
    var depth = 0
    while let scalar = peek() {
      if scalar == "/", peek(1) == "*" {
        depth += 1
        advance()
        advance()
      } else if scalar == "*", peek(1) == "/" {
        depth -= 1
        advance()
        advance()
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  private func rawStringStarts() -> Bool {
    var offset = 0
    while peek(offset) == "#" { offset += 1 }
    return peek(offset) == "\""
  }

  /// Reads a string literal (`"…"`, `"""…"""`, `#"…"#`, `##"""…"""##`) and returns its raw text.
  private mutating func lexString() -> String {
    var hashes = 0
    while peek() == "#" {
      hashes += 1
      advance()
    }
    let isMultiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
    for _ in 0..<(isMultiline ? 3 : 1) { advance() }
    var content = ""
    while let scalar = peek() {
      if scalar == "\\" && hashes == 0 {
        content.unicodeScalars.append(scalar)
        advance()
        if let escaped = peek() {
          content.unicodeScalars.append(escaped)
          advance()
        }
        continue
      }
      if scalar == "\"" && (!isMultiline || (peek(1) == "\"" && peek(2) == "\"")) {
        let quoteLength = isMultiline ? 3 : 1
        if (0..<hashes).allSatisfy({ peek(quoteLength + $0) == "#" }) {
          for _ in 0..<(quoteLength + hashes) { advance() }
          return content
        }
      }
      if scalar == "\n" && !isMultiline { return content }
      content.unicodeScalars.append(scalar)
      advance()
    }
    return content
  }

  /// Drops the tokens of `#if false` branches; every other branch is kept, because
  /// any of them may be compiled on some platform.
  private func skipInactiveBranches(_ tokens: [Token]) -> [Token] {
    var kept: [Token] = []
    var stack: [Bool] = []  // for each open #if: whether the current branch is skipped
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if case .directive(let name) = token.kind {
        switch name {
        case "if":
          let next = index + 1 < tokens.count ? tokens[index + 1] : nil
          stack.append(next?.identifier == "false" && next?.line == token.line)
          index += 1
          continue
        case "elseif", "else":
          if !stack.isEmpty { stack[stack.count - 1] = false }
          index += 1
          continue
        case "endif":
          if !stack.isEmpty { stack.removeLast() }
          index += 1
          continue
        default:
          break
        }
      }
      if !stack.contains(true) { kept.append(token) }
      index += 1
    }
    return kept
  }
}

// MARK: - Imports

struct Import: Equatable {
  let module: String
  let line: Int
  let column: Int
  let isTestable: Bool
}

let importKinds: Set<String> = [
  "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
]
let accessModifiers: Set<String> = [
  "public", "package", "internal", "private", "fileprivate", "open",
]

/// Every import declaration among `tokens`, with its attributes.
func imports(in tokens: [Token]) -> [Import] {
  var found: [Import] = []
  for (index, token) in tokens.enumerated() where token.identifier == "import" {
    if index > 0, tokens[index - 1].kind == .punctuation(".") { continue }
    var cursor = index + 1
    if cursor < tokens.count, let kind = tokens[cursor].identifier, importKinds.contains(kind) {
      cursor += 1
    }
    guard cursor < tokens.count else { continue }
    let module: String
    switch tokens[cursor].kind {
    case .identifier(let name), .backtickedIdentifier(let name): module = name
    default: continue
    }
    var isTestable = false
    var back = index - 1
    while back >= 0 {
      if let name = tokens[back].identifier, accessModifiers.contains(name) {
        back -= 1
      } else if tokens[back].kind == .punctuation(")") {
        // The argument list of an attribute such as @_spi(Internal).
        while back >= 0, tokens[back].kind != .punctuation("(") { back -= 1 }
        back -= 1
      } else if back >= 1, tokens[back - 1].kind == .punctuation("@"),
        let name = tokens[back].identifier
      {
        if name == "testable" { isTestable = true }
        back -= 2
      } else {
        break
      }
    }
    found.append(
      Import(module: module, line: token.line, column: token.column, isTestable: isTestable))
  }
  return found
}

// MARK: - Violations

struct Violation {
  let rule: String
  let file: String
  let line: Int
  let column: Int
  let message: String
  /// Stable across unrelated edits (no line numbers): what the baseline stores.
  let key: String
}

struct Linter {
  let package: PackageDescription
  let root: URL
  let targets: [Target]
  let moduleNames: Set<String>
  let manifestIndex: [String: (Int, Int)]

  init(package: PackageDescription) {
    self.package = package
    root = URL(fileURLWithPath: package.path)
    targets = package.targets.map { target in
      Target(
        name: target.name, moduleName: target.c99name ?? target.name, kind: target.type,
        path: target.path, layer: layer(ofPath: target.path), sources: target.sources ?? [],
        dependencies: target.targetDependencies ?? [], products: target.productDependencies ?? [])
    }
    moduleNames = Set(targets.filter { $0.kind != "plugin" }.map(\.moduleName))
    let manifest =
      (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
    // Where each quoted string first appears in the manifest, so locating a target is a lookup.
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
  }

  /// Points a manifest-level violation at the first `Package.swift` line naming the target.
  func manifestLocation(of target: Target) -> (String, Int, Int) {
    guard let (line, column) = manifestIndex[target.name] else { return (target.path, 1, 1) }
    return ("Package.swift", line, column)
  }

  func lint() -> [Violation] {
    var violations: [Violation] = []
    let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for target in targets.sorted(by: { $0.name < $1.name }) where target.kind != "plugin" {
      let (file, line, column) = manifestLocation(of: target)
      if !target.isTest && target.layer == nil {
        violations.append(
          Violation(
            rule: "outside-layer", file: file, line: line, column: column,
            message:
              "target '\(target.name)' lives in '\(target.path)', outside every layer folder; move it to Sources/<Layer>/\(target.name)",
            key: "outside-layer|\(target.name)"))
      }
      if let layer = target.layer, !target.isTest {
        for dependency in target.dependencies.sorted() {
          guard let other = byName[dependency], let otherLayer = other.layer else { continue }
          if otherLayer == .testSupport && layer != .testSupport {
            violations.append(
              Violation(
                rule: "test-support", file: file, line: line, column: column,
                message:
                  "production target '\(target.name)' depends on the test support '\(dependency)'; only test targets may. Move the code that needs it into a test target",
                key: "test-support|\(target.name) -> \(dependency)"))
          } else if !(allowedDependencies[layer] ?? []).contains(otherLayer) {
            violations.append(
              Violation(
                rule: "layer-dependency", file: file, line: line, column: column,
                message:
                  "\(layer.rawValue) target '\(target.name)' depends on \(otherLayer.rawValue) target '\(dependency)'; \(layer.rawValue) may depend on \(describe(allowedDependencies[layer] ?? [])). Depend on an interface, move the shared type down to SharedKernel, or wire it in AppComposition",
                key: "layer-dependency|\(target.name) -> \(dependency)"))
          }
        }
        if !target.products.isEmpty && !layersAllowedThirdParty.contains(layer) {
          for product in target.products.sorted() {
            violations.append(
              Violation(
                rule: "third-party-product", file: file, line: line, column: column,
                message:
                  "\(layer.rawValue) target '\(target.name)' uses the third-party product '\(product)'; only Infrastructure and App may. Wrap it in an Infrastructure module behind an interface",
                key: "third-party-product|\(target.name) -> \(product)"))
          }
        }
      }
      violations += lintSources(of: target)
    }
    return violations + ownershipViolations()
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
    return targets.filter { $0.kind != "plugin" && !owned.contains($0.path) }.sorted {
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

  func describe(_ layers: Set<Layer>) -> String {
    layers.isEmpty ? "nothing" : layers.sorted().map(\.rawValue).joined(separator: ", ")
  }

  func lintSources(of target: Target) -> [Violation] {
    var violations: [Violation] = []
    let declared = Set(target.dependencies)
    for source in target.sources.sorted() where source.hasSuffix(".swift") {
      let file = target.path + "/" + source
      guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      else {
        continue
      }
      let tokens = Lexer.tokens(of: text)
      var seenModules: Set<String> = []
      for found in imports(in: tokens) {
        if moduleNames.contains(found.module), found.module != target.moduleName,
          !declared.contains(found.module), seenModules.insert(found.module).inserted
        {
          violations.append(
            Violation(
              rule: "undeclared-import", file: file, line: found.line, column: found.column,
              message:
                "'\(target.name)' imports '\(found.module)' without declaring it in Package.swift; declare the dependency (if the layer table allows it) or remove the import",
              key: "undeclared-import|\(target.name) -> \(found.module)|\(file)"))
        }
        if found.isTestable && !target.isTestCode {
          violations.append(
            Violation(
              rule: "testable-import", file: file, line: found.line, column: found.column,
              message:
                "@testable import of '\(found.module)' in production target '\(target.name)'; make the API package or public instead",
              key: "testable-import|\(target.name) -> \(found.module)|\(file)"))
        }
        if uiFrameworks.contains(found.module), target.layer != .app,
          !modulesAllowedUI.contains(target.moduleName), !target.isTestCode
        {
          violations.append(
            Violation(
              rule: "ui-framework", file: file, line: found.line, column: found.column,
              message:
                "'\(target.name)' imports the UI framework '\(found.module)'; only the App layer and DesignSystem may",
              key: "ui-framework|\(target.name) -> \(found.module)|\(file)"))
        }
      }
      guard !target.isTestCode else { continue }
      violations += lintTokens(tokens, in: target, file: file)
    }
    return violations
  }

  func lintTokens(_ tokens: [Token], in target: Target, file: String) -> [Violation] {
    var violations: [Violation] = []
    var reported: Set<String> = []
    func report(_ rule: String, _ token: Token, _ message: String) {
      let key = "\(rule)|\(target.name)|\(file)"
      guard reported.insert(key).inserted else { return }
      violations.append(
        Violation(
          rule: rule, file: file, line: token.line, column: token.column, message: message, key: key
        ))
    }
    for (index, token) in tokens.enumerated() {
      let next = index + 1 < tokens.count ? tokens[index + 1] : nil
      switch token.kind {
      case .identifier("URLSession") where target.layer == .features:
        report(
          "feature-network", token,
          "feature '\(target.name)' uses URLSession; network calls belong to a repository behind an interface"
        )
      case .identifier("PaymentReceipt") where target.moduleName != receiptMintingModule:
        let constructs =
          next?.kind == .punctuation("(")
          || (next?.kind == .punctuation(".") && index + 2 < tokens.count
            && tokens[index + 2].identifier == "init")
        if constructs {
          report(
            "receipt-minting", token,
            "'\(target.name)' constructs a PaymentReceipt; only \(receiptMintingModule) mints receipts. Obtain one from a PaymentGateway"
          )
        }
      case .string(let content) where target.moduleName != escapeCodeModule:
        let lowered = content.lowercased()
        if content.unicodeScalars.contains("\u{1B}") || lowered.contains("\\u{1b}")
          || lowered.contains("\\u{001b}") || lowered.contains("\\u{00001b}")
        {
          report(
            "raw-escape-code", token,
            "'\(target.name)' writes a raw terminal escape code; use DesignSystem's TerminalTheme so NO_COLOR and pipes are respected"
          )
        }
      case .identifier("class"):
        guard let name = next?.identifier, name.hasSuffix("ViewModel") else { break }
        let modifiers = tokens[max(0, index - 4)..<index].compactMap(\.identifier)
        if !modifiers.contains("final") {
          report(
            "view-model-final", token,
            "class '\(name)' in '\(target.name)' is not final; mark it final")
        }
      default:
        break
      }
      if target.layer == .infrastructure, let keyword = token.identifier,
        typeKeywords.contains(keyword),
        let name = next?.identifier, implementationSuffixes.contains(where: name.hasSuffix)
      {
        let modifiers = tokens[max(0, index - 4)..<index].compactMap(\.identifier)
        let isPublic = modifiers.contains("public") || modifiers.contains("open")
        let isNamespace =
          keyword == "enum" && index + 2 < tokens.count
          && tokens[index + 2].kind == .punctuation("{")
          && !enumHasCases(tokens, openingBraceAt: index + 2)
        if isPublic && !isNamespace {
          let key = "public-implementation|\(target.name) -> \(name)"
          if reported.insert(key).inserted {
            violations.append(
              Violation(
                rule: "public-implementation", file: file, line: token.line, column: token.column,
                message:
                  "Infrastructure module '\(target.name)' makes '\(name)' public; keep implementations internal and expose them as `any Interface` from the module's factory",
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
      if token.kind == .punctuation("{") { depth += 1 }
      if token.kind == .punctuation("}") {
        depth -= 1
        if depth == 0 { return false }
      }
      if depth == 1 && token.identifier == "case" { return true }
    }
    return false
  }
}

// MARK: - Baseline

struct Baseline {
  let path: URL
  /// Entry → its line number in the file.
  let entries: [String: Int]

  static func load(_ path: URL) -> Baseline {
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      return Baseline(path: path, entries: [:])
    }
    var entries: [String: Int] = [:]
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let entry = line.trimmingCharacters(in: .whitespaces)
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      entries[entry] = entries[entry] ?? index + 1
    }
    return Baseline(path: path, entries: entries)
  }

  static func write(_ keys: [String], to path: URL) throws {
    let header = """
      # Known architecture violations, one stable key per line (rule|target -> dependency|file),
      # sorted and unique. A line that matches no violation fails the check: delete it.
      # Regenerate with:
      #   swift package describe --type json | swift Scripts/check-architecture.swift --update-baseline

      """
    try (header + keys.joined(separator: "\n") + (keys.isEmpty ? "" : "\n"))
      .write(to: path, atomically: true, encoding: .utf8)
  }
}

// MARK: - Mermaid

func mermaid(_ linter: Linter, violations: [Violation], baselined: Set<String>) -> String {
  var lines = ["flowchart TD"]
  let modules = linter.targets.filter { !$0.isTestCode && $0.kind != "plugin" }
  for layer in Layer.allCases {
    let members = modules.filter { $0.layer == layer }.sorted { $0.name < $1.name }
    guard !members.isEmpty else { continue }
    lines.append("  subgraph \(layer.rawValue)")
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
  let modules = linter.targets.filter { !$0.isTestCode && $0.kind != "plugin" }
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
func moduleReadmes(_ linter: Linter, write: Bool) -> [String] {
  var problems: [String] = []
  for target in linter.targets.sorted(by: { $0.name < $1.name })
  where !target.isTestCode && target.kind != "plugin" && target.layer != nil {
    let path = linter.root.appendingPathComponent(target.path).appendingPathComponent("README.md")
    let location = "\(target.path)/README.md:1:1: error: [module-readme]"
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      problems.append("\(location) '\(target.name)' has no README.md")
      continue
    }
    guard let updated = replacingGraph(in: text, with: mermaidSlice(of: target, in: linter)) else {
      problems.append("\(location) the README of '\(target.name)' has no module-graph markers")
      continue
    }
    guard updated != text else { continue }
    if write {
      do {
        try updated.write(to: path, atomically: true, encoding: .utf8)
      } catch {
        problems.append("\(location) cannot write the README of '\(target.name)'")
      }
    } else {
      problems.append("\(location) the module graph of '\(target.name)' is out of date")
    }
  }
  return problems
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
  var explain: String?
  var mermaid = false
  var listImports: String?
  var updateGraph: String?
  var checkGraph: String?
  var updateModuleReadmes = false
  var checkModuleReadmes = false
}

let usage = """
  Usage: swift package describe --type json | swift Scripts/check-architecture.swift [options] [DESCRIPTION.json]

  Options:
    --format text|json     diagnostics as compiler-style lines (default) or a JSON document
    --baseline PATH        the baseline file (default: architecture-baseline.txt in the package)
    --update-baseline      rewrite the baseline with the current violations and exit 0
    --mermaid              print the target graph as a Mermaid flowchart
    --update-graph FILE    write the graph between the module-graph markers of FILE
    --check-graph FILE     fail when the graph between the markers of FILE is stale
    --update-module-readmes  write the graph of every module README (its neighbours)
    --check-module-readmes   fail when a module README is missing or its graph is stale
    --explain RULE         print why RULE exists and how to fix a violation
    --list-imports FILE    print the imports the scanner finds in a Swift file
    -h, --help             show this help
  Rules: \(rules.map(\.id).joined(separator: ", "))
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message) (see --help)\n".utf8))
  exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var iterator = arguments.makeIterator()
  func value(for flag: String) -> String {
    guard let value = iterator.next() else { fail("\(flag) needs a value") }
    return value
  }
  while let argument = iterator.next() {
    switch argument {
    case "-h", "--help":
      print(usage)
      exit(0)
    case "--format":
      options.format = value(for: argument)
      guard ["text", "json"].contains(options.format) else {
        fail("--format must be text or json, not '\(options.format)'")
      }
    case "--baseline": options.baselinePath = value(for: argument)
    case "--update-baseline": options.updateBaseline = true
    case "--explain": options.explain = value(for: argument)
    case "--mermaid": options.mermaid = true
    case "--list-imports": options.listImports = value(for: argument)
    case "--update-graph": options.updateGraph = value(for: argument)
    case "--check-graph": options.checkGraph = value(for: argument)
    case "--update-module-readmes": options.updateModuleReadmes = true
    case "--check-module-readmes": options.checkModuleReadmes = true
    default:
      if argument.hasPrefix("-") { fail("unknown option '\(argument)'") }
      guard options.input == nil else { fail("more than one description file given") }
      options.input = argument
    }
  }
  return options
}

func run() {
  let options = parseOptions(Array(CommandLine.arguments.dropFirst()))

  if let id = options.explain {
    guard let rule = rules.first(where: { $0.id == id }) else {
      fail("unknown rule '\(id)'; rules are \(rules.map(\.id).joined(separator: ", "))")
    }
    print("[\(rule.id)] \(rule.summary)\n\n\(rule.rationale)")
    exit(0)
  }

  if let path = options.listImports {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      fail("cannot read '\(path)'")
    }
    for found in imports(in: Lexer.tokens(of: text)) {
      print("\(found.line):\(found.column) \(found.isTestable ? "@testable " : "")\(found.module)")
    }
    exit(0)
  }

  let data: Data
  if let input = options.input {
    guard let contents = FileManager.default.contents(atPath: input) else {
      fail("cannot read '\(input)'")
    }
    data = contents
  } else {
    guard isatty(STDIN_FILENO) == 0 else { fail("no package description on standard input") }
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

  let linter = Linter(package: package)
  let violations = linter.lint().sorted {
    ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule)
  }
  let baselineURL =
    options.baselinePath.map { URL(fileURLWithPath: $0) }
    ?? linter.root.appendingPathComponent("architecture-baseline.txt")

  if options.updateBaseline {
    let keys = Array(Set(violations.map(\.key))).sorted()
    do {
      try Baseline.write(keys, to: baselineURL)
    } catch {
      fail("cannot write '\(baselineURL.path)': \(error.localizedDescription)")
    }
    print(
      "architecture baseline: \(keys.count) entr\(keys.count == 1 ? "y" : "ies") in \(baselineURL.lastPathComponent)"
    )
    exit(0)
  }

  let baseline = Baseline.load(baselineURL)
  let baselined = Set(baseline.entries.keys).intersection(violations.map(\.key))
  var failures = violations.filter { !baselined.contains($0.key) }
  let baselineName = baselineURL.lastPathComponent
  for (entry, line) in baseline.entries.sorted(by: { $0.value < $1.value })
  where !violations.contains(where: { $0.key == entry }) {
    failures.append(
      Violation(
        rule: "stale-baseline", file: baselineName, line: line, column: 1,
        message:
          "'\(entry)' no longer matches a violation: it was resolved, delete line \(line) (or run --update-baseline)",
        key: "stale-baseline|\(entry)"))
  }

  if options.mermaid {
    print(mermaid(linter, violations: violations, baselined: baselined))
    exit(0)
  }
  if options.updateModuleReadmes || options.checkModuleReadmes {
    let problems = moduleReadmes(linter, write: options.updateModuleReadmes)
    for problem in problems { print(problem) }
    guard problems.isEmpty else {
      print(
        "Regenerate the graphs with: swift package describe --type json | swift Scripts/check-architecture.swift --update-module-readmes"
      )
      exit(1)
    }
    print(options.updateModuleReadmes ? "module READMEs written" : "module READMEs are up to date")
    exit(0)
  }
  for (path, isCheck) in [(options.updateGraph, false), (options.checkGraph, true)] {
    guard let path else { continue }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let updated = replacingGraph(
        in: text, with: mermaid(linter, violations: violations, baselined: baselined))
    else { fail("'\(path)' has no \(graphBegin) … \(graphEnd) markers") }
    if isCheck {
      guard updated == text else {
        FileHandle.standardError.write(
          Data(
            "\(path):1:1: error: [stale-graph] the module graph is out of date; regenerate it with: swift package describe --type json | swift Scripts/check-architecture.swift --update-graph \(path)\n"
              .utf8))
        exit(1)
      }
      print("module graph in \(path) is up to date")
    } else {
      do { try updated.write(toFile: path, atomically: true, encoding: .utf8) } catch {
        fail("cannot write '\(path)'")
      }
      print("module graph written to \(path)")
    }
    exit(0)
  }

  if options.format == "json" {
    let entries = failures.map { violation in
      [
        "rule": violation.rule, "file": violation.file, "line": String(violation.line),
        "column": String(violation.column), "message": violation.message, "key": violation.key,
      ]
    }
    let document: [String: Any] = [
      "violations": entries.map { entry -> [String: Any] in
        var object: [String: Any] = entry
        object["line"] = Int(entry["line"] ?? "")
        object["column"] = Int(entry["column"] ?? "")
        return object
      },
      "baselined": baselined.count,
    ]
    if let json = try? JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    {
      print(String(decoding: json, as: UTF8.self))
    }
  } else {
    for violation in failures {
      print(
        "\(violation.file):\(violation.line):\(violation.column): error: [\(violation.rule)] \(violation.message)"
      )
    }
    let checked = linter.targets.filter { $0.kind != "plugin" }.count
    if failures.isEmpty {
      print("architecture: \(checked) targets clean (\(baselined.count) baselined)")
    } else {
      print(
        "architecture: \(failures.count) violation\(failures.count == 1 ? "" : "s") in \(checked) targets (\(baselined.count) baselined)"
      )
      print("Explain a rule with --explain RULE. To accept the current violations as known, run:")
      print(
        "  swift package describe --type json | swift Scripts/check-architecture.swift --update-baseline"
      )
    }
  }
  if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] != nil {
    for violation in failures {
      print(
        "::error file=\(violation.file),line=\(violation.line),col=\(violation.column)::[\(violation.rule)] \(violation.message)"
      )
    }
  }
  exit(failures.isEmpty ? 0 : 1)
}

run()
