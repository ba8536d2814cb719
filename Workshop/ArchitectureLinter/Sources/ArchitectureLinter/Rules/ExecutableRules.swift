import Foundation

/// `undeclared-executable`: a test target that runs a program of its package which `--affected`
/// cannot see it use, because the test neither depends on it nor reads its folders.
extension Linter {
  func executableViolations(
    _ tokens: [Token], of source: SourceText, in target: Target, file: String
  ) -> [Violation] {
    let unseen = executables.compactMap { executable -> (PackageExecutable, [Target])? in
      let missed = unreached(executable, by: target)
      return missed.isEmpty ? nil : (executable, missed)
    }
    guard !unseen.isEmpty else { return [] }
    let runs = ExecutableRuns(tokens: tokens, source: source)
    return unseen.compactMap { executable, missed in
      guard let index = runs.firstRun(of: executable.name) else { return nil }
      let token = tokens[index]
      let shown = missed.prefix(3).map { "'\($0.name)' (\($0.path))" }
      let more = missed.count > shown.count ? " and \(missed.count - shown.count) more" : ""
      let folders = missed.map { "\"\($0.path)\"" }.joined(separator: ", ")
      return Violation(
        rule: "undeclared-executable", file: file, line: Int(token.line),
        column: Int(token.column),
        message:
          "'\(target.name)' runs '\(executable.name)', an executable of this package, without depending on it, so --affected runs none of its tests when \(shown.joined(separator: ", "))\(more) \(missed.count == 1 ? "changes" : "change"); depend on '\(executable.targets.first ?? executable.name)' in Package.swift, or add a `reads` entry for '\(target.name)' with \(folders) to architecture.json",
        key: "undeclared-executable|\(target.name) -> \(executable.name)|\(file)")
    }
  }

  /// The targets `executable` is built from (its own and all they depend on) whose change would
  /// not reach `test`: neither among the test's dependencies nor in a folder that a `reads`
  /// entry of the test, or of a target it depends on, names.
  func unreached(_ executable: PackageExecutable, by test: Target) -> [Target] {
    let reaching = dependencyClosure(of: [test.name])
    let reads = configuration.reads.filter { $0.targets.contains(where: reaching.contains) }
    return dependencyClosure(of: executable.targets).sorted().compactMap { byName[$0] }.filter {
      built in
      !reaching.contains(built.name) && !reads.contains { $0.matches(built.path) }
    }
  }

  /// `names` and every target they depend on, directly or not.
  func dependencyClosure(of names: [String]) -> Set<String> {
    var reached = Set(names)
    var frontier = names
    while let name = frontier.popLast() {
      for dependency in byName[name]?.dependencies ?? [] where reached.insert(dependency).inserted {
        frontier.append(dependency)
      }
    }
    return reached
  }
}

/// A program the package builds: the name `swift build` gives its file (its product's) and the
/// targets it is built from.
struct PackageExecutable: Sendable {
  let name: String
  let targets: [String]

  /// Every executable product, and every executable target that no executable product builds
  /// (SwiftPM builds such a target as a program of its own name).
  static func all(in package: PackageDescription) -> [PackageExecutable] {
    let declared = (package.products ?? []).filter(\.isExecutable).map {
      PackageExecutable(name: $0.name, targets: $0.targets)
    }
    let built = Set(declared.flatMap(\.targets))
    let implicit = package.targets.filter { $0.type == "executable" && !built.contains($0.name) }
      .map { PackageExecutable(name: $0.name, targets: [$0.name]) }
    return (declared + implicit).sorted { $0.name < $1.name }
  }
}

/// Where a file's tokens run a program by its name: they make the path of the built file
/// (`….appendingPathComponent("NAME")`, or a function of the same file that does, in a file that
/// finds the folder the tests are built in; `.build/debug/NAME`), or they ask SwiftPM to run it
/// (`swift run NAME`, `["run", "NAME"]`). A name in a comment, in a message or in an expected
/// output is not a run.
struct ExecutableRuns {
  let tokens: [Token]
  let source: SourceText
  /// Each string literal's text between its quotes, by its token's index, in file order.
  let literals: [(index: Int, text: String)]
  /// Whether the file finds the folder the tests are built in: the running test's own path
  /// (`CommandLine.arguments`, a bundle's `bundleURL` or `bundlePath`, XCTest's
  /// `productsDirectory`) or a `.build` path.
  let findsBuildFolder: Bool
  /// The functions the file declares whose body joins a path: `example("NAME")` makes the
  /// program's path when `example` appends its argument to the build folder.
  let pathFunctions: Set<String>

  static let pathJoins = ["appendingPathComponent", "appending"].map { Array($0.utf8) }
  static let buildFolderNames = ["productsDirectory", "bundleURL", "bundlePath"].map {
    Array($0.utf8)
  }
  static let commandLine = Array("CommandLine".utf8)
  static let arguments = Array("arguments".utf8)

  init(tokens: [Token], source: SourceText) {
    self.tokens = tokens
    self.source = source
    var literals: [(index: Int, text: String)] = []
    var findsBuildFolder = false
    var pathFunctions: Set<String> = []
    for (index, token) in tokens.enumerated() {
      if token.kind == .string, let text = Self.contents(of: token, in: source) {
        literals.append((index, text))
        if text.contains(".build/") { findsBuildFolder = true }
      } else if token.isIdentifier {
        if Self.buildFolderNames.contains(where: { source.token(token, is: $0) })
          || (source.token(token, is: Self.commandLine) && index + 2 < tokens.count
            && tokens[index + 1].isPunctuation(".")
            && source.token(tokens[index + 2], is: Self.arguments))
        {
          findsBuildFolder = true
        }
        if token.is(.func), index + 1 < tokens.count, tokens[index + 1].isIdentifier,
          Self.bodyJoinsAPath(tokens, from: index + 1, in: source)
        {
          pathFunctions.insert(source.text(tokens[index + 1]))
        }
      }
    }
    self.literals = literals
    self.findsBuildFolder = findsBuildFolder
    self.pathFunctions = pathFunctions
  }

  /// The index of the first string literal that runs `name`, if one does.
  func firstRun(of name: String) -> Int? {
    literals.first { index, text in
      if isCompared(index) { return false }
      if text == name {
        return (findsBuildFolder && (isJoinedToAPath(index) || isPassedToAPathFunction(index)))
          || followsRun(index)
      }
      let words = text.split { $0 == " " || $0 == "\n" || $0 == "'" || $0 == "\"" }
      if words.contains(where: { $0.hasSuffix("/" + name) && $0.contains(".build/") }) {
        return true
      }
      guard let swift = words.indices.first(where: { words[$0] == "swift" }),
        swift + 1 < words.count, words[swift + 1] == "run"
      else { return false }
      return words[(swift + 2)...].contains { $0 == name }
    }?.index
  }

  /// Text a test compares with what it read (`#expect(line.hasPrefix("swift run NAME"))`,
  /// `output == "…"`): an expected output, not a command.
  func isCompared(_ index: Int) -> Bool {
    guard index >= 2 else { return false }
    let before = tokens[index - 1]
    if before.isPunctuation("=") {
      return tokens[index - 2].isPunctuation("=") || tokens[index - 2].isPunctuation("!")
    }
    var call = index - 2
    if before.isPunctuation(":") {
      guard index >= 4, tokens[index - 3].isPunctuation("(") else { return false }
      call = index - 4
    } else if !before.isPunctuation("(") {
      return false
    }
    return tokens[call].isIdentifier
      && Self.comparisons.contains { source.token(tokens[call], is: $0) }
  }

  static let comparisons = [
    "hasPrefix", "hasSuffix", "contains", "starts", "range", "firstRange", "firstIndex",
    "components", "split", "replacingOccurrences", "matches",
  ].map { Array($0.utf8) }

  /// `appendingPathComponent("NAME")`, `appending(path: "NAME")`, `appending(component: "NAME")`.
  func isJoinedToAPath(_ index: Int) -> Bool {
    guard index >= 2, tokens[index - 1].isPunctuation("(") || tokens[index - 1].isPunctuation(":")
    else { return false }
    var call = index - 2
    if tokens[index - 1].isPunctuation(":") {
      let label = source.text(tokens[index - 2])
      guard label == "path" || label == "component", index >= 4,
        tokens[index - 3].isPunctuation("(")
      else { return false }
      call = index - 4
    }
    return Self.pathJoins.contains { source.token(tokens[call], is: $0) }
  }

  /// `example("NAME")`, where `example` is a function of this file that joins a path.
  func isPassedToAPathFunction(_ index: Int) -> Bool {
    index >= 2 && tokens[index - 1].isPunctuation("(") && tokens[index - 2].isIdentifier
      && pathFunctions.contains(source.text(tokens[index - 2]))
  }

  /// `"NAME"` after `"run"` in one list of arguments: `["run", "NAME"]`, `("swift", "run", "NAME")`.
  func followsRun(_ index: Int) -> Bool {
    var depth = 0
    var cursor = index - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if token.isPunctuation(")") || token.isPunctuation("]") {
        depth += 1
      } else if token.isPunctuation("(") || token.isPunctuation("[") {
        if depth == 0 { return false }
        depth -= 1
      } else if token.isPunctuation("{") || token.isPunctuation("}") {
        return false
      } else if depth == 0, token.kind == .string,
        literals.contains(where: { $0.index == cursor && $0.text == "run" })
      {
        return true
      }
      cursor -= 1
    }
    return false
  }

  /// Whether the body of the function whose name is at `nameIndex` names a path join.
  static func bodyJoinsAPath(_ tokens: [Token], from nameIndex: Int, in source: SourceText)
    -> Bool
  {
    var cursor = nameIndex + 1
    var parentheses = 0
    while cursor < tokens.count {
      let token = tokens[cursor]
      if token.isPunctuation("(") { parentheses += 1 }
      if token.isPunctuation(")") { parentheses -= 1 }
      if parentheses == 0 && token.isPunctuation("{") { break }
      if token.isPunctuation("}") { return false }
      cursor += 1
    }
    var depth = 0
    while cursor < tokens.count {
      let token = tokens[cursor]
      if token.isPunctuation("{") { depth += 1 }
      if token.isPunctuation("}") {
        depth -= 1
        if depth == 0 { return false }
      }
      if pathJoins.contains(where: { source.token(token, is: $0) }) { return true }
      cursor += 1
    }
    return false
  }

  /// A plain string literal's text between its quotes, interpolations as written; `nil` for a
  /// raw one (`#"…"#`), whose text the lexer does not keep.
  static func contents(of token: Token, in source: SourceText) -> String? {
    guard token.length >= 2 else { return nil }
    var start = Int(token.start)
    var end = start + Int(token.length)
    let quote = UInt8(ascii: "\"")
    while start < end && source.bytes[start] == quote { start += 1 }
    while end > start && source.bytes[end - 1] == quote { end -= 1 }
    return String(
      decoding: UnsafeBufferPointer(rebasing: source.bytes[start..<end]), as: UTF8.self)
  }
}
