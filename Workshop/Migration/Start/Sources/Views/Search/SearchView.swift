import Analytics
import Networking
import Utils
import ViewModels

/// The search screen.
@MainActor
public struct SearchView {
  public let viewModel: SearchViewModel

  public init(viewModel: SearchViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> String {
    Analytics.shared.track(screen: viewModel)
    guard !viewModel.results.isEmpty else { return "No trips to \(viewModel.destination)." }
    let rows = viewModel.results.map { (dto: TripDTO) in
      let places = dto.placesLeft == 0 ? "sold out" : "\(dto.placesLeft) places left"
      return [
        dto.tripId, dto.title, DateFormatting.display(dto.departureDate), "\(dto.nights) nights",
        MoneyFormatting.format(minor: dto.priceMinor, currency: dto.currencyCode), places,
      ].joined(separator: "  ")
    }
    return (["Trips to \(viewModel.destination):"] + rows).joined(separator: "\n")
  }
}
