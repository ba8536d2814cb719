import Foundation

/// A place trips go to.
public struct Destination: Codable, Equatable, Hashable {
  public var code: String
  public var city: String
  public var country: String

  public init(code: String, city: String, country: String) {
    self.code = code
    self.city = city
    self.country = country
  }

  /// Whether a search text names this destination: its code, city or country, ignoring case
  /// and accents.
  public func matches(_ text: String) -> Bool {
    let wanted = text.folded
    return [code, city, country].contains { $0.folded == wanted || $0.folded.hasPrefix(wanted) }
  }
}

extension String {
  /// The string without case or accents, for comparisons: "São Paulo" → "sao paulo".
  public var folded: String {
    folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
  }
}
