import Foundation

/// A Swift file as an editor sees it (the manifest, or a source the scaffolding edits): its
/// tokens and bracket groups (`ManifestReading`), the group each token sits in, its top-level
/// declarations, and each line's first byte, so that a token's place becomes a range of bytes to
/// replace. It lives as long as the bytes it reads.
struct EditableSource {
  let reading: ManifestReading
  /// The innermost group each token is inside (a group's own brackets are in its parent).
  let owners: [Int?]
  let declarations: ManifestDeclarations
  private let lineStarts: [Int]

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    reading = ManifestReading(bytes: bytes)
    var owners = [Int?](repeating: nil, count: reading.tokens.count)
    // Groups are in the order they open, so an inner group overwrites its parent.
    for (number, group) in reading.groups.enumerated() where group.close > group.open {
      for index in (group.open + 1)..<group.close { owners[index] = number }
    }
    self.owners = owners
    declarations = ManifestDeclarations(reading, owners: owners)
    var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
        index += 1
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
    }
    lineStarts = starts
  }

  // MARK: - Finding a module's places

  /// Where a module is written: the spans to remove, its enum case, and whether one of the
  /// spans declares its target (an edit that finds only uses has not found the module).
  struct Places {
    let spans: [ClosedRange<Int>]
    let namedCase: ManifestDeclarations.NamedCase?
    let declared: Bool
  }

  /// The spans of tokens that declare or name `name`, and its enum case when an enum names it.
  func spans(naming name: String) -> Places {
    let tokens = reading.tokens
    let named = declarations.namedCase(rawValue: name)
    var spans: [ClosedRange<Int>] = []
    var declared = false
    for group in reading.groups {
      guard let callee = group.callee, tokens[group.open].isPunctuation("(") else { continue }
      let calleeIndex = group.open - 1
      let isMember = calleeIndex > 0 && tokens[calleeIndex - 1].isPunctuation(".")
      let span = (isMember ? calleeIndex - 1 : calleeIndex)...group.close
      // A call that names a target: its first argument or its `name:` is the name
      // (`benchmark("X", …)`, `.target(kind: .test, name: "X", …)`); it declares the target
      // unless it sits inside another such call (`.target(name: "X")` among dependencies). A
      // product (`targets: […]`) and another package's product (`package:`) declare none.
      if namedTarget(of: group) == name {
        spans.append(span)
        if !isInsideTargetCall(group) { declared = true }
        continue
      }
      guard let named else { continue }
      // `.feature(.checkout)`: a case of an enum that wraps the module's enum.
      if isMember, declarations.wrappers[named.enumName]?.contains(callee) == true,
        group.parts.count == 1, isCase(named.caseName, at: group.parts[0])
      {
        spans.append(span)
        continue
      }
      // A helper's call: a parameter of the module's enum given its case declares it (or
      // cannot be written without it); a parameter of an array of them lists it.
      guard !isMember, let parameters = declarations.functions[callee] else { continue }
      for (argument, parameter) in zip(group.parts, matched(group.parts, to: parameters)) {
        guard let parameter else { continue }
        let value = reading.value(of: argument)
        if parameter.type == .single(named.enumName), isCase(named.caseName, at: value) {
          spans.append(span)
          declared = true
        } else if parameter.type == .array(named.enumName),
          tokens[value.lowerBound].isPunctuation("["),
          let array = reading.groups.firstIndex(where: { $0.open == value.lowerBound })
        {
          for element in reading.groups[array].parts where isCase(named.caseName, at: element) {
            spans.append(element.lowerBound...(element.upperBound - 1))
          }
        }
      }
    }
    // `"X"` as an element of a list (`dependencies: ["X"]`); a product whose `targets:` it is
    // alone in goes with it, since SwiftPM refuses a product of no targets.
    for (index, token) in tokens.enumerated()
    where token.kind == .string && reading.literal(index) == name {
      guard let owner = owners[index], tokens[reading.groups[owner].open].isPunctuation("["),
        reading.groups[owner].parts.contains(index..<(index + 1))
      else { continue }
      if reading.groups[owner].parts.count == 1, let product = productListing(owner) {
        spans.append(product)
      } else {
        spans.append(index...index)
      }
    }
    return Places(spans: spans, namedCase: named, declared: declared)
  }

  /// The name a call gives a target: its first argument or its `name:`, as a plain string, when
  /// it has no `targets:` (a product) and no `package:` (another package's product).
  private func namedTarget(of group: ManifestReading.Group) -> String? {
    guard group.callee != nil, reading.tokens[group.open].isPunctuation("("),
      !group.parts.contains(where: { ["targets", "package"].contains(reading.label(of: $0)) })
    else { return nil }
    let argument =
      group.parts.first { reading.label(of: $0) == "name" }
      ?? group.parts.first.flatMap { reading.label(of: $0) == nil ? $0 : nil }
    guard let argument, reading.value(of: argument).count == 1 else { return nil }
    return reading.literal(reading.value(of: argument).lowerBound)
  }

  private func isInsideTargetCall(_ group: ManifestReading.Group) -> Bool {
    var parent = group.parent
    while let current = parent {
      if namedTarget(of: reading.groups[current]) != nil { return true }
      parent = reading.groups[current].parent
    }
    return false
  }

  /// The call (with its leading `.`) whose `targets:` argument is the list `array`, if any.
  private func productListing(_ array: Int) -> ClosedRange<Int>? {
    let tokens = reading.tokens
    guard let parent = reading.groups[array].parent, reading.groups[parent].callee != nil,
      reading.groups[parent].parts.contains(where: {
        reading.label(of: $0) == "targets"
          && reading.value(of: $0).lowerBound == reading.groups[array].open
      })
    else { return nil }
    let callee = reading.groups[parent].open - 1
    let start = callee > 0 && tokens[callee - 1].isPunctuation(".") ? callee - 1 : callee
    return start...reading.groups[parent].close
  }

  /// Whether `range` is exactly `.caseName`.
  private func isCase(_ caseName: String, at range: Range<Int>) -> Bool {
    range.count == 2 && reading.tokens[range.lowerBound].isPunctuation(".")
      && reading.tokens[range.lowerBound + 1].isIdentifier
      && reading.source.text(reading.tokens[range.lowerBound + 1]) == caseName
  }

  /// The parameter each argument is passed to: labelled ones by label, the others in order.
  private func matched(
    _ arguments: [Range<Int>], to parameters: [ManifestDeclarations.Parameter]
  ) -> [ManifestDeclarations.Parameter?] {
    var unlabelled = parameters.filter { $0.label == nil }[...]
    return arguments.map { argument in
      if let label = reading.label(of: argument) {
        return parameters.first { $0.label == label }
      }
      return unlabelled.popFirst()
    }
  }

  // MARK: - Removing

  /// What removing `span` takes: the list around it when it is that list's only element and
  /// the list is a term of a sum (`+ [systemLibrary(…)]`), the span itself otherwise.
  func unit(of span: ClosedRange<Int>) -> ClosedRange<Int> {
    guard let owner = owners[span.lowerBound] else { return span }
    let group = reading.groups[owner]
    guard reading.tokens[group.open].isPunctuation("["), group.parts.count == 1,
      group.parts[0] == span.lowerBound..<(span.upperBound + 1), isTerm(group.open...group.close)
    else { return span }
    return group.open...group.close
  }

  /// The edits that remove `unit` (one of `units`, all removed together): an element of a list
  /// with its comma, a term of a top-level sum (`+ feature(…)`) with its `+`, and the comment
  /// lines right above either. A first term takes the `+` of the first term that stays.
  func removing(_ unit: ClosedRange<Int>, among units: [ClosedRange<Int>]) throws -> [Edit] {
    let tokens = reading.tokens
    if let owner = owners[unit.lowerBound], tokens[reading.groups[owner].open].isPunctuation("["),
      let element = reading.groups[owner].parts.firstIndex(
        of: unit.lowerBound..<(unit.upperBound + 1))
    {
      return [removingElement(element, of: reading.groups[owner])]
    }
    guard isTerm(unit) else {
      let token = tokens[unit.lowerBound]
      throw BadInput(
        "cannot remove what starts at Package.swift:\(token.line):\(token.column): it is neither an element of a list nor a term of a top-level sum; edit it by hand"
      )
    }
    if tokens[unit.lowerBound - 1].isPunctuation("+") {
      return [
        Edit(
          range: startWithComments(of: unit.lowerBound - 1)..<endOfLine(after: unit.upperBound),
          replacement: "")
      ]
    }
    // The first term: the next term that stays loses its `+`; when none stays, the sum is `[]`.
    var plus = unit.upperBound + 1
    while plus < tokens.count, tokens[plus].isPunctuation("+"),
      owners[plus] == owners[unit.lowerBound]
    {
      guard let removed = units.first(where: { $0.lowerBound == plus + 1 }) else {
        return [
          Edit(
            range: startWithComments(of: unit.lowerBound)..<endOfLine(after: unit.upperBound),
            replacement: ""),
          Edit(range: start(of: plus)..<endOfSpaces(after: plus), replacement: ""),
        ]
      }
      plus = removed.upperBound + 1
    }
    return [Edit(range: start(of: unit.lowerBound)..<end(of: unit.upperBound), replacement: "[]")]
  }

  /// The line of the first place outside `edits` that still names `name` or writes its case:
  /// qualified (`Kernel.sharedKernel`), or bare (`.designSystem`) when no other enum has a case of
  /// that name. Such a place would no longer compile once the case is gone.
  func lineStillNaming(
    _ name: String, caseOf named: ManifestDeclarations.NamedCase?, outside edits: [Edit]
  ) -> Int? {
    let tokens = reading.tokens
    let kept = { (index: Int) in !edits.contains { $0.range.contains(self.start(of: index)) } }
    if let left = spans(naming: name).spans.first(where: { kept($0.lowerBound) }) {
      return Int(tokens[left.lowerBound].line)
    }
    guard let named else { return nil }
    let isCaseName = { (index: Int) in
      tokens[index].isIdentifier && self.reading.source.text(tokens[index]) == named.caseName
    }
    for index in tokens.indices.dropLast(2)
    where tokens[index].isIdentifier && reading.source.text(tokens[index]) == named.enumName
      && tokens[index + 1].isPunctuation(".") && isCaseName(index + 2) && kept(index)
    {
      return Int(tokens[index].line)
    }
    guard declarations.caseOwners[named.caseName] == [named.enumName] else { return nil }
    for index in tokens.indices.dropLast().dropFirst()
    where tokens[index].isPunctuation(".") && isCaseName(index + 1) && kept(index)
      && !(tokens[index - 1].isIdentifier || tokens[index - 1].isPunctuation(")")
        || tokens[index - 1].isPunctuation("]"))
    {
      return Int(tokens[index].line)
    }
    return nil
  }

  /// Whether `span` is a term of a sum at the top level (after `=` or `+`, before `+` or the
  /// end), or in the body of a top-level computed `var` (after its `{` or `+`, before `+` or its
  /// `}`).
  private func isTerm(_ span: ClosedRange<Int>) -> Bool {
    let tokens = reading.tokens
    let level = owners[span.lowerBound]
    guard isSumLevel(level), span.lowerBound > 0 else { return false }
    let before = tokens[span.lowerBound - 1]
    let opensTheBody = level.map { reading.groups[$0].open == span.lowerBound - 1 } ?? false
    guard before.isPunctuation("+") || before.isPunctuation("=") || opensTheBody else {
      return false
    }
    let after = span.upperBound + 1
    let closesTheBody = level.map { reading.groups[$0].close == after } ?? false
    return after == tokens.count || tokens[after].isPunctuation("+") || closesTheBody
      || (owners[after] == level && tokens[after].startsLine)
  }

  /// Whether tokens inside `group` are where lists of targets are summed: the top level (`nil`),
  /// or the body of a top-level computed `var`.
  private func isSumLevel(_ group: Int?) -> Bool {
    group.map { declarations.computedBodies.contains($0) } ?? true
  }

  func removingElement(_ element: Int, of group: ManifestReading.Group) -> Edit {
    let tokens = reading.tokens
    let part = group.parts[element]
    let comma = part.upperBound
    if comma < group.close, tokens[comma].isPunctuation(",") {
      let ownsItsLines =
        tokens[part.lowerBound].startsLine
        && (comma + 1 == tokens.count || tokens[comma + 1].startsLine)
      return ownsItsLines
        ? Edit(
          range: startWithComments(of: part.lowerBound)..<endOfLine(after: comma), replacement: "")
        : Edit(range: start(of: part.lowerBound)..<endOfSpaces(after: comma), replacement: "")
    }
    if element > 0 {
      // The last element without a comma: from the comma before it.
      return Edit(
        range: start(of: part.lowerBound - 1)..<end(of: part.upperBound - 1), replacement: "")
    }
    return Edit(range: start(of: part.lowerBound)..<end(of: part.upperBound - 1), replacement: "")
  }

  /// The whole line of the token at `index` (an enum case).
  func removingLine(of index: Int) -> Edit {
    Edit(
      range: startWithComments(of: index)..<endOfLine(after: lastIndex(onLineOf: index)),
      replacement: "")
  }

  private func lastIndex(onLineOf index: Int) -> Int {
    var last = index
    while last + 1 < reading.tokens.count, !reading.tokens[last + 1].startsLine { last += 1 }
    return last
  }

  // MARK: - Sources

  /// The types the file declares at its top level (`struct`, `enum`, `class`, `actor`,
  /// `protocol`), in the order they appear.
  func declaredTypes() -> [String] {
    let tokens = reading.tokens
    let kinds: Set<Keyword> = [.struct, .enum, .class, .actor, .protocol]
    return tokens.indices.dropLast().compactMap { index in
      guard owners[index] == nil, tokens[index].kind == .identifier,
        kinds.contains(tokens[index].keyword), tokens[index + 1].isIdentifier
      else { return nil }
      return reading.source.text(tokens[index + 1])
    }
  }

  /// Every name the file declares, at any depth (`func`, `var`, `let`, `case`, `struct`,
  /// `class`, `enum`, `actor`, `protocol`, `typealias`), in the order they appear; a declaration
  /// in a comment or a string is none.
  func declaredNames() -> [String] {
    let tokens = reading.tokens
    let kinds: Set<Keyword> = [
      .func, .var, .let, .case, .struct, .class, .enum, .actor, .protocol, .typealias,
    ]
    return tokens.indices.dropLast().compactMap { index in
      let name = tokens[index + 1]
      guard tokens[index].kind == .identifier, kinds.contains(tokens[index].keyword),
        name.kind == .identifier || name.kind == .backtickedIdentifier
      else { return nil }
      return reading.source.text(name)
    }
  }

  /// The first argument of every call to `callee` that is a plain string literal
  /// (`CommandSpec("checkout", …)` → `checkout`), in the order they appear.
  func stringArguments(ofCallsTo callee: String) -> [String] {
    reading.groups.compactMap { group in
      guard group.callee == callee, let first = group.parts.first,
        reading.label(of: first) == nil, first.count == 1
      else { return nil }
      return reading.literal(first.lowerBound)
    }
  }

  /// The edits that remove every element of an array literal written `Name.self` or `Name` for
  /// one of `names` (`SearchFeatureCommands.self` in a list of command groups).
  func removingElements(naming names: Set<String>) -> [Edit] {
    let tokens = reading.tokens
    var edits: [Edit] = []
    for group in reading.groups where group.callee == nil && tokens[group.open].isPunctuation("[") {
      for (element, part) in group.parts.enumerated() {
        guard tokens[part.lowerBound].isIdentifier,
          names.contains(reading.source.text(tokens[part.lowerBound])),
          part.count == 1
            || (part.count == 3 && tokens[part.lowerBound + 1].isPunctuation(".")
              && reading.source.token(tokens[part.lowerBound + 2], is: Array("self".utf8)))
        else { continue }
        edits.append(removingElement(element, of: group))
      }
    }
    return edits
  }

  // MARK: - Adding

  /// The edit that writes `case caseName = "name"` as the enum's last case.
  func addingCase(_ module: ManifestEditor.NewModule, to named: ManifestDeclarations.NamedEnum)
    -> Edit
  {
    let close = reading.groups[named.body].close
    let line = "case \(module.caseName) = \"\(module.name)\""
    guard reading.tokens[close].startsLine else {
      return Edit(range: start(of: close)..<start(of: close), replacement: "\n  \(line)\n")
    }
    let indent = named.cases.last.map { indentation(of: $0.token) } ?? "  "
    let at = lineStart(of: close)
    return Edit(range: at..<at, replacement: indent + line + "\n")
  }

  /// The edit that adds `entry` to a list of targets: an element before its `]` when the list is
  /// one array literal, a new term (`+ entry`) after the last otherwise.
  func addingEntry(_ entry: String, comment: String?, to initializer: ClosedRange<Int>) -> Edit {
    let tokens = reading.tokens
    let commentLine = comment.map { "  // \($0)\n" } ?? ""
    if let array = reading.groups.firstIndex(where: { $0.open == initializer.lowerBound }),
      reading.groups[array].close == initializer.upperBound,
      tokens[initializer.lowerBound].isPunctuation("[")
    {
      let group = reading.groups[array]
      let needsComma = group.parts.last.map { !tokens[$0.upperBound].isPunctuation(",") } ?? false
      let at = lineStart(of: group.close)
      if needsComma, let last = group.parts.last {
        let after = end(of: last.upperBound - 1)
        return Edit(range: after..<at, replacement: ",\n" + commentLine + "  \(entry),\n")
      }
      return Edit(range: at..<at, replacement: commentLine + "  \(entry),\n")
    }
    let after = end(of: initializer.upperBound)
    return Edit(range: after..<after, replacement: "\n" + commentLine + "  + \(entry)")
  }

  // MARK: - Bytes

  /// One line of what an edit removes or writes, for the person who asked.
  func summary(of edit: Edit) -> String {
    let removed = String(decoding: reading.bytes[edit.range], as: UTF8.self)
    let lines = textLines(removed).map { $0.trimmingCharacters(in: .whitespaces) }
    let isCode = { (line: String) in !line.isEmpty && !line.hasPrefix("//") }
    // The line of its code, below the comment lines that went with it.
    let line =
      (lineStarts.lastIndex { $0 <= edit.range.lowerBound } ?? 0) + 1
      + (lines.firstIndex(where: isCode) ?? 0)
    let code = lines.filter(isCode)
    var joined = code.joined(separator: " ")
    for (spaced, tight) in [("( ", "("), ("[ ", "["), (", )", ")"), (", ]", "]"), (" )", ")")] {
      joined = joined.replacingOccurrences(of: spaced, with: tight)
    }
    if joined.hasPrefix("+ ") || joined.hasPrefix(", ") { joined.removeFirst(2) }
    if joined.hasSuffix(",") { joined.removeLast() }
    let shown = joined.count > 72 ? joined.prefix(71) + "…" : Substring(joined)
    return "\(line): removed \(shown)"
  }

  private func start(of index: Int) -> Int {
    let token = reading.tokens[index]
    return lineStarts[Int(token.line) - 1] + Int(token.column) - 1
  }

  private func end(of index: Int) -> Int {
    let token = reading.tokens[index]
    switch token.kind {
    case .punctuation: return start(of: index) + 1
    case .backtickedIdentifier: return Int(token.start + token.length) + 1
    default: return Int(token.start + token.length)
    }
  }

  private func lineStart(of index: Int) -> Int { lineStarts[Int(reading.tokens[index].line) - 1] }

  private func indentation(of index: Int) -> String {
    String(decoding: reading.bytes[lineStart(of: index)..<start(of: index)], as: UTF8.self)
  }

  /// The start of the token's line, or of the comment lines right above it (no blank line
  /// between), when it starts its line; the token itself otherwise.
  private func startWithComments(of index: Int) -> Int {
    guard reading.tokens[index].startsLine else { return start(of: index) }
    var line = Int(reading.tokens[index].line) - 1
    let previousLine = index > 0 ? Int(reading.tokens[index - 1].line) - 1 : -1
    while line - 1 > previousLine {
      let text = String(
        decoding: reading.bytes[lineStarts[line - 1]..<lineStarts[line]], as: UTF8.self
      )
      .trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.hasPrefix("//") else { break }
      line -= 1
    }
    return lineStarts[line]
  }

  /// After the token at `index` and, when nothing but spaces follows it, after its line break.
  private func endOfLine(after index: Int) -> Int {
    let spaces = endOfSpaces(after: index)
    guard spaces < reading.bytes.count else { return spaces }
    if reading.bytes[spaces] == UInt8(ascii: "\r") {
      let next = spaces + 1
      return next < reading.bytes.count && reading.bytes[next] == UInt8(ascii: "\n")
        ? next + 1 : next
    }
    return reading.bytes[spaces] == UInt8(ascii: "\n") ? spaces + 1 : end(of: index)
  }

  /// After the token at `index` and the spaces that follow it on its line.
  private func endOfSpaces(after index: Int) -> Int {
    var cursor = end(of: index)
    while cursor < reading.bytes.count,
      reading.bytes[cursor] == UInt8(ascii: " ") || reading.bytes[cursor] == UInt8(ascii: "\t")
    {
      cursor += 1
    }
    return cursor
  }
}
