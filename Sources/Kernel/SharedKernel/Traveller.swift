/// The person a ticket is for, validated once so every later step can trust it (hence not
/// `Decodable`, which would skip the validation).
public struct Traveller: Hashable, Sendable, Encodable {
  /// The name printed on the ticket.
  public let name: String
  /// Where the ticket may be sent, if given.
  public let email: EmailAddress?

  /// The longest name accepted, in characters.
  public static let maximumNameLength = 100

  /// Validates a traveller: a non-empty name of at most 100 characters; the address, when one
  /// is given, was checked when it became an ``EmailAddress``.
  public init(name: String, email: EmailAddress? = nil) throws(TravellerError) {
    self.name = try Self.checkedName(name)
    self.email = email
  }

  /// Validates a traveller whose address is still text: the name first, then the address as
  /// ``EmailAddress`` checks it.
  public init(name: String, email: String?) throws(TravellerError) {
    self.name = try Self.checkedName(name)
    self.email = try email.map { text throws(TravellerError) in
      guard let address = EmailAddress(text) else { throw .malformedEmail(text) }
      return address
    }
  }

  /// The name with its runs of whitespace made single spaces, when it is one a ticket can carry.
  private static func checkedName(_ name: String) throws(TravellerError) -> String {
    guard
      !name.unicodeScalars.contains(where: {
        $0.properties.generalCategory == .control && !$0.properties.isWhitespace
      })
    else { throw .controlCharacters }
    let trimmedName = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !trimmedName.isEmpty else { throw .emptyName }
    guard trimmedName.count <= maximumNameLength else {
      throw .nameTooLong(maximum: maximumNameLength)
    }
    return trimmedName
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
