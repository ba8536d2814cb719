public import SharedKernel

/// Where bookable trips come from, whether a supplier over HTTP, a sandbox or a cache in front
/// of either. Search and checkout depend on this protocol, never on an implementation.
///
/// Errors are `BookingError`, or `CancellationError` when the calling task is cancelled.
public protocol BookingRepository: Sendable {
  /// The trips matching `query`, in its sort order, at most `query.limit` of them.
  func search(_ query: SearchQuery) async throws -> [BookingSummary]

  /// One trip by its identifier; throws `BookingError.notFound` when there is none.
  func booking(id: BookingID) async throws -> Booking
}

/// Why a trip could not be found or fetched, in terms a caller can act on.
public enum BookingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No trip has this identifier.
  case notFound(BookingID)
  /// The supplier could not be reached or failed; trying again later may work.
  case upstreamUnavailable(reason: String)
  /// The supplier answered with something that is not a valid trip.
  case invalidResponse(reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .notFound(let id): "no trip has the identifier \(id)"
    case .upstreamUnavailable(let reason): "the travel supplier is unavailable: \(reason)"
    case .invalidResponse(let reason): "the travel supplier sent an invalid answer: \(reason)"
    }
  }
}
