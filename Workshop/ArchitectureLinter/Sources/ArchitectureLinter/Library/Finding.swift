/// One thing a rule found: the rule, the target it is about, where, and what to do about it.
public struct Finding: Sendable, CustomStringConvertible {
  /// The rule that found it.
  public let rule: Rule
  /// The target it is about, or `nil` for a finding about the package as a whole.
  public let target: String?
  /// The file, from the package's root (`Package.swift` for a manifest entry).
  public let file: String
  /// The line in `file`, from 1.
  public let line: Int
  /// The column in `line`, from 1.
  public let column: Int
  /// What is wrong, in one line.
  public let message: String
  /// Why the rule holds in this package, from the configuration's `because`, if it says.
  public let because: String?
  /// The finding as the linter found it, with its baseline key, note and fix.
  let violation: Violation

  init(_ violation: Violation) {
    self.violation = violation
    rule =
      Rule.all.first { $0.id == violation.rule }
      ?? Rule(
        id: violation.rule, summary: "", rationale: "", runsWithoutConfiguration: false)
    target = violation.target.isEmpty ? nil : violation.target
    file = violation.file
    line = violation.line
    column = violation.column
    message = violation.message
    because = violation.because
  }

  /// The finding in the compiler's format (`file:line:column: error: [rule] message`), with its
  /// note and reason on the lines below: what the text report prints.
  public var description: String { violation.compilerStyle }
}

extension Rule {
  /// Every rule a finding can name: those a configuration enables, and the checks of the
  /// baseline and of generated documents.
  public static var all: [Rule] { allRules + Report.documentRules }
}
