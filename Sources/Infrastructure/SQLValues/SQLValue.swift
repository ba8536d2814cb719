/// A value bound to, or read from, an SQL statement, in SQLite and PostgreSQL alike: one type, so
/// code moving between the two databases never converts. Values always travel as parameters,
/// never interpolated into SQL text.
package enum SQLValue: Sendable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null

  /// The value as text, if it is text.
  var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The value as an integer, if it is one.
  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The value as a double, if it is a number: a whole number read from a real column (SQLite
  /// may store one as an integer) is a real too.
  var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The type's name in an error: what a column held.
  var typeName: String {
    switch self {
    case .integer: "integer"
    case .real: "real"
    case .text: "text"
    case .null: "NULL"
    }
  }
}
