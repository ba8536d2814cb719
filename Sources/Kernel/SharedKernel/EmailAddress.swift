/// An e-mail address, checked once where it is typed, so a ticket is never addressed to text
/// that cannot be one (hence not `Decodable`, which would skip the check).
public struct EmailAddress: Hashable, Sendable, Encodable, CustomStringConvertible {
  /// The longest address accepted, in characters: the most a mail server delivers to.
  public static var maximumLength: Int { 254 }

  /// The address as it was typed.
  public let rawValue: String

  /// Checks `text`: one `@` with something before it, a dot inside the domain, no spaces and no
  /// control characters (a terminal's escape codes would be printed with every ticket), at most
  /// ``EmailAddress/maximumLength`` characters; `nil` when it is not an address.
  public init?(_ text: String) {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
      !text.contains(where: \.isWhitespace), text.count <= Self.maximumLength,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    rawValue = text
  }

  /// The address itself, so it reads naturally in messages.
  public var description: String { rawValue }

  /// Encodes as the bare address, as it is written.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
