import DesignSystem
import Foundation
import SharedKernel

/// A positional argument as a handler reads it: its declaration for help and completions, and
/// the one conversion from what was typed.
struct Argument<Value: Sendable>: Sendable {
  let spec: ArgumentSpec
  /// What was typed as the value, or the usage error that says what was expected.
  let parse: @Sendable (String) throws(UsageError) -> Value

  /// Text as it was typed.
  static func text(
    _ name: String, _ help: String, completion: ArgumentSpec.Completion = .none,
    isOptional: Bool = false
  ) -> Argument<String> {
    Argument<String>(
      spec: ArgumentSpec(name: name, help: help, completion: completion, isOptional: isOptional)
    ) { $0 }
  }

  /// A value a type reads from text itself, refused with `refusal(text)` when it cannot.
  static func parsed(
    _ name: String, _ help: String, completion: ArgumentSpec.Completion = .none,
    isOptional: Bool = false, _ make: @escaping @Sendable (String) -> Value?,
    refusal: @escaping @Sendable (String) -> String
  ) -> Argument<Value> {
    typed(name, help, completion: completion, isOptional: isOptional) {
      text throws(UsageError) in
      guard let value = make(text) else { throw UsageError(refusal(text.echoed)) }
      return value
    }
  }

  /// A value that `read` makes from the text, or refuses with the usage error that says what
  /// was expected.
  static func typed(
    _ name: String, _ help: String, completion: ArgumentSpec.Completion = .none,
    isOptional: Bool = false,
    _ read: @escaping @Sendable (String) throws(UsageError) -> Value
  ) -> Argument<Value> {
    Argument(
      spec: ArgumentSpec(name: name, help: help, completion: completion, isOptional: isOptional),
      parse: read)
  }
}

/// A positional argument's declaration, as help, usage lines and completions show it.
struct ArgumentSpec: Sendable {
  /// What a shell completes in an argument's place.
  enum Completion: Sendable, Equatable {
    /// Nothing: the person types it.
    case none
    /// One of these words.
    case choices([String])
    /// The name of one of voyage's commands.
    case commandName
  }

  /// Its name in usage lines: `destination`.
  let name: String
  /// One line of help.
  let help: String
  /// What a shell may complete for it.
  let completion: Completion
  /// Whether the command runs without it (`voyage help` and `voyage help search`).
  let isOptional: Bool
}

extension Argument where Value == TripID {
  /// A trip's identifier as a person types it: spaces around it are dropped and its letters
  /// read as capitals, as search folds case (`lis-004`, ` LIS-004 ` are `LIS-004`).
  static func trip(_ help: String) -> Argument<TripID> {
    parsed(
      "trip", help,
      { TripID($0.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()) },
      refusal: { "'\($0)' is not a trip identifier (like LIS-001)" })
  }
}
