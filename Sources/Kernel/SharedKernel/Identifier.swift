/// A typed identifier, so a ``TripID`` can never be passed where a ``TicketID`` is expected.
///
/// `Subject` is a phantom type: it is never stored, it only makes `Identifier<Trip>` and
/// `Identifier<Ticket>` different types. The raw text is validated once, at the boundary.
public struct Identifier<Subject>: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The longest identifier accepted, so a pasted paragraph is rejected instead of stored.
  public static var maximumLength: Int { 64 }

  /// The validated text: 1–64 ASCII letters, digits, `-` or `_`.
  public let rawValue: String

  /// Validates raw text from outside (command line, database, wire); `nil` when it is malformed.
  public init?(_ rawValue: String) {
    guard (1...Self.maximumLength).contains(rawValue.utf8.count),
      rawValue.utf8.allSatisfy(Self.isAllowed)
    else { return nil }
    self.rawValue = rawValue
  }

  /// Prints the raw text, so identifiers read naturally in messages.
  public var description: String { rawValue }

  /// Orders identifiers by their text, for stable listings.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default:
      false
    }
  }
}

extension Identifier: Codable {
  /// Decodes the bare string form and applies the same validation as `init?(_:)`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let identifier = Self(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a valid identifier")
    }
    self = identifier
  }

  /// Encodes as a bare string, so identifiers look the same on the wire as on screen.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Identifies a bookable trip across search, checkout and the supplier.
public typealias TripID = Identifier<Trip>

/// Identifies an order; it doubles as the payment idempotency key, so a retried checkout of the same
/// order can never charge twice.
public typealias OrderID = Identifier<DraftOrder>

/// Identifies an issued ticket.
public typealias TicketID = Identifier<Ticket>
