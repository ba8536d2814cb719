import Foundation
import SharedKernel
import Testing

@Suite("Checkout rules")
struct CheckoutRulesTests {
  static func trip(price: Money = Money(minorUnits: 45_000, currency: .eur), placesLeft: Int = 4)
    throws -> Trip
  {
    Trip(
      id: try #require(TripID("LIS-001")), title: "Old Town and Fado Nights",
      destination: Destination(city: "Lisbon", country: "Portugal"),
      startDate: try #require(CalendarDate(iso8601: "2027-05-01")),
      endDate: try #require(CalendarDate(iso8601: "2027-05-05")), price: price,
      rating: try #require(Rating(tenths: 46)), placesLeft: placesLeft, details: "Four nights.")
  }

  static func draft(places: Int = 2) throws -> DraftOrder {
    try DraftOrder(
      id: try #require(OrderID("order-1")), trip: trip(), places: places,
      traveller: Traveller(name: "Ada Lovelace"))
  }

  static func receipt(for orderID: String = "order-1", amount: Money) throws -> PaymentReceipt {
    PaymentReceipt(
      chargeID: "ch_1", orderID: try #require(OrderID(orderID)), amount: amount, cardBrand: "Visa",
      cardLastFour: "4242", chargedAt: Date(timeIntervalSince1970: 0))
  }

  @Test func aDraftOrderCostsThePriceTimesThePlaces() throws {
    #expect(try Self.draft(places: 3).amount == Money(minorUnits: 135_000, currency: .eur))
  }

  @Test func aReceiptForTheExactAmountAndCurrencyConfirmsTheOrder() throws {
    let order = try Self.draft()
    let paid = try order.confirm(with: Self.receipt(amount: order.amount))
    #expect(paid.order == order)
    #expect(paid.receipt.amount == order.amount)
  }

  @Test func aReceiptForAnotherAmountIsRejected() throws {
    let order = try Self.draft()
    let short = Money(minorUnits: 89_999, currency: .eur)
    #expect(throws: CheckoutError.amountMismatch(expected: order.amount, received: short)) {
      try order.confirm(with: Self.receipt(amount: short))
    }
  }

  @Test func aPaidOrderCannotBeConfirmedWithAReceiptInAnotherCurrency() throws {
    let order = try Self.draft()
    let sameDigitsInDollars = Money(minorUnits: order.amount.minorUnits, currency: .usd)
    #expect(throws: CheckoutError.currencyMismatch(expected: .eur, received: .usd)) {
      try order.confirm(with: Self.receipt(amount: sameDigitsInDollars))
    }
  }

  @Test func aReceiptForAnotherOrderIsRejected() throws {
    let order = try Self.draft()
    #expect(throws: CheckoutError.self) {
      try order.confirm(with: Self.receipt(for: "order-2", amount: order.amount))
    }
  }

  @Test func aSoldOutTripCannotBeDrafted() throws {
    let soldOut = try Self.trip(placesLeft: 0)
    #expect(throws: CheckoutError.soldOut(soldOut.id)) {
      try DraftOrder(
        id: try #require(OrderID("o")), trip: soldOut, places: 1, traveller: Traveller(name: "A")
      )
    }
  }

  @Test func morePlacesThanAreLeftCannotBeDrafted() throws {
    #expect(throws: CheckoutError.notEnoughPlaces(requested: 5, available: 4)) {
      try Self.draft(places: 5)
    }
  }

  @Test func aTicketCarriesOnlyTheRedactedCard() throws {
    let order = try Self.draft()
    let paid = try order.confirm(with: Self.receipt(amount: order.amount))
    let ticket = Ticket(id: try #require(TicketID("t-1")), for: paid, issuedAt: Date())
    #expect(ticket.cardBrand == "Visa" && ticket.cardLastFour == "4242")
    #expect(ticket.amountPaid == order.amount)
  }

  @Test(arguments: ["", "   ", String(repeating: "n", count: 101)])
  func anEmptyOrOverlongTravellerNameIsRejected(name: String) {
    #expect(throws: TravellerError.self) { try Traveller(name: name) }
  }

  @Test(arguments: ["ada", "ada@", "@example.com", "ada@example", "ada lovelace@example.com"])
  func aMalformedEmailIsRejected(email: String) {
    #expect(throws: TravellerError.malformedEmail(email)) {
      try Traveller(name: "Ada", email: email)
    }
  }

  @Test(arguments: ["Ada\u{1B}[2J", "Ada\u{7}", "Ada\u{0}Lovelace", "Ada\u{9B}31m"])
  func aNameWithControlCharactersIsRejected(name: String) {
    #expect(throws: TravellerError.controlCharacters) { try Traveller(name: name) }
  }

  @Test func ordinaryWhitespaceInANameIsFoldedNotRejected() throws {
    #expect(try Traveller(name: " Ada\tKing\n Lovelace ").name == "Ada King Lovelace")
  }

  @Test func placesThisOrderAlreadyHoldsCountAsItsOwnWhenItIsDraftedAgain() throws {
    let full = try Self.trip(placesLeft: 0)
    let resumed = try DraftOrder(
      id: try #require(OrderID("o")), trip: full, places: 2,
      traveller: Traveller(name: "Ada"), placesHeld: 2)
    #expect(resumed.places == 2)
    #expect(throws: CheckoutError.notEnoughPlaces(requested: 3, available: 2)) {
      try DraftOrder(
        id: try #require(OrderID("o")), trip: full, places: 3,
        traveller: Traveller(name: "Ada"), placesHeld: 2)
    }
  }
}
