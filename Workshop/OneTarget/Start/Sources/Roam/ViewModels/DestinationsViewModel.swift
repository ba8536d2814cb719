import Foundation

/// Every destination of the catalog, with how many of the traveller's tickets go there.
public final class DestinationsViewModel {
  public let api: RoamAPI
  public private(set) var destinations: [Destination] = []
  public private(set) var error: RoamError?

  public init(api: RoamAPI) {
    self.api = api
  }

  public func load() {
    do {
      destinations = try api.destinations()
    } catch let failure as RoamError {
      error = failure
    } catch {
      self.error = .server(status: 0)
    }
  }

  /// The destinations grouped by country, countries and cities in order.
  public var byCountry: [(country: String, cities: [Destination])] {
    Dictionary(grouping: destinations, by: \.country).sorted { $0.key < $1.key }.map {
      ($0.key, $0.value.sorted { $0.city < $1.city })
    }
  }
}
