import Foundation

/// A Swift file edited by its tokens, not by the shape of its lines (what `check-architecture
/// source remove-elements` does): the scaffolding removes the list elements that named a module's
/// types when the module goes.
public struct SourceEditor: Sendable {
  /// The file's bytes, edited in place.
  private var bytes: [UInt8]

  /// An editor of the Swift file whose text is `source`.
  public init(_ source: String) {
    bytes = Array(source.utf8)
  }

  /// An editor of the Swift file whose bytes are `source`, kept as they are.
  init(bytes source: [UInt8]) {
    bytes = source
  }

  /// The file as edited so far, to be written where it was read.
  public var source: String { String(decoding: bytes, as: UTF8.self) }

  /// The file's bytes as edited so far.
  var editedBytes: [UInt8] { bytes }

  /// Removes every element of a list (an array literal, an argument list) that names one of
  /// `names`; returns what it removed, one line each (`12: removed SearchCommands.self`), and
  /// nothing when no element names one.
  public mutating func removeElements(naming names: Set<String>) -> [String] {
    let (edits, removed): ([Edit], [String]) = bytes.withUnsafeBufferPointer { buffer in
      let source = EditableSource(buffer)
      let edits = source.removingElements(naming: names)
      return (edits, edits.map(source.summary(of:)))
    }
    Edit.apply(edits, to: &bytes)
    return removed
  }
}
