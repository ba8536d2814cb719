public import SharedKernel

/// A screen of the app, named by identifiers only: where a feature's output, a link or a front
/// asks to go. ``AppRouter`` decides which route follows which output; a front decides how a
/// route looks, and the feature behind it fetches what it shows.
public enum AppRoute: Sendable, Hashable {
  /// Looking for a trip.
  case search
  /// One trip: its dates, price and places, the tickets already held on it, and buying places.
  case trip(TripID)
  /// One ticket, with the trip it holds places on.
  case ticket(TicketID)
}
