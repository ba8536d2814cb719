/// One row of a statement's result, its values named by the columns the statement itself
/// selected (SQLite's `sqlite3_column_name`, libpq's `PQfname`), so a reader asks for
/// `try row.text("state")` and never counts positions in a column list written elsewhere.
///
/// Every accessor throws an ``SQLRowError`` naming the column when the row has no such column,
/// has two of that name, holds NULL where a value is required, or holds another type.
package struct SQLRow: Sendable, Hashable {
  /// The columns' names, in the statement's order: an `AS` alias, or the column's own name.
  package let columns: [String]
  private let values: [SQLValue]

  /// A row of `values` under `columns`, both in the statement's order, as a connection reads it.
  package init(columns: [String], values: [SQLValue]) {
    precondition(columns.count == values.count, "a row has one value for each column")
    self.columns = columns
    self.values = values
  }

  /// The text in `column`, which must not be NULL.
  package func text(_ column: String) throws(SQLRowError) -> String {
    try required(nullableText(column), column)
  }

  /// The text in `column`, or `nil` when it is NULL.
  package func nullableText(_ column: String) throws(SQLRowError) -> String? {
    try read(column, as: "text", \.text)
  }

  /// The text in `column` made into a value that checks its text (an identifier, a state), which
  /// must not be NULL; text that `make` refuses is ``SQLRowError/invalidValue(column:expected:)``.
  package func text<Value>(_ column: String, as make: (String) -> Value?) throws(SQLRowError)
    -> Value
  {
    try required(nullableText(column, as: make), column)
  }

  /// The text in `column` made into a value that checks its text, or `nil` when it is NULL.
  package func nullableText<Value>(_ column: String, as make: (String) -> Value?)
    throws(SQLRowError) -> Value?
  {
    guard let text = try nullableText(column) else { return nil }
    guard let value = make(text) else {
      throw .invalidValue(column: column, expected: String(describing: Value.self))
    }
    return value
  }

  /// The integer in `column`, which must not be NULL.
  package func integer(_ column: String) throws(SQLRowError) -> Int64 {
    try required(nullableInteger(column), column)
  }

  /// The integer in `column`, or `nil` when it is NULL.
  package func nullableInteger(_ column: String) throws(SQLRowError) -> Int64? {
    try read(column, as: "integer", \.integer)
  }

  /// The number in `column` as a double (an integer reads as one too), which must not be NULL.
  package func real(_ column: String) throws(SQLRowError) -> Double {
    try required(nullableReal(column), column)
  }

  /// The number in `column` as a double, or `nil` when it is NULL.
  package func nullableReal(_ column: String) throws(SQLRowError) -> Double? {
    try read(column, as: "real", \.real)
  }

  /// The value in `column` converted by `convert`, `nil` when it is NULL.
  private func read<Value>(
    _ column: String, as expected: String, _ convert: (SQLValue) -> Value?
  ) throws(SQLRowError) -> Value? {
    let named = zip(columns, values).filter { $0.0 == column }.map(\.1)
    guard let value = named.first else { throw .missingColumn(column, selected: columns) }
    guard named.count == 1 else { throw .ambiguousColumn(column) }
    if case .null = value { return nil }
    guard let converted = convert(value) else {
      throw .wrongType(column: column, expected: expected, found: value.typeName)
    }
    return converted
  }

  private func required<Value>(_ value: Value?, _ column: String) throws(SQLRowError) -> Value {
    guard let value else { throw .null(column: column) }
    return value
  }
}
