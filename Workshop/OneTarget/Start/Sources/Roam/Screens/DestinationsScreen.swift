import Foundation

/// Every destination of the catalog, by country.
public final class DestinationsScreen: Screen {
  public let name = "destinations"
  public let viewModel: DestinationsViewModel

  public init(viewModel: DestinationsViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> Int32 {
    viewModel.load()
    if let error = viewModel.error { return report(error) }
    Console.current.line(L10n.text("destinations.title", String(viewModel.destinations.count)))
    for (country, cities) in viewModel.byCountry {
      Console.current.line()
      Console.current.line(country)
      for city in cities {
        Console.current.line("  \(city.code)  \(city.city)")
      }
    }
    return 0
  }
}
