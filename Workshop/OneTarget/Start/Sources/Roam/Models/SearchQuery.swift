import Foundation

/// What the traveller searched for.
public struct SearchQuery: Codable, Equatable {
  public var destination: String
  public var places: Int
  public var maxPrice: Money?

  public init(destination: String, places: Int, maxPrice: Money? = nil) {
    self.destination = destination
    self.places = places
    self.maxPrice = maxPrice
  }

  /// The destination as typed, trimmed.
  public var trimmedDestination: String {
    destination.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
