/// A command's arguments, parsed by hand the way swift-argument-parser does it: `--name value`
/// or `--name=value` options, `--flag` flags, positional arguments, `--` ends the options, a
/// repeated option or an unknown one is an error.
struct ParsedArguments {
  private(set) var positional: [String] = []
  private var options: [String: String] = [:]
  private var flags: Set<String> = []

  init(_ arguments: [String], options known: Set<String>, flags knownFlags: Set<String>)
    throws(UsageError)
  {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      if knownFlags.contains(name) {
        guard parts.count == 1 else { throw UsageError("'\(name)' takes no value") }
        guard flags.insert(name).inserted else {
          throw UsageError("'\(name)' is given more than once")
        }
      } else if known.contains(name) {
        guard options[name] == nil else { throw UsageError("'\(name)' is given more than once") }
        if parts.count == 2 {
          options[name] = parts[1]
        } else {
          guard index < arguments.count else { throw UsageError("'\(name)' needs a value") }
          options[name] = arguments[index]
          index += 1
        }
      } else {
        throw UsageError("unknown option '\(name)'")
      }
    }
  }

  /// The value of an option, if given.
  func value(_ name: String) -> String? { options[name] }

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Exactly one positional argument, named `name` in the error.
  func single(_ name: String) throws(UsageError) -> String {
    guard let first = positional.first else { throw UsageError("missing <\(name)>") }
    guard positional.count == 1 else { throw UsageError("unexpected argument '\(positional[1])'") }
    return first
  }

  /// No positional argument at all.
  func none() throws(UsageError) {
    if let first = positional.first { throw UsageError("unexpected argument '\(first)'") }
  }
}

/// A misuse of the command line: exit status 64, one line on stderr, then the usage.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
