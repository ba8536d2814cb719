public struct TripID: Hashable, Sendable {
  public let rawValue: String
}
