struct Trip {
  let id: String
  let price: Int
}

func formatted(_ trip: Trip) -> String { "\(trip.id): \(trip.price)" }

extension Trip {
  /// The shortcut the folder rule finds: a model that reaches for the network.
  static let loader = APIClient()
}
