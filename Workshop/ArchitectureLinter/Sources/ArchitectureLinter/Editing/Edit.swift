import Foundation

/// One replacement of a range of a file's bytes.
struct Edit {
  let range: Range<Int>
  let replacement: String

  /// Applies `edits` to `bytes`, overlapping ones merged, from the end of the file backwards.
  static func apply(_ edits: [Edit], to bytes: inout [UInt8]) {
    var merged: [Edit] = []
    for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      if let last = merged.last, edit.range.lowerBound < last.range.upperBound {
        merged[merged.count - 1] = Edit(
          range: last.range.lowerBound..<max(last.range.upperBound, edit.range.upperBound),
          replacement: last.replacement + edit.replacement)
      } else {
        merged.append(edit)
      }
    }
    for edit in merged.reversed() {
      bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
    }
  }
}
