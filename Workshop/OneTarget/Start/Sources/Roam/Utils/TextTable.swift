import Foundation

/// A table of text, its columns as wide as their widest cell.
public struct TextTable {
  public enum Alignment {
    case left, right
  }

  public var headers: [String]
  public var alignments: [Alignment]
  public var rows: [[String]] = []

  public init(headers: [String], alignments: [Alignment]? = nil) {
    self.headers = headers
    self.alignments = alignments ?? headers.map { _ in .left }
  }

  public mutating func add(_ row: [String]) {
    rows.append(row)
  }

  /// The table, two spaces between columns, no trailing spaces.
  public func render() -> String {
    var widths = headers.map(\.displayWidth)
    for row in rows {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.displayWidth)
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: max(0, widths[index] - cell.displayWidth))
        let isLast = index == cells.count - 1
        switch alignments[index] {
        case .left: parts.append(isLast ? cell : cell + padding)
        case .right: parts.append(padding + cell)
        }
      }
      return parts.joined(separator: "  ")
    }
    return ([line(headers)] + rows.map(line)).joined(separator: "\n")
  }
}
