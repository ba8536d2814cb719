/// A value bound to, or read from, a statement. Values always travel as parameters, never
/// interpolated into SQL text; they go over the wire as text, and the server reads them as the
/// type the statement gives them.
package enum ServerValue: Sendable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null

  /// The value as text, if it is text.
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The value as an integer, if it is one.
  package var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The value as a double, if it is a number.
  package var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The parameter's text form; `nil` is SQL's NULL. A double's shortest exact form reads back
  /// as the same double.
  var wireText: String? {
    switch self {
    case .integer(let value): String(value)
    case .real(let value): "\(value)"
    case .text(let value): value
    case .null: nil
    }
  }
}
