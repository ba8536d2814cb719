public struct Order {}
