import Foundation

/// What a manifest declares at its top level, read from its tokens: the enums whose cases name
/// modules (`enum Feature: String { case checkout = "CheckoutFeature" }`), what wraps another
/// enum's value (an enum's `case feature(Feature)`, or a type's `static func feature(_ module:
/// Feature) -> Self`), the helper functions with the type of each parameter (`func feature(_
/// module: Feature, uses: [FeatureDependency])`), and where each top-level `let` is initialized
/// or each top-level computed `var` returns its value. The types are what let an edit find every
/// place a module's case is written without knowing the manifest's layout: a case of `Feature` is
/// passed where a `Feature` or a `[Feature]` is expected.
struct ManifestDeclarations {
  /// `case checkout = "CheckoutFeature"` in `enum Feature: String`, on one line.
  struct NamedCase {
    let enumName: String
    let caseName: String
    let rawValue: String
    /// The `case` keyword's token.
    let token: Int
  }

  /// A parameter's type as far as an edit needs it: one enum's value, or an array of them.
  enum ParameterType: Equatable {
    case single(String)
    case array(String)
    case other
  }

  struct Parameter {
    /// The argument label, `nil` for `_`.
    let label: String?
    let type: ParameterType
  }

  /// A `String`-backed enum's body: the group of its braces and its cases.
  struct NamedEnum {
    let body: Int
    var cases: [NamedCase] = []
  }

  var enums: [String: NamedEnum] = [:]
  /// What wraps one value of an enum, by that enum: `Feature` → `feature`, `linuxOnly`, … (`case
  /// feature(Feature)` in `enum Module`, or `static func feature(_ module: Feature) -> Self` in
  /// `struct Module`), so `.feature(.checkout)` names the case it wraps.
  var wrappers: [String: Set<String>] = [:]
  var functions: [String: [Parameter]] = [:]
  /// Every enum case's name, with the enums that declare a case of that name.
  var caseOwners: [String: Set<String>] = [:]
  /// Each top-level `let`'s initializer (the tokens after its `=`), or each top-level computed
  /// `var`'s body (the tokens inside its braces).
  var initializers: [String: ClosedRange<Int>] = [:]
  /// The brace groups of top-level computed `var`s' bodies.
  var computedBodies: Set<Int> = []

  init(_ reading: ManifestReading, owners: [Int?]) {
    let tokens = reading.tokens
    for index in tokens.indices where owners[index] == nil && index + 1 < tokens.count {
      let name = tokens[index + 1]
      guard name.isIdentifier else { continue }
      if tokens[index].is(.enum) {
        readEnum(named: reading.source.text(name), at: index, reading, owners)
      } else if tokens[index].is(.struct) {
        readStaticWrappers(at: index, reading, owners)
      } else if tokens[index].is(.func) {
        readFunction(named: reading.source.text(name), at: index, reading, owners)
      } else if tokens[index].is(.let) || tokens[index].is(.var) {
        readInitializer(of: reading.source.text(name), at: index, reading, owners)
      }
    }
  }

  /// The enum and case whose raw value is `name`, if an enum names it.
  func namedCase(rawValue name: String) -> NamedCase? {
    enums.values.lazy.flatMap(\.cases).first { $0.rawValue == name }
  }

  /// The first group that opens after `index` at the top level, with `punctuation`.
  private static func firstGroup(
    after index: Int, opening punctuation: Unicode.Scalar, _ reading: ManifestReading,
    _ owners: [Int?]
  ) -> Int? {
    var cursor = index + 1
    while cursor < reading.tokens.count, owners[cursor] == nil {
      if reading.tokens[cursor].isPunctuation(punctuation) {
        return reading.groups.firstIndex { $0.open == cursor }
      }
      if reading.tokens[cursor].isPunctuation("{") || reading.tokens[cursor].isPunctuation("(") {
        return nil
      }
      cursor += 1
    }
    return nil
  }

  private mutating func readEnum(
    named name: String, at index: Int, _ reading: ManifestReading, _ owners: [Int?]
  ) {
    guard let body = Self.firstGroup(after: index, opening: "{", reading, owners) else { return }
    let tokens = reading.tokens
    let header = (index + 2)..<reading.groups[body].open
    let isNamed = header.contains { position in
      tokens[position].isPunctuation(":") && position + 1 < header.upperBound
        && reading.source.token(tokens[position + 1], is: Array("String".utf8))
    }
    var named = NamedEnum(body: body)
    for position in (reading.groups[body].open + 1)..<reading.groups[body].close
    where owners[position] == body && tokens[position].is(.case) && position + 2 < tokens.count {
      let caseName = tokens[position + 1]
      guard caseName.isIdentifier else { continue }
      caseOwners[reading.source.text(caseName), default: []].insert(name)
      let next = position + 2
      if isNamed, tokens[next].isPunctuation("="), next + 1 < tokens.count,
        let rawValue = reading.literal(next + 1)
      {
        named.cases.append(
          NamedCase(
            enumName: name, caseName: reading.source.text(caseName), rawValue: rawValue,
            token: position))
      } else if tokens[next].isPunctuation("("),
        let group = reading.groups.firstIndex(where: { $0.open == next }),
        reading.groups[group].parts.count == 1, reading.groups[group].parts[0].count == 1,
        tokens[reading.groups[group].parts[0].lowerBound].isIdentifier
      {
        let wrapped = reading.source.text(tokens[reading.groups[group].parts[0].lowerBound])
        wrappers[wrapped, default: []].insert(reading.source.text(caseName))
      }
    }
    if isNamed { enums[name] = named }
  }

  /// A struct's `static func name(_ value: Enum) -> Self`: one parameter of an enum's type wrapped
  /// as the struct's value, as an enum's `case name(Enum)` is.
  private mutating func readStaticWrappers(
    at index: Int, _ reading: ManifestReading, _ owners: [Int?]
  ) {
    guard let body = Self.firstGroup(after: index, opening: "{", reading, owners) else { return }
    let tokens = reading.tokens
    for position in (reading.groups[body].open + 1)..<reading.groups[body].close
    where owners[position] == body && position + 3 < tokens.count
      && reading.source.token(tokens[position], is: Array("static".utf8))
      && tokens[position + 1].is(.func) && tokens[position + 2].isIdentifier
      && tokens[position + 3].isPunctuation("(")
    {
      guard let list = reading.groups.firstIndex(where: { $0.open == position + 3 }) else {
        continue
      }
      let parameters = Self.parameters(of: list, reading, owners)
      guard parameters.count == 1, case .single(let wrapped) = parameters[0].type else { continue }
      wrappers[wrapped, default: []].insert(reading.source.text(tokens[position + 2]))
    }
  }

  private mutating func readFunction(
    named name: String, at index: Int, _ reading: ManifestReading, _ owners: [Int?]
  ) {
    guard let list = Self.firstGroup(after: index, opening: "(", reading, owners) else { return }
    functions[name] = Self.parameters(of: list, reading, owners)
  }

  /// Each parameter of the parameter list `list`, with its label and its type.
  private static func parameters(
    of list: Int, _ reading: ManifestReading, _ owners: [Int?]
  ) -> [Parameter] {
    let tokens = reading.tokens
    return reading.groups[list].parts.map { part in
      guard let colon = part.first(where: { tokens[$0].isPunctuation(":") && owners[$0] == list })
      else { return Parameter(label: nil, type: .other) }
      let names = part.lowerBound..<colon
      let label =
        names.first.map { reading.source.text(tokens[$0]) }.flatMap { $0 == "_" ? nil : $0 }
      var type = ParameterType.other
      let first = colon + 1
      if first < part.upperBound, tokens[first].isIdentifier {
        type = .single(reading.source.text(tokens[first]))
      } else if first + 2 < part.upperBound, tokens[first].isPunctuation("["),
        tokens[first + 1].isIdentifier, tokens[first + 2].isPunctuation("]")
      {
        type = .array(reading.source.text(tokens[first + 1]))
      }
      return Parameter(label: label, type: type)
    }
  }

  private mutating func readInitializer(
    of name: String, at index: Int, _ reading: ManifestReading, _ owners: [Int?]
  ) {
    let tokens = reading.tokens
    var cursor = index + 2
    while cursor < tokens.count, !(owners[cursor] == nil && tokens[cursor].isPunctuation("=")) {
      if owners[cursor] == nil && Self.startsDeclaration(tokens[cursor]) { return }
      // `var name: [Target] { … }`: a computed value, whose body is what it is initialized with.
      if owners[cursor] == nil && tokens[cursor].isPunctuation("{") {
        guard let body = reading.groups.firstIndex(where: { $0.open == cursor }),
          reading.groups[body].close > reading.groups[body].open + 1
        else { return }
        initializers[name] = (reading.groups[body].open + 1)...(reading.groups[body].close - 1)
        computedBodies.insert(body)
        return
      }
      cursor += 1
    }
    let start = cursor + 1
    guard start < tokens.count else { return }
    var end = start
    while end + 1 < tokens.count
      && !(owners[end + 1] == nil && tokens[end + 1].startsLine
        && Self.startsDeclaration(tokens[end + 1]))
    {
      end += 1
    }
    initializers[name] = start...end
  }

  /// A token that begins a top-level declaration when it starts a line.
  static func startsDeclaration(_ token: Token) -> Bool {
    let keywords: Set<Keyword> = [
      .let, .var, .func, .enum, .struct, .class, .protocol, .typealias, .import, .actor,
      .public, .private, .fileprivate, .internal, .package, .final,
    ]
    return (token.kind == .identifier && keywords.contains(token.keyword))
      || token.isPunctuation("@") || token.kind == .directive
  }
}
