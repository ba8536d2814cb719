import Foundation

/// A JSON value as written, so that the configuration reader can say what is wrong and where
/// (`Decodable` alone would take `"mayuse"` for a missing key and move on).
enum JSONValue: Sendable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([String: JSONValue])
  case null

  var kindName: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .array: "an array"
    case .object: "an object"
    case .null: "null"
    }
  }
}

/// Reads JSON as RFC 8259 writes it and nothing more: a key given twice in one object, a
/// trailing comma, a comment or anything after the value is refused with its line and column.
/// Foundation's readers accept some of these and keep one of two duplicate keys silently (which
/// one differs between readers), so a configuration could mean one thing to the linter and
/// another to an editor's schema check.
struct StrictJSON {
  private let bytes: [UInt8]
  private var offset = 0

  /// The value of the document `data`, or why it is not one (`line L, column C: …`).
  static func parse(_ data: Data) throws(BadInput) -> JSONValue {
    var reader = StrictJSON(bytes: Array(data))
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.offset == reader.bytes.count else {
      throw reader.failure("unexpected text after the document's value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Where `at` (default: the current byte) is, as `line L, column C` (columns count characters).
  private func place(_ at: Int? = nil) -> String {
    let end = min(at ?? offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    return "line \(line), column \(column)"
  }

  private func failure(_ problem: String, at: Int? = nil) -> BadInput {
    BadInput("\(place(at)): \(problem)")
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
  }

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func value(depth: Int) throws(BadInput) -> JSONValue {
    guard depth < 512 else { throw failure("nested too deeply") }
    guard let byte = current else { throw failure("the document ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    case UInt8(ascii: "/"): throw failure("JSON has no comments")
    default: throw failure("expected a value, found '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(BadInput)
    -> JSONValue
  {
    let expected = Array(word.utf8)
    guard offset + expected.count <= bytes.count,
      Array(bytes[offset..<offset + expected.count]) == expected
    else { throw failure("expected a value") }
    offset += expected.count
    return value
  }

  private mutating func number() throws(BadInput) -> JSONValue {
    let start = offset
    let numberBytes = Set("+-0123456789.eE".utf8)
    while let byte = current, numberBytes.contains(byte) { offset += 1 }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard Self.isJSONNumber(Array(text.utf8)), let number = Double(text) else {
      throw failure("'\(text)' is not a JSON number", at: start)
    }
    return .number(number)
  }

  /// JSON's grammar for a number: no leading zero, no '+' in front, digits on both sides of '.'.
  private static func isJSONNumber(_ text: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
        index += 1
      }
      return index - start
    }
    if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
    let start = index
    let whole = digits()
    guard whole > 0, whole == 1 || text[start] != UInt8(ascii: "0") else { return false }
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
      index += 1
      if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    return index == text.count
  }

  private mutating func string() throws(BadInput) -> String {
    let start = offset
    offset += 1
    var scalars = String.UnicodeScalarView()
    var pending: [UInt8] = []
    func flush() throws(BadInput) {
      guard !pending.isEmpty else { return }
      let text = String(decoding: pending, as: UTF8.self)
      // Decoding replaces what is not UTF-8; a round trip that differs had such bytes.
      guard text.utf8.elementsEqual(pending) else {
        throw failure("a string that is not UTF-8", at: start)
      }
      scalars.append(contentsOf: text.unicodeScalars)
      pending.removeAll()
    }
    while true {
      guard let byte = current else { throw failure("a string that never ends", at: start) }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        try flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush()
        scalars.append(try escape())
      case 0..<0x20:
        throw failure("a control character inside a string (write it escaped)", at: offset - 1)
      default:
        pending.append(byte)
      }
    }
  }

  private mutating func escape() throws(BadInput) -> Unicode.Scalar {
    guard let byte = current else { throw failure("a string that never ends") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hexQuad()
      if (0xD800..<0xDC00).contains(high) {
        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw failure("a lone surrogate in a \\u escape") }
        offset += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low),
          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw failure("a lone surrogate in a \\u escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw failure("a lone surrogate in a \\u escape")
      }
      return scalar
    default:
      throw failure("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape", at: offset - 2)
    }
  }

  private mutating func hexQuad() throws(BadInput) -> UInt32 {
    guard offset + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    else { throw failure("\\u needs four hexadecimal digits") }
    offset += 4
    return value
  }

  private mutating func array(depth: Int) throws(BadInput) -> JSONValue {
    offset += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]") { throw failure("a trailing comma before ']'") }
      items.append(try value(depth: depth + 1))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(items)
      default: throw failure("expected ',' or ']' after an array's item")
      }
    }
  }

  private mutating func object(depth: Int) throws(BadInput) -> JSONValue {
    offset += 1
    var members: [String: JSONValue] = [:]
    var firstSeen: [String: Int] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "}") { throw failure("a trailing comma before '}'") }
      if current == UInt8(ascii: "/") { throw failure("JSON has no comments") }
      guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let keyStart = offset
      let key = try string()
      if let first = firstSeen[key] {
        throw failure(
          "the key '\(key)' is given twice in one object (first at \(place(first))); readers disagree on which one counts, so neither does",
          at: keyStart)
      }
      firstSeen[key] = keyStart
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
      offset += 1
      skipWhitespace()
      members[key] = try value(depth: depth + 1)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default: throw failure("expected ',' or '}' after a member")
      }
    }
  }
}
