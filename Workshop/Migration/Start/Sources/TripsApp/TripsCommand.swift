import Analytics
import Models
import Networking
import Repositories
import Utils
import ViewModels
import Views

/// The `trips` command: searches trips and checks one out.
@MainActor
public final class TripsCommand {
  static let usage = """
    usage: trips search <destination>
           trips checkout <trip-id> --traveller <name> --places <1-9>
    """

  private let search: SearchViewModel

  /// A command with its own in-memory trips API.
  public init() {
    let client = APIClient(transport: InMemoryTripsServer())
    search = SearchViewModel(repository: APITripRepository(client: client))
    CheckoutViewModel.shared.client = client
    Analytics.shared.reset()
  }

  /// The analytics events recorded so far, oldest first.
  public var analyticsEvents: [String] { Analytics.shared.events }

  /// Runs one command line (without the program name) and returns what to print and the exit
  /// status: 0 done, 1 the booking failed, 64 the command line is wrong.
  public func run(_ arguments: [String]) async -> (output: String, status: Int32) {
    switch arguments.first {
    case "search" where arguments.count == 2:
      do {
        try await search.search(destination: arguments[1])
        return (SearchView(viewModel: search).render(), 0)
      } catch {
        return (Self.message(for: error), 1)
      }
    case "checkout" where arguments.count >= 2:
      return await checkout(tripID: arguments[1], options: Array(arguments.dropFirst(2)))
    default:
      return (Self.usage, 64)
    }
  }

  private func checkout(tripID: String, options: [String]) async -> (output: String, status: Int32)
  {
    var traveller: String?
    var placesText: String?
    var remaining = options[...]
    while let option = remaining.popFirst() {
      switch option {
      case "--traveller": traveller = remaining.popFirst()
      case "--places": placesText = remaining.popFirst()
      default: return ("error: unknown option \(option)\n" + Self.usage, 64)
      }
    }
    guard let traveller, !traveller.isBlank, let placesText else { return (Self.usage, 64) }
    guard let places = Int(placesText), (1...9).contains(places) else {
      return ("error: --places must be a whole number from 1 to 9, not '\(placesText)'", 64)
    }
    do {
      try await search.choose(tripID: tripID)
      try await CheckoutViewModel.shared.confirm(traveller: traveller.trimmed, places: places)
      return (CheckoutView(viewModel: .shared).render(), 0)
    } catch {
      return (Self.message(for: error), 1)
    }
  }

  private static func message(for error: any Error) -> String {
    switch error as? BookingError {
    case .unknownTrip(let id): "error: there is no trip \(id)"
    case .soldOut(let id): "error: trip \(id) is sold out"
    case .notEnoughPlaces(let id, let left): "error: only \(left) places are left on trip \(id)"
    case .serverError(let status): "error: the trips service answered \(status)"
    case .unreadableResponse: "error: the trips service sent an answer that cannot be read"
    case nil: "error: \(error)"
    }
  }
}
