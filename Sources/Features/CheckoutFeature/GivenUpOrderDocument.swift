import BookingInterface
import DesignSystem
import SharedKernel

/// `{"order": {...}}`: what `voyage checkout --json` prints for an order it gave up, with the
/// refund it made (`null` when there was nothing to refund).
nonisolated struct GivenUpOrderDocument: Encodable {
  let order: OrderRecord

  private enum DocumentKeys: String, CodingKey { case order }
  private enum CodingKeys: String, CodingKey {
    case id
    case tripID = "trip_id"
    case places, state, amount
    case refundID = "refund_id"
  }

  func encode(to encoder: any Encoder) throws {
    var document = encoder.container(keyedBy: DocumentKeys.self)
    var container = document.nestedContainer(keyedBy: CodingKeys.self, forKey: .order)
    try container.encode(order.id.rawValue, forKey: .id)
    try container.encode(order.tripID.rawValue, forKey: .tripID)
    try container.encode(order.places, forKey: .places)
    try container.encode(order.state.rawValue, forKey: .state)
    try container.encode(AmountDocument(order.amount), forKey: .amount)
    try container.encode(order.refundID, forKey: .refundID)
  }
}
