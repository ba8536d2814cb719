/// Why a row's column could not be read as asked. Each case names the column, so a statement and
/// the code that reads it, when they disagree, say where.
package enum SQLRowError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The statement selected no column of that name; `selected` lists those it did.
  case missingColumn(String, selected: [String])
  /// The statement selected two columns of that name: which one is meant is not the reader's
  /// guess (give one an `AS` alias).
  case ambiguousColumn(String)
  /// The column is NULL where a value is required.
  case null(column: String)
  /// The column holds another type of value than the one asked for.
  case wrongType(column: String, expected: String, found: String)
  /// The column's text is not a valid value of the type asked for (its text is not repeated:
  /// it may be a card's fingerprint).
  case invalidValue(column: String, expected: String)

  package var description: String {
    switch self {
    case .missingColumn(let column, let selected):
      "the row has no column \"\(column)\" (it has \(selected.joined(separator: ", ")))"
    case .ambiguousColumn(let column):
      "the row has two columns named \"\(column)\""
    case .null(let column):
      "column \"\(column)\" is NULL"
    case .wrongType(let column, let expected, let found):
      "column \"\(column)\" holds \(found), not \(expected)"
    case .invalidValue(let column, let expected):
      "column \"\(column)\" does not hold a valid \(expected)"
    }
  }
}
