import DesignSystem
import Foundation

/// One command of `voyage`, declared once: its parser, its `--help`, its line in the overview,
/// its usage line in errors, its shell completions and its part of the man page all come from
/// this value, so they cannot disagree (swift-argument-parser's conventions, without the
/// dependency).
struct CommandSpec: Sendable {
  /// What the person types: `search`.
  let name: String
  /// One line for the overview: what the command is for.
  let abstract: String
  /// The paragraph under the usage line in `--help`.
  let discussion: String
  /// Positional arguments, in order.
  let arguments: [ArgumentSpec]
  /// Options and flags, in the order help lists them.
  let options: [OptionSpec]
  /// Text after the options in `--help` (test cards, deadlines), if any.
  let epilogue: String?

  init(
    _ name: String, abstract: String, discussion: String, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], epilogue: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.epilogue = epilogue
  }

  /// `voyage search <destination> [--from DATE] …`: required options bare, the others in brackets.
  var usage: String {
    (["voyage", name] + arguments.map { "<\($0.name)>" }
      + options.map { option in
        let text = option.value.map { "\(option.name) \($0)" } ?? option.name
        return option.isRequired ? text : "[\(text)]"
      })
      .joined(separator: " ")
  }

  /// The whole `--help` text.
  var help: String {
    var sections = ["Usage: \(usage)", discussion]
    if !options.isEmpty {
      let labels = options.map { option in
        option.value.map { "\(option.name) \($0)" } ?? option.name
      }
      let width = max(19, labels.map(\.count).max() ?? 0)
      let lines = zip(labels, options).map { label, option in
        "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + option.help + (option.defaultValue.map { " (default \($0))" } ?? "")
      }
      sections.append((["Options:"] + lines).joined(separator: "\n"))
    }
    if let epilogue { sections.append(epilogue) }
    return sections.joined(separator: "\n\n")
  }

  /// Reads `arguments` by this declaration: `--name value` and `--name=value`, flags, positional
  /// arguments, `--` ends the options, `-h`/`--help` wherever an option may stand. A repeated or
  /// unknown option is an error, with the option it was probably meant to be.
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments(defaults: options.compactMapValues(\.defaultValue))
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
        parsed.positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(
          "unknown option '\(name.prefix(40))'"
            + Spelling.suggestion(for: name, among: options.map(\.name) + ["--help"]))
      }
      guard !parsed.given.contains(name) else {
        throw UsageError("'\(name)' is given more than once")
      }
      parsed.given.insert(name)
      guard option.value != nil else {
        guard parts.count == 1 else { throw UsageError("'\(name)' takes no value") }
        continue
      }
      if parts.count == 2 {
        parsed.values[name] = parts[1]
      } else {
        guard index < arguments.count else { throw UsageError("'\(name)' needs a value") }
        parsed.values[name] = arguments[index]
        index += 1
      }
    }
    if !parsed.wantsHelp {
      for option in options where option.isRequired && !parsed.given.contains(option.name) {
        throw UsageError("missing \(option.name) \(option.value ?? "")")
      }
    }
    return parsed
  }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  /// Its name in usage lines: `destination`.
  let name: String
  /// One line of help.
  let help: String
}

/// An option (`--guests N`) or a flag (`--json`).
struct OptionSpec: Sendable {
  /// `--guests`.
  let name: String
  /// The value's placeholder (`N`), or `nil` for a flag.
  let value: String?
  /// One line of help.
  let help: String
  /// The value used when the option is not given, shown in help; the one place it is written.
  let defaultValue: String?
  /// Whether the command refuses to run without it.
  let isRequired: Bool
  /// The values a shell may complete, when the option takes one of a few.
  let choices: [String]

  /// An option that takes a value.
  static func option(
    _ name: String, _ value: String, _ help: String, default defaultValue: String? = nil,
    required isRequired: Bool = false, choices: [String] = []
  ) -> OptionSpec {
    OptionSpec(
      name: name, value: value, help: help, defaultValue: defaultValue, isRequired: isRequired,
      choices: choices)
  }

  /// A flag: present or absent.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(
      name: name, value: nil, help: help, defaultValue: nil, isRequired: false, choices: [])
  }

  /// `--json`, which every command that prints something takes.
  static let json = flag("--json", "print JSON")
}

/// What a command line said, read by a `CommandSpec`.
struct ParsedArguments {
  /// The positional arguments, in order.
  var positional: [String] = []
  /// Whether `-h` or `--help` stood where an option may.
  var wantsHelp = false
  fileprivate var values: [String: String] = [:]
  fileprivate var given: Set<String> = []
  fileprivate let defaults: [String: String]

  fileprivate init(defaults: [String: String]) {
    self.defaults = defaults
  }

  /// The value of an option: as given, else its declared default, else `nil`.
  func value(_ name: String) -> String? { values[name] ?? defaults[name] }

  /// Whether a flag (or an option) was given.
  func has(_ name: String) -> Bool { given.contains(name) }

  /// Exactly one positional argument, named `name` in the error.
  func single(_ name: String) throws(UsageError) -> String {
    guard let first = positional.first else { throw UsageError("missing <\(name)>") }
    guard positional.count == 1 else {
      throw UsageError("unexpected argument '\(positional[1].prefix(40))'")
    }
    return first
  }

  /// No positional argument at all.
  func none() throws(UsageError) {
    if let first = positional.first {
      throw UsageError("unexpected argument '\(first.prefix(40))'")
    }
  }
}

/// A misuse of the command line: exit status 64, one line on stderr, then the usage. Messages
/// echo what was typed, so every control character in them is escaped here, once, for every
/// message: a typed `\e[2J` is shown, never obeyed.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message.escapingControlCharacters }
}

/// "Did you mean …?" for a mistyped command or option.
enum Spelling {
  /// `"; did you mean '--guests'?"` when one candidate is within two edits of `word`, else "".
  static func suggestion(for word: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    return "; did you mean '\(best.0)'?"
  }

  /// The Levenshtein distance: single-character insertions, deletions and substitutions.
  static func distance(_ left: String, _ right: String) -> Int {
    let (a, b) = (Array(left.prefix(64)), Array(right.prefix(64)))
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}

extension Array where Element == OptionSpec {
  fileprivate func compactMapValues(_ transform: (OptionSpec) -> String?) -> [String: String] {
    var result: [String: String] = [:]
    for option in self { if let value = transform(option) { result[option.name] = value } }
    return result
  }
}
