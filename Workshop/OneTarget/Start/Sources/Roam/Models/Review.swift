import Foundation

/// A traveller's review of a trip.
public struct Review: Codable, Equatable {
  public var author: String
  public var stars: Int
  public var text: String

  public init(author: String, stars: Int, text: String) {
    self.author = author
    self.stars = stars
    self.text = text
  }
}
