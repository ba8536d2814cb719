/// The person a ticket is for, validated once so every later step can trust it (hence not
/// `Decodable`, which would skip the validation).
public struct Traveller: Hashable, Sendable, Encodable {
  /// The name printed on the ticket.
  public let name: String
  /// Where the ticket may be sent, if given.
  public let email: String?

  /// The longest name accepted, in characters.
  public static let maximumNameLength = 100

  /// Validates a traveller: a non-empty name of at most 100 characters, and an e-mail address
  /// with one `@`, a dot in the domain and no spaces when one is given.
  public init(name: String, email: String? = nil) throws(TravellerError) {
    guard
      !name.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control && !$0.properties.isWhitespace
      })
    else { throw .controlCharacters }
    let trimmedName = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !trimmedName.isEmpty else { throw .emptyName }
    guard trimmedName.count <= Self.maximumNameLength else {
      throw .nameTooLong(maximum: Self.maximumNameLength)
    }
    if let email {
      let parts = email.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
        !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
        !email.contains(where: \.isWhitespace), email.count <= 254
      else { throw .malformedEmail(email) }
    }
    self.name = trimmedName
    self.email = email
  }
}

/// Why traveller details were refused.
public enum TravellerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name is empty or only whitespace.
  case emptyName
  /// The name holds control characters (such as terminal escape codes), which no name has.
  case controlCharacters
  /// The name is longer than ``Traveller/maximumNameLength``.
  case nameTooLong(maximum: Int)
  /// The e-mail address is not of the form `name@domain.tld`.
  case malformedEmail(String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .emptyName: "the traveller's name is empty"
    case .controlCharacters: "the traveller's name holds control characters"
    case .nameTooLong(let maximum): "the traveller's name is longer than \(maximum) characters"
    // The address is not quoted: it may be of any length; whoever shows it bounds it.
    case .malformedEmail: "the e-mail address is not of the form name@example.com"
    }
  }
}
