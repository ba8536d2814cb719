import DesignSystem
import SharedKernel

extension TicketDocument {
  /// `ticket` as a document shows it.
  nonisolated init(_ ticket: Ticket) {
    self.init(
      id: ticket.id.rawValue, orderID: ticket.orderID.rawValue, tripID: ticket.tripID.rawValue,
      traveller: ticket.travellerName, places: ticket.places,
      amountPaid: AmountDocument(ticket.amountPaid), cardBrand: ticket.cardBrand,
      cardLastFour: ticket.cardLastFour, issuedAt: ticket.issuedAt, cancelledAt: ticket.cancelledAt,
      status: ticket.status.rawValue)
  }
}
