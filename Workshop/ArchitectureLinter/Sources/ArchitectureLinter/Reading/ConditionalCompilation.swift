import Foundation

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
    // Every token before the first directive stays where it is.
    guard let first = tokens.firstIndex(where: { $0.kind == .directive }) else { return }
    var stack: [Frame] = []
    var kept = first
    var index = first
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
