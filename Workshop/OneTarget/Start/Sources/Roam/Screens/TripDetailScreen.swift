import Foundation
import TrackKit

/// One trip: where, when, how much, what travellers said, and the way on to checkout.
public final class TripDetailScreen: Screen {
  public let name = "trip_detail"
  public let viewModel: TripDetailViewModel
  public var tripID = ""

  public init(viewModel: TripDetailViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> Int32 {
    viewModel.load(tripID: tripID)
    if let error = viewModel.error { return report(error) }
    guard let trip = viewModel.trip else { return report(.noSuchTrip(tripID)) }
    Console.current.line("\(trip.isFavourite ? "♥ " : "")\(trip.title)  \(trip.id)")
    let rows: [(String, String)] = [
      (L10n.text("detail.destination"), "\(trip.destination.city), \(trip.destination.country)"),
      (
        L10n.text("detail.dates"),
        "\(trip.displayDates) (\(L10n.text("detail.nights", String(trip.nights))))"
      ),
      (L10n.text("detail.price"), L10n.text("detail.perPlace", trip.displayPrice)),
      (
        L10n.text("detail.rating"),
        "\(stars(viewModel.stars)) (\(L10n.text("detail.reviewCount", String(viewModel.reviews.count))))"
      ),
      (
        L10n.text("detail.places"),
        viewModel.placesLeft > 0 ? String(viewModel.placesLeft) : L10n.text("search.soldOut")
      ),
      (L10n.text("detail.highlights"), trip.highlights.joined(separator: ", ")),
    ]
    let width = rows.map(\.0.displayWidth).max() ?? 0
    for (label, value) in rows {
      let padding = String(repeating: " ", count: width - label.displayWidth)
      Console.current.line("  \(label)\(padding)  \(value)")
    }
    Console.current.line()
    Console.current.line("  \(trip.summary)")
    Console.current.line()
    if viewModel.reviews.isEmpty {
      Console.current.line("  " + L10n.text("detail.noReviews"))
    } else {
      Console.current.line("  " + L10n.text("detail.reviews"))
      for review in viewModel.reviews {
        let stars =
          String(repeating: "★", count: review.stars)
          + String(repeating: "☆", count: max(0, 5 - review.stars))
        Console.current.line("  \(stars) \(review.author): \(review.text)")
      }
    }
    if viewModel.placesLeft > 0 {
      Console.current.line()
      Console.current.line(L10n.text("detail.hint", trip.id))
    }
    return 0
  }

  /// Opens checkout for this trip: the screen builds the checkout screen and its view model.
  public func openCheckout(traveller: String, card: String, places: Int?) -> Int32 {
    TrackKit.shared.track("checkout_started", properties: ["trip": tripID])
    let checkout = CheckoutScreen(viewModel: CheckoutViewModel(api: viewModel.api))
    checkout.tripID = tripID
    checkout.traveller = traveller
    checkout.card = card
    checkout.places = places
    return checkout.show()
  }
}
