import BookingInterface
import DesignSystem
import Foundation
import SharedKernel

/// An unfinished order as `voyage orders --json` lists it: what the ledger knows, the command
/// that finishes it (`null` in a program that has none), when its last step was recorded and
/// why its last attempt stopped.
nonisolated struct OrderDocument: Encodable {
  let order: OrderRecord
  let command: String?

  private enum CodingKeys: String, CodingKey {
    case id
    case tripID = "trip_id"
    case places, traveller, state, amount
    case holdID = "hold_id"
    case chargeID = "charge_id"
    case command
    case updatedAt = "updated_at"
    case lastFailure = "last_failure"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(order.id.rawValue, forKey: .id)
    try container.encode(order.tripID.rawValue, forKey: .tripID)
    try container.encode(order.places, forKey: .places)
    try container.encode(order.travellerName, forKey: .traveller)
    try container.encode(order.state.rawValue, forKey: .state)
    try container.encode(AmountDocument(order.amount), forKey: .amount)
    try container.encode(order.hold?.id.rawValue, forKey: .holdID)
    try container.encode(order.chargeID, forKey: .chargeID)
    try container.encode(command, forKey: .command)
    // When its last step was recorded: where to start reading the log of the run that stopped
    // (`VOYAGE_LOG_FILE`, filtered by the order's key).
    try container.encode(ISO8601DateFormatter().string(from: order.updatedAt), forKey: .updatedAt)
    // Why its last attempt stopped (the code checkout's `--json` printed), if one did since.
    try container.encode(order.lastFailure, forKey: .lastFailure)
  }
}
