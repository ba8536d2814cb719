import Foundation

extension String {
  /// The string without leading and trailing white space.
  public var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Whether the string holds nothing but white space.
  public var isBlank: Bool { trimmed.isEmpty }
}
