public import SearchFeature

extension AppGraph {
  /// A search feature over the graph's cached trips.
  public func search(output: @escaping (SearchOutput) -> Void = { _ in }) -> SearchFeature {
    SearchFeature(dependencies: SearchDependencies(bookings: bookings), output: output)
  }
}
