/// A table for the terminal whose columns line up by display width, so "東京", "Kraków" and
/// "São Paulo" align as a person sees them, not as `count` measures them.
public struct TextTable: Sendable {
  /// One column: its heading, which side its text keeps to, and an optional width cap.
  public struct Column: Sendable {
    /// The heading printed above the column.
    public let header: String
    /// Which side the column's text keeps to.
    public let alignment: TextAlignment
    /// The widest the column may be, in columns; longer text is cut with `…`.
    public let maximumWidth: Int?

    /// Describes a column.
    public init(_ header: String, alignment: TextAlignment = .leading, maximumWidth: Int? = nil) {
      self.header = header
      self.alignment = alignment
      self.maximumWidth = maximumWidth
    }
  }

  /// One cell: its text and, optionally, what its colour means.
  public struct Cell: Sendable, ExpressibleByStringLiteral {
    /// The plain text; padding is computed from it, before any colour is applied.
    public let text: String
    /// The colour token, if the cell is coloured.
    public let color: ColorToken?

    /// A cell with an optional colour.
    public init(_ text: String, color: ColorToken? = nil) {
      self.text = text
      self.color = color
    }

    /// A plain cell from a literal.
    public init(stringLiteral value: String) {
      self.init(value)
    }
  }

  /// The columns, left to right.
  public let columns: [Column]
  /// The rows; a row shorter than `columns` is padded with empty cells.
  public private(set) var rows: [[Cell]] = []

  /// An empty table with these columns.
  public init(columns: [Column]) {
    self.columns = columns
  }

  /// Appends a row.
  public mutating func append(_ row: [Cell]) {
    rows.append(row)
  }

  /// The table as lines: a heading line in the title style, then one line per row, columns
  /// separated by `Spacing.columnGap` and no trailing spaces.
  public func render(theme: TerminalTheme) -> [String] {
    let texts = rows.map { row in
      columns.indices.map { index in
        let text = index < row.count ? row[index].text : ""
        return columns[index].maximumWidth.map { text.truncated(toDisplayWidth: $0) } ?? text
      }
    }
    let widths = columns.indices.map { index in
      ([columns[index].header] + texts.map { $0[index] }).map(\.displayWidth).max() ?? 0
    }
    let gap = String(repeating: " ", count: Spacing.columnGap)
    func line(_ cells: [String], colors: [ColorToken?], styled: (String) -> String) -> String {
      let padded = cells.indices.map { index in
        let isLast = index == cells.count - 1
        let alignment = columns[index].alignment
        let text =
          isLast && alignment == .leading
          ? cells[index] : cells[index].padded(toDisplayWidth: widths[index], alignment: alignment)
        return colors[index].map { theme.paint(text, $0) } ?? styled(text)
      }
      return padded.joined(separator: gap)
    }
    let header = line(columns.map(\.header), colors: columns.map { _ in nil }) {
      theme.style($0, .title)
    }
    let body = rows.indices.map { rowIndex in
      line(
        texts[rowIndex],
        colors: columns.indices.map { index in
          index < rows[rowIndex].count ? rows[rowIndex][index].color : nil
        }
      ) { $0 }
    }
    return [header] + body
  }
}
