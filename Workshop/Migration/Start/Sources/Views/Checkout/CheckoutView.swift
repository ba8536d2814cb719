import Analytics
import Models
import Utils
import ViewModels

/// The checkout screen, once the order is placed.
@MainActor
public struct CheckoutView {
  public let viewModel: CheckoutViewModel

  public init(viewModel: CheckoutViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> String {
    Analytics.shared.track(screen: viewModel)
    guard let trip = viewModel.trip, let confirmation = trip.confirmationText,
      let total = trip.totalMinor
    else { return "Nothing booked yet." }
    return [
      confirmation,
      "Total: " + MoneyFormatting.format(minor: total, currency: trip.currencyCode),
      "Thank you for booking with \(AppConfig.current.agencyName).",
    ].joined(separator: "\n")
  }
}
