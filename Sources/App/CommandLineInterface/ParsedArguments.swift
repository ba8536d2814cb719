import DesignSystem

/// What a command line said, read by a `CommandSpec`; handlers read it through typed keys only.
struct ParsedArguments {
  /// The positional arguments, in order.
  fileprivate(set) var positional: [String] = []
  /// Whether `-h` or `--help` stood where an option may.
  fileprivate(set) var wantsHelp = false
  fileprivate var values: [String: String] = [:]
  fileprivate var given: Set<String> = []

  /// The option's value: what was given, converted, else what its declaration says absence is.
  func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
    try option.read(values[option.spec.name], self)
  }

  /// Whether the flag was given.
  func isSet(_ flag: Flag) -> Bool { given.contains(flag.spec.name) }

  /// Exactly one positional argument, converted by its declaration.
  func single<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value {
    guard let first = positional.first else { throw UsageError("missing <\(argument.spec.name)>") }
    guard positional.count == 1 else {
      throw UsageError("unexpected argument '\(positional[1].echoed)'")
    }
    return try argument.parse(first)
  }

  /// At most one positional argument: `nil` when there is none.
  func optional<Value>(_ argument: Argument<Value>) throws(UsageError) -> Value? {
    positional.isEmpty ? nil : try single(argument)
  }

  /// No positional argument at all.
  func none() throws(UsageError) {
    if let first = positional.first {
      throw UsageError("unexpected argument '\(first.echoed)'")
    }
  }
}

extension CommandSpec {
  /// Reads `arguments` by this declaration: `--name value` and `--name=value`, flags, positional
  /// arguments, `--` ends the options, `-h`/`--help` wherever an option may stand. A repeated or
  /// unknown option is an error, with the option it was probably meant to be.
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
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
      if GlobalOption.help.names.contains(argument) {
        parsed.wantsHelp = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(
          "unknown option '\(name.echoed)'"
            + Spelling.suggestion(for: name, among: options.map(\.name) + ["--help"]))
      }
      guard !parsed.given.contains(name) else {
        throw UsageError("'\(name.echoed)' is given more than once")
      }
      parsed.given.insert(name)
      guard option.value != nil else {
        guard parts.count == 1 else { throw UsageError("'\(name.echoed)' takes no value") }
        continue
      }
      if parts.count == 2 {
        parsed.values[name] = parts[1]
      } else {
        guard index < arguments.count else { throw UsageError("'\(name.echoed)' needs a value") }
        parsed.values[name] = arguments[index]
        index += 1
      }
    }
    if !parsed.wantsHelp {
      for option in options where option.isRequired && !parsed.given.contains(option.name) {
        throw UsageError("missing \(option.label)")
      }
    }
    return parsed
  }
}
