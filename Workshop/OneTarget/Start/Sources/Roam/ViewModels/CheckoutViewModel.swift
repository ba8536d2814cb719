import Foundation
import TrackKit

/// Booking places on a trip: hold, order, pay, then the ticket, written to the home folder.
public final class CheckoutViewModel {
  public let api: RoamAPI
  public private(set) var ticket: Ticket?
  public private(set) var error: RoamError?

  public init(api: RoamAPI) {
    self.api = api
  }

  /// Books `places` on the trip for `traveller`, paid with the card typed. A refused
  /// card gives the held places back.
  public func checkout(tripID: String, traveller: String, cardNumber: String, places: Int? = nil) {
    error = nil
    ticket = nil
    let places = places ?? AppSettings.shared.places
    let name = traveller.trimmingCharacters(in: .whitespaces)
    guard (1...9).contains(places) else { return fail(.invalidPlaces) }
    guard !name.isBlank, name.count <= 60 else { return fail(.invalidTraveller) }
    let card: PaymentCard
    do {
      card = try PaymentCard(cardNumber)
    } catch {
      return fail(.invalidCard)
    }
    var holdID: String?
    do {
      let trip = try api.trip(id: tripID.uppercased())
      guard !trip.isSoldOut else { return fail(.soldOut(trip.id)) }
      holdID = try api.holdPlaces(tripID: trip.id, places: places)
      let order = try api.placeOrder(holdID: holdID ?? "", traveller: name)
      let receipt = try api.pay(orderID: order.id, card: card)
      let ticket = Ticket(
        id: try TicketNumbers.next(), tripID: trip.id, tripTitle: trip.title, traveller: name,
        places: places, paid: receipt.amount, cardEnding: receipt.cardEnding,
        startDate: trip.startDate)
      try JSONFile<Ticket>(HomeFolder.tickets.appendingPathComponent("\(ticket.id).json"))
        .write(ticket)
      self.ticket = ticket
      TrackKit.shared.track(
        "purchase",
        properties: [
          "trip": trip.id, "places": String(places), "amount": String(receipt.amount.minorUnits),
        ])
    } catch let failure as RoamError {
      if let holdID, case .cardDeclined = failure { try? api.releaseHold(holdID) }
      fail(failure)
    } catch {
      fail(.server(status: 0))
    }
  }

  func fail(_ failure: RoamError) {
    error = failure
    TrackKit.shared.error("checkout", code: failure.messageKey)
  }
}
