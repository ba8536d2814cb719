final class APIClient: Sendable {
  func trips() -> [Trip] { [Trip(id: "LIS-1", price: 120)] }
}
