import Foundation

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

  /// The keywords by their length and first byte (`length * 256 + first`), as bytes: most
  /// identifiers find an empty list and are `.other` after one lookup.
  static let byLengthAndFirst: [[([UInt8], Keyword)]] = {
    var table = [[([UInt8], Keyword)]](repeating: [], count: 12 * 256)
    for keyword in allCases where keyword != .other {
      let bytes = Array(String(describing: keyword).utf8)
      table[bytes.count * 256 + Int(bytes[0])].append((bytes, keyword))
    }
    return table
  }()

  static func of(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int,
    in table: [[([UInt8], Keyword)]] = byLengthAndFirst
  ) -> Keyword {
    guard length > 0, length < 12 else { return .other }
    for (candidate, keyword) in table[length * 256 + Int(bytes[start])]
    where (1..<length).allSatisfy({ bytes[start + $0] == candidate[$0] }) {
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
  /// The keyword table, looked up once a file rather than once a name (a static's every read
  /// checks that it is initialized).
  private let keywords = Keyword.byLengthAndFirst

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

  /// Records a comment that starts with the suppression marker (`start` is after `//`, or after
  /// `/*` for a block comment, which is recorded only to be reported: it suppresses nothing).
  private mutating func noteSuppression(
    from start: Int, to end: Int, line: Int, column: Int, inBlock: Bool = false
  ) {
    var cursor = start
    while cursor < end,
      bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || (inBlock && bytes[cursor] == Self.star)
    {
      cursor += 1
    }
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
    suppressions.append(
      Suppression(line: line, column: column, rule: rule, reason: reason, inBlockComment: inBlock))
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
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")

  /// Where the line that `start` is on ends: its first LF or CR, or the end of the file. Found
  /// with `memchr`, which reads many bytes at a step: comments are much of a file.
  private func lineEnd(from start: Int) -> Int {
    guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
    let origin = UnsafeRawPointer(base)
    let end =
      memchr(origin + start, Int32(Self.newline), bytes.count - start)
      .map { origin.distance(to: $0) } ?? bytes.count
    guard let carriageReturn = memchr(origin + start, Int32(Self.carriageReturn), end - start)
    else { return end }
    return origin.distance(to: carriageReturn)
  }

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

  /// A letter, `_`, `$` or any byte of a character beyond ASCII.
  private static func isIdentifierHead(_ byte: UInt8) -> Bool {
    // The ASCII bytes 64…127 that may start a name, one bit each: A–Z, `_`, a–z.
    byte >= 0x80
      || (byte >= 64
        ? (0x07FF_FFFE_87FF_FFFE as UInt64) &>> UInt64(byte - 64) & 1 == 1 : byte == 0x24)
  }

  /// What may start a name, or a digit.
  private static func isIdentifierBody(_ byte: UInt8) -> Bool {
    // The bytes 0…63 that may continue a name, one bit each: `$` and 0–9.
    byte >= 0x80
      || (byte >= 64
        ? (0x07FF_FFFE_87FF_FFFE as UInt64) &>> UInt64(byte - 64) & 1 == 1
        : (0x03FF_0010_0000_0000 as UInt64) &>> UInt64(byte) & 1 == 1)
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
        token.keyword = Keyword.of(
          bytes, start: name.lowerBound, length: name.count, in: keywords)
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
      if byte == Self.space || byte == Self.tab {
        // A run of indentation at once: the commonest bytes of a file.
        index += 1
        while index < bytes.count && (bytes[index] == Self.space || bytes[index] == Self.tab) {
          index += 1
        }
      } else if Self.isSpace(byte) {
        advance()
      } else if byte == Self.slash && peek(1) == Self.slash {
        let commentStart = index
        index = lineEnd(from: index + 2)
        noteSuppression(from: commentStart + 2, to: index, line: startLine, column: column)
      } else if byte == Self.slash && peek(1) == Self.star {
        let commentStart = index
        skipBlockComment()
        noteSuppression(
          from: commentStart + 2, to: max(commentStart + 2, index - 2), line: startLine,
          column: column, inBlock: true)
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
