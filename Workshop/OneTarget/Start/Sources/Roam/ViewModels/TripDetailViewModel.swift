import Foundation
import TrackKit

/// One trip's screen: the trip, its reviews, the places left now, and whether it is a
/// favourite.
public final class TripDetailViewModel {
  public let api: RoamAPI
  public private(set) var trip: Trip?
  public private(set) var reviews: [Review] = []
  public private(set) var placesLeft = 0
  public private(set) var error: RoamError?

  public init(api: RoamAPI) {
    self.api = api
  }

  /// Loads the trip, its reviews and its places.
  public func load(tripID: String) {
    error = nil
    do {
      var trip = try api.trip(id: tripID.uppercased())
      reviews = try api.reviews(tripID: trip.id)
      placesLeft = try api.availability(tripID: trip.id)
      trip.isFavourite = favourites().contains(trip.id)
      self.trip = trip
      TrackKit.shared.track("trip_viewed", properties: ["trip": trip.id])
    } catch let failure as RoamError {
      error = failure
    } catch {
      self.error = .server(status: 0)
    }
  }

  /// Marks the trip as a favourite, or unmarks it, in the home folder.
  public func toggleFavourite() {
    guard var trip else { return }
    var ids = favourites()
    if let index = ids.firstIndex(of: trip.id) {
      ids.remove(at: index)
      trip.isFavourite = false
    } else {
      ids.append(trip.id)
      trip.isFavourite = true
    }
    do {
      try JSONFile<[String]>(HomeFolder.favourites).write(ids.sorted())
      self.trip = trip
    } catch let failure as RoamError {
      error = failure
    } catch {
      self.error = .storage("favourites.json")
    }
  }

  func favourites() -> [String] {
    (try? JSONFile<[String]>(HomeFolder.favourites).read()) ?? []
  }

  /// The average of the reviews' stars, or the catalog's rating when there are none.
  public var stars: Double {
    guard !reviews.isEmpty else { return trip?.rating ?? 0 }
    return Double(reviews.map(\.stars).reduce(0, +)) / Double(reviews.count)
  }
}
