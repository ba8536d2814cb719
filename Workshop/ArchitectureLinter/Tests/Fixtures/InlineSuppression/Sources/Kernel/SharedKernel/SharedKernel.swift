public struct Money: Sendable {
  public let minorUnits: Int64
}
