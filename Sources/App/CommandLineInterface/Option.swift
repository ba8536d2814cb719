/// An option as a handler reads it: a typed key whose declaration feeds help, completions and
/// the man page, and whose one conversion turns what was typed into the value, so no handler
/// reads an option by its spelling or falls back to a made-up value.
///
/// `Value` says how absence reads: `Option<CalendarDate?>` is `nil` when not given, an option
/// with a default or a required one reads as the value itself.
struct Option<Value: Sendable>: OptionDeclaration {
  let spec: OptionSpec
  /// The text given (`nil` when the option was not) as the value; `given` holds the other
  /// options, for a value that depends on one.
  let read: @Sendable (_ text: String?, _ given: ParsedArguments) throws(UsageError) -> Value

  /// An option the command runs without: `nil` when not given.
  static func optional<Wrapped>(_ name: String, _ value: OptionValue<Wrapped>, _ help: String)
    -> Option<Wrapped?> where Value == Wrapped?
  {
    Option<Wrapped?>(spec: value.spec(name, help, default: nil, required: false)) {
      text, given throws(UsageError) in
      try text.map { text throws(UsageError) in try value.parse(text, name, given) }
    }
  }

  /// An option that has `defaultValue` when not given; help shows the default.
  static func defaulted(
    _ name: String, _ value: OptionValue<Value>, _ help: String, default defaultValue: Value
  ) -> Option<Value> {
    Option(spec: value.spec(name, help, default: value.shown(defaultValue), required: false)) {
      text, given throws(UsageError) in
      guard let text else { return defaultValue }
      return try value.parse(text, name, given)
    }
  }

  /// An option the command refuses to run without.
  static func required(_ name: String, _ value: OptionValue<Value>, _ help: String)
    -> Option<Value>
  {
    let spec = value.spec(name, help, default: nil, required: true)
    return Option(spec: spec) { text, given throws(UsageError) in
      // The parser refuses a command line without it first; read on its own, the same error.
      guard let text else { throw UsageError("missing \(name) \(value.placeholder)") }
      return try value.parse(text, name, given)
    }
  }
}

/// A flag: given or not.
struct Flag: OptionDeclaration {
  let spec: OptionSpec

  init(_ name: String, _ help: String) {
    spec = OptionSpec(
      name: name, value: nil, help: help, defaultValue: nil, isRequired: false, choices: [])
  }

  /// `--json`, which every command that prints something takes.
  static let json = Flag("--json", "print JSON")
}

/// What a command's declaration lists: an option or a flag, by its declaration.
protocol OptionDeclaration: Sendable {
  var spec: OptionSpec { get }
}

/// An option's declaration as help, completions and the man page show it.
struct OptionSpec: Sendable {
  /// `--places`.
  let name: String
  /// The value's placeholder (`N`), or `nil` for a flag.
  let value: String?
  /// One line of help, what the value may be included (`places, 1 to 9`).
  let help: String
  /// The default shown in help, when the option has one.
  let defaultValue: String?
  /// Whether the command refuses to run without it.
  let isRequired: Bool
  /// The values a shell may complete, when the option takes one of a few.
  let choices: [String]

  /// `--places N`, or `--json` for a flag.
  var label: String { value.map { "\(name) \($0)" } ?? name }

  /// The help line's text with the default: `places, 1 to 9 (default 1)`.
  var helpWithDefault: String { help + (defaultValue.map { " (default \($0))" } ?? "") }
}
