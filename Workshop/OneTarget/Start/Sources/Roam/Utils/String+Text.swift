import Foundation

extension String {
  /// Whether the string holds nothing but white space.
  public var isBlank: Bool {
    trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }

  /// The columns the string takes in a terminal (one per character here: the catalog's
  /// names hold no wide characters).
  public var displayWidth: Int { count }

  /// The string cut to `width` characters, with an ellipsis when cut.
  public func truncated(to width: Int) -> String {
    count <= width ? self : String(prefix(width - 1)) + "…"
  }
}
