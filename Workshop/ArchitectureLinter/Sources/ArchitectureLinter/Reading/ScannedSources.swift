import Foundation

// MARK: - Imports

/// One `import` declaration of a Swift file: the module and where the declaration is.
public struct Import: Equatable, Sendable {
  /// The module imported (`Foundation`, `SharedKernel`).
  public let module: String
  /// The line of the `import` keyword, from 1.
  public let line: Int
  /// Its column, from 1.
  public let column: Int
  /// `@testable import`.
  public let isTestable: Bool
  /// Inside an `#if` branch that compiles on some builds only.
  public let isConditional: Bool
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
  static func scan<Scanned>(
    _ path: String, setting: BuildSetting, into buffer: SourceFileBuffer = SourceFileBuffer(),
    _ body: (SourceText, [Token], [Import], [Suppression]) -> Scanned
  ) -> Result<Scanned, ScanFailure> {
    guard let bytes = buffer.contents(of: path) else {
      return .failure(ScanFailure(path: path, reason: "cannot be read"))
    }
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

  /// The offset of the first byte that breaks UTF-8, or `nil` for valid text.
  static func invalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        // Source is mostly ASCII: eight bytes at a time while none has its high bit set.
        while index + 8 <= bytes.count,
          base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          index += 8
        }
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
  /// The suppressions that accepted a finding, in file order.
  var accepted: [AcceptedSuppression] = []
  /// The `folder-dependency` suppressions of each file (by path) and its target's name: the
  /// folder rule's findings exist only once every file is read.
  var folderSuppressions: [String: (target: String, suppressions: [Suppression])] = [:]
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

/// `// architecture:allow RULE — reason`: a finding of RULE on this line or the next is
/// accepted, for the reason given.
struct Suppression: Sendable {
  let line: Int
  let column: Int
  let rule: String
  let reason: String
  /// Written as `/* architecture:allow … */`, which suppresses nothing: only a line comment does.
  var inBlockComment = false
}

struct ScanFailure: Error, Sendable {
  let path: String
  let reason: String
}
