import Foundation

/// The manifest's tokens grouped by the brackets that hold them, read in named steps: the groups,
/// the calls that declare a target by name, and the array element of a call that names a
/// dependency. It lives as long as the bytes it reads (inside `withUnsafeBytes`).
struct ManifestReading {
  typealias Place = ManifestLocations.Place

  /// One bracketed region of tokens: a call's parentheses (with its callee), an array's or
  /// a tuple's brackets. `parts` are the ranges between its top-level commas.
  struct Group {
    let open: Int
    var close = 0
    let callee: String?
    var parts: [Range<Int>] = []
    var parent: Int?
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let source: SourceText
  let tokens: [Token]
  let groups: [Group]

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    source = SourceText(bytes: bytes)
    tokens = Lexer.tokens(of: bytes)
    groups = Self.groups(of: tokens, in: source)
  }

  /// Every bracketed group, with its parts between top-level commas and its parent.
  static func groups(of tokens: [Token], in source: SourceText) -> [Group] {
    var groups: [Group] = []
    var stack: [Int] = []
    var partStart: [Int] = []
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      switch token.byte {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        let callee =
          token.byte == UInt8(ascii: "(") && index > 0 && tokens[index - 1].isIdentifier
          ? source.text(tokens[index - 1]) : nil
        groups.append(Group(open: index, callee: callee, parent: stack.last))
        stack.append(groups.count - 1)
        partStart.append(index + 1)
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard let current = stack.popLast(), let start = partStart.popLast() else { continue }
        if start < index { groups[current].parts.append(start..<index) }
        groups[current].close = index
      case UInt8(ascii: ","):
        guard let current = stack.last, let start = partStart.last else { continue }
        groups[current].parts.append(start..<index)
        partStart[partStart.count - 1] = index + 1
      default:
        continue
      }
    }
    return groups
  }

  /// An argument's label (`name` of `name: "X"`), if it has one.
  func label(of part: Range<Int>) -> String? {
    guard part.count >= 2, tokens[part.lowerBound].isIdentifier,
      tokens[part.lowerBound + 1].isPunctuation(":")
    else { return nil }
    return source.text(tokens[part.lowerBound])
  }

  /// An argument without its label.
  func value(of part: Range<Int>) -> Range<Int> {
    label(of: part) == nil ? part : (part.lowerBound + 2)..<part.upperBound
  }

  /// A plain one-line string literal's contents (no escapes, no interpolation).
  func literal(_ index: Int) -> String? {
    let token = tokens[index]
    guard token.kind == .string, token.length >= 2 else { return nil }
    let start = Int(token.start)
    let end = start + Int(token.length)
    guard bytes[start] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\""),
      !bytes[start..<end].contains(UInt8(ascii: "\\"))
    else { return nil }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
  }

  /// Whether the token at `index` is the plain string literal of `text`'s bytes, read without
  /// making a string: a manifest of a thousand targets asks it for every dependency.
  func isLiteral(_ index: Int, spelling text: [UInt8]) -> Bool {
    let token = tokens[index]
    // A literal with an escape is never a plain name (as `literal(_:)` has it).
    guard token.kind == .string, Int(token.length) == text.count + 2,
      !text.contains(UInt8(ascii: "\\"))
    else { return false }
    let start = Int(token.start)
    guard bytes[start] == UInt8(ascii: "\""), bytes[start + text.count + 1] == UInt8(ascii: "\"")
    else { return false }
    return text.indices.allSatisfy { bytes[start + 1 + $0] == text[$0] }
  }

  func place(_ index: Int) -> Place {
    Place(line: Int(tokens[index].line), column: Int(tokens[index].column))
  }

  /// Where the token at `index` ends.
  func end(_ index: Int) -> Place {
    let token = tokens[index]
    let length = token.kind == .punctuation ? 1 : Int(token.length)
    return Place(line: Int(token.line), column: Int(token.column) + length)
  }

  /// The token of the name a declaring call's first argument holds.
  func nameIndex(ofCall number: Int) -> Int { value(of: groups[number].parts[0]).lowerBound }

  /// Each target's declaring call, by name: a call whose first argument is a name as a string
  /// and that declares no `targets:`, not inside another such call. A name can also be the first
  /// argument of a call that declares no target (`.enableUpcomingFeature("MemberImportVisibility")`
  /// in swift-system, above the test target of that name): SwiftPM's target calls come first,
  /// then the first call in the file.
  func declaringCalls() -> [String: Int] {
    var declaring: [Int: String] = [:]
    for (number, group) in groups.enumerated() where group.callee != nil {
      guard let first = group.parts.first, label(of: first) == nil || label(of: first) == "name",
        value(of: first).count == 1, let name = literal(value(of: first).lowerBound),
        !group.parts.contains(where: { label(of: $0) == "targets" })
      else { continue }
      declaring[number] = name
    }
    func isNested(_ number: Int) -> Bool {
      var parent = groups[number].parent
      while let current = parent {
        if declaring[current] != nil { return true }
        parent = groups[current].parent
      }
      return false
    }
    // SwiftPM's target calls first, each in file order, then the other calls.
    let ordered = declaring.keys.map { number in
      (ManifestLocations.targetCalls.contains(groups[number].callee ?? "") ? 0 : 1, number)
    }.sorted { $0 < $1 }.map(\.1)
    var declarationOf: [String: Int] = [:]
    for number in ordered where !isNested(number) {
      let name = declaring[number] ?? ""
      if declarationOf[name] == nil { declarationOf[name] = number }
    }
    return declarationOf
  }

  /// The entry of the declaring call `number` that names `dependency`: the element of the
  /// innermost array that holds the name, and the text that deleting it removes.
  func entry(naming dependency: String, inCall number: Int) -> ManifestLocations.Entry? {
    let call = groups[number]
    let nameEnd = call.parts[0].upperBound
    // A call that holds its name alone, or was never closed, holds no dependency.
    guard nameEnd < call.close else { return nil }
    let name = Array(dependency.utf8)
    let candidates = ((nameEnd + 1)..<call.close).filter { isLiteral($0, spelling: name) }
    // An entry named under `dependencies:` beats the same name in another argument.
    let inDependencies = candidates.first { index in
      call.parts.contains { label(of: $0) == "dependencies" && $0.contains(index) }
    }
    guard let found = inDependencies ?? candidates.first else { return nil }
    // Groups are numbered in the order they open, so the call's own come right after it, up to
    // the first that opens after it closes: looking further made a large manifest's reading
    // quadratic.
    let inside = ((number + 1)..<groups.count).prefix { groups[$0].open < call.close }
    guard
      let array = inside.filter({
        groups[$0].open < found && found < groups[$0].close
          && groups[$0].callee == nil && tokens[groups[$0].open].isPunctuation("[")
      }).max(by: { groups[$0].open < groups[$1].open }),
      let element = groups[array].parts.firstIndex(where: { $0.contains(found) })
    else {
      return ManifestLocations.Entry(start: place(found), deletion: (place(found), place(found)))
    }
    let parts = groups[array].parts
    let range = parts[element]
    let deletion: (Place, Place)
    if tokens[range.upperBound].isPunctuation(",") {
      deletion = (place(range.lowerBound), place(range.upperBound + 1))
    } else if element > 0 {
      deletion = (place(parts[element - 1].upperBound), end(range.upperBound - 1))
    } else {
      deletion = (place(range.lowerBound), end(range.upperBound - 1))
    }
    return ManifestLocations.Entry(start: place(range.lowerBound), deletion: deletion)
  }
}
