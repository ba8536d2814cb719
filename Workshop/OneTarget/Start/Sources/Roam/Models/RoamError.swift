import Foundation

/// Everything that can go wrong, with the key of its message in the strings files.
public enum RoamError: Error, Equatable {
  case noSuchTrip(String)
  case noSuchTicket(String)
  case soldOut(String)
  case notEnoughPlaces(left: Int)
  case invalidCard
  case cardDeclined
  case invalidPlaces
  case invalidTraveller
  case server(status: Int)
  case storage(String)

  /// The key of the message in Localizable.strings.
  public var messageKey: String {
    switch self {
    case .noSuchTrip: return "error.noSuchTrip"
    case .noSuchTicket: return "error.noSuchTicket"
    case .soldOut: return "error.soldOut"
    case .notEnoughPlaces: return "error.notEnoughPlaces"
    case .invalidCard: return "error.invalidCard"
    case .cardDeclined: return "error.cardDeclined"
    case .invalidPlaces: return "error.invalidPlaces"
    case .invalidTraveller: return "error.invalidTraveller"
    case .server: return "error.server"
    case .storage: return "error.storage"
    }
  }

  /// What fills the message's placeholder, if it has one.
  public var argument: String? {
    switch self {
    case .noSuchTrip(let id), .noSuchTicket(let id), .soldOut(let id): return id
    case .notEnoughPlaces(let left): return String(left)
    case .server(let status): return String(status)
    case .storage(let path): return path
    case .invalidCard, .cardDeclined, .invalidPlaces, .invalidTraveller: return nil
    }
  }

  /// The exit status the command ends with.
  public var exitStatus: Int32 {
    switch self {
    case .invalidCard, .invalidPlaces, .invalidTraveller: return 64
    case .server: return 69
    case .storage: return 74
    default: return 1
    }
  }
}
