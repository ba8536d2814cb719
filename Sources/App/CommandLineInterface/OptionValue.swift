import DesignSystem
import Foundation
import SharedKernel

/// How an option's text becomes a value: its placeholder, what help says it accepts, what a
/// shell may complete, and the one message that refuses anything else. Ranges and choices are
/// read from the types they belong to, so help and errors cannot drift from them.
struct OptionValue<Value: Sendable>: Sendable {
  /// The placeholder in usage lines: `N`, `DATE`.
  let placeholder: String
  /// What help appends to the option's own words: `, 1 to 9` or `: price, rating or date`.
  let accepted: String
  /// The values a shell may complete; empty when any text goes.
  let choices: [String]
  /// A default as help shows it.
  let shown: @Sendable (Value) -> String
  /// The typed text as the value, or the usage error that names the option (`name`); a value
  /// that depends on another option (an amount on its currency) reads it from `given`.
  let parse:
    @Sendable (_ text: String, _ name: String, _ given: ParsedArguments) throws(UsageError) ->
      Value

  fileprivate init(
    placeholder: String, accepted: String = "", choices: [String] = [],
    shown: @escaping @Sendable (Value) -> String,
    parse: @escaping @Sendable (String, String, ParsedArguments) throws(UsageError) -> Value
  ) {
    self.placeholder = placeholder
    self.accepted = accepted
    self.choices = choices
    self.shown = shown
    self.parse = parse
  }

  func spec(_ name: String, _ help: String, default shownDefault: String?, required: Bool)
    -> OptionSpec
  {
    OptionSpec(
      name: name, value: placeholder, help: help + accepted, defaultValue: shownDefault,
      isRequired: required, choices: choices)
  }

  /// Any text that is not empty.
  static func text(_ placeholder: String) -> OptionValue<String> {
    OptionValue<String>.typed(placeholder) { text, _, _ throws(UsageError) in text }
  }

  /// A value read from text that is not empty (`''` is refused as no value at all): `read`
  /// makes it, or throws the usage error that says what was expected, from the text, the
  /// option's name and the other options given.
  static func typed(
    _ placeholder: String,
    _ read: @escaping @Sendable (String, String, ParsedArguments) throws(UsageError) -> Value
  ) -> OptionValue<Value> {
    OptionValue(
      placeholder: placeholder, shown: { "\($0)" },
      parse: { text, name, given throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("\(name) needs a value, not ''") }
        return try read(text, name, given)
      })
  }

  /// A whole number within `range`.
  static func integer(in range: ClosedRange<Int>, _ placeholder: String = "N")
    -> OptionValue<Int>
  {
    let bounds = "\(range.lowerBound) to \(range.upperBound)"
    return OptionValue<Int>(
      placeholder: placeholder, accepted: ", \(bounds)", shown: { "\($0)" },
      parse: {
        text, name, _ throws(UsageError) in
        guard let number = Int(text) else {
          throw UsageError("\(name) must be a whole number, not '\(text.echoed)'")
        }
        guard range.contains(number) else {
          throw UsageError("\(name) must be \(bounds), not \(number)")
        }
        return number
      })
  }

  /// A calendar date written `YYYY-MM-DD`.
  static var date: OptionValue<CalendarDate> {
    OptionValue<CalendarDate>(
      placeholder: "DATE", accepted: ", YYYY-MM-DD", shown: { $0.description },
      parse: { text, name, _ throws(UsageError) in
        guard let date = CalendarDate(iso8601: text) else {
          throw UsageError(
            "\(name) must be a real date written YYYY-MM-DD, not '\(text.echoed)'")
        }
        return date
      })
  }

  /// A path, relative to the working directory or absolute.
  static var path: OptionValue<URL> {
    OptionValue<URL>(
      placeholder: "PATH", shown: { $0.path },
      parse: { text, name, _ throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("\(name) needs a path, not ''") }
        return URL(fileURLWithPath: text)
      })
  }

  /// One of an enumeration's cases, by its raw value.
  static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
    of _: Choice.Type, _ placeholder: String
  ) -> OptionValue<Choice> where Choice.RawValue == String {
    choice(among: Choice.allCases.map { $0 }, named: \.rawValue, placeholder, separator: ": ")
  }

  /// One of `values`, each typed as `name(value)`; help lists them after `separator`, or, with
  /// `nil`, leaves them to completions and the error.
  static func choice<Choice: Sendable>(
    among values: [Choice], named name: @escaping @Sendable (Choice) -> String,
    _ placeholder: String, separator: String? = ", "
  ) -> OptionValue<Choice> {
    let names = values.map(name)
    let list = Self.list(names)
    return OptionValue<Choice>(
      placeholder: placeholder, accepted: separator.map { $0 + list } ?? "", choices: names,
      shown: name,
      parse: { text, option, _ throws(UsageError) in
        guard let index = names.firstIndex(of: text) else {
          throw UsageError(
            "\(option) must be \(list), not '\(text.echoed)'"
              + Spelling.suggestion(for: text, among: names))
        }
        return values[index]
      })
  }

  /// A value that a type reads from text itself (an identifier, an expiry), with what it
  /// accepts said once, for the error.
  static func parsed(
    _ placeholder: String, accepting description: String,
    _ make: @escaping @Sendable (String) -> Value?
  ) -> OptionValue<Value> {
    OptionValue(
      placeholder: placeholder, shown: { "\($0)" },
      parse: { text, name, _ throws(UsageError) in
        guard let value = make(text) else {
          throw UsageError("\(name) must be \(description), not '\(text.echoed)'")
        }
        return value
      })
  }

  /// `a, b or c`.
  private static func list(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }
}
