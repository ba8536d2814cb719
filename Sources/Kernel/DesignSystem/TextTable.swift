/// A table for the terminal whose columns line up by display width, so "東京", "Kraków" and
/// "São Paulo" align as a person sees them, not as `count` measures them.
public struct TextTable: Sendable {
  /// One column: its heading, which side its text keeps to, how wide it may be, and what may
  /// happen to it when the terminal is narrow.
  public struct Column: Sendable {
    /// The heading printed above the column.
    public let header: String
    /// Which side the column's text keeps to.
    public let alignment: TextAlignment
    /// The widest the column may be, in columns; longer text is cut with the ellipsis.
    public let maximumWidth: Int?
    /// The narrowest the column may be cut to when the terminal is narrow; `nil` when its text
    /// must never be cut (numbers, amounts, identifiers).
    public let minimumWidth: Int?
    /// When the terminal is too narrow even so, columns with a drop order leave the table,
    /// lowest first; `nil` for a column that always stays.
    public let dropOrder: Int?

    /// Describes a column.
    public init(
      _ header: String, alignment: TextAlignment = .leading, maximumWidth: Int? = nil,
      minimumWidth: Int? = nil, dropOrder: Int? = nil
    ) {
      self.header = header
      self.alignment = alignment
      self.maximumWidth = maximumWidth
      self.minimumWidth = minimumWidth
      self.dropOrder = dropOrder
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
  /// separated by ``Spacing/columnGap`` and no trailing spaces. Within the theme's width, when it
  /// has one: cuttable columns are cut (with the theme's ellipsis), and if that is not enough,
  /// droppable columns leave; a value is never wrapped or cut mid-number.
  public func render(theme: TerminalTheme) -> [String] {
    let ellipsis = theme.symbol(.ellipsis)
    let (shown, caps) = layout(width: theme.width, ellipsisWidth: ellipsis.displayWidth)
    let columns = shown.map { self.columns[$0] }
    let texts = rows.map { row in
      zip(shown, caps).map { index, cap in
        let text = index < row.count ? row[index].text : ""
        return cap.map { text.truncated(toDisplayWidth: $0, ellipsis: ellipsis) } ?? text
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
        colors: shown.map { index in
          index < rows[rowIndex].count ? rows[rowIndex][index].color : nil
        }
      ) { $0 }
    }
    return [header] + body
  }

  /// Which columns to show and how wide each may be: every column at its natural width when
  /// that fits (or there is no limit); else cuttable columns shrink toward their minimum, the
  /// widest first; else the lowest drop order leaves, and the fitting starts again.
  private func layout(width limit: Int?, ellipsisWidth: Int) -> (shown: [Int], caps: [Int?]) {
    let natural = columns.indices.map { index in
      let widest =
        ([columns[index].header] + rows.map { index < $0.count ? $0[index].text : "" })
        .map(\.displayWidth).max() ?? 0
      return min(widest, columns[index].maximumWidth ?? widest)
    }
    var shown = Array(columns.indices)
    while true {
      var widths = shown.map { natural[$0] }
      guard let limit else { return (shown, shown.map { columns[$0].maximumWidth }) }
      let gaps = Spacing.columnGap * max(0, shown.count - 1)
      var excess = widths.reduce(0, +) + gaps - limit
      // Shrink the widest cuttable column one step at a time, never below its minimum.
      while excess > 0 {
        let cuttable = shown.indices.filter { position in
          guard let minimum = columns[shown[position]].minimumWidth else { return false }
          return widths[position] > max(minimum, ellipsisWidth + 1)
        }
        guard let widest = cuttable.max(by: { widths[$0] < widths[$1] }) else { break }
        widths[widest] -= 1
        excess -= 1
      }
      if excess <= 0 {
        let caps = shown.indices.map { position -> Int? in
          widths[position] < natural[shown[position]]
            ? widths[position] : columns[shown[position]].maximumWidth
        }
        return (shown, caps)
      }
      guard
        let dropped = shown.filter({ columns[$0].dropOrder != nil })
          .min(by: { (columns[$0].dropOrder ?? 0) < (columns[$1].dropOrder ?? 0) })
      else {
        // Nothing left to drop: the narrowest table possible, wider than the limit.
        return (shown, shown.indices.map { widths[$0] })
      }
      shown.removeAll { $0 == dropped }
    }
  }
}
