// The checkout feature alone: the whole saga (draft, hold, charge, confirm, ticket) against the
// interfaces' in-memory doubles, with a test card. No supplier, no payment provider, no database:
// the feature, the kernel, two interfaces and their doubles. Its messages suggest no command,
// since this program has none.
//
//   swift run checkout-example             # the ticket
//   swift run checkout-example --declined  # the in-memory provider declines: the hold is released

import BookingInterfaceTestSupport
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import PaymentInterfaceTestSupport
import SharedKernel

let declined = CommandLine.arguments.dropFirst().first == "--declined"
let trips = CannedCatalog.trips
let feature = CheckoutFeature(
  dependencies: CheckoutDependencies(
    trips: InMemoryTripRepository(trips: trips),
    reservations: InMemoryPlaceReservations(
      capacity: Dictionary(uniqueKeysWithValues: trips.map { ($0.id, $0.placesLeft) })),
    payments: InMemoryPaymentGateway(failure: declined ? .declined : nil),
    ledger: InMemoryOrderLedger())
) { output in print("checkout reported: \(output)") }
let theme = TerminalTheme(
  environment: ProcessInfo.processInfo.environment, isInteractive: isatty(STDOUT_FILENO) == 1)
do {
  guard let trip = trips.first, let order = OrderID("example-order-1") else {
    preconditionFailure("the canned catalog has a first trip, and the key is valid")
  }
  let request = CheckoutRequest(
    tripID: trip.id, places: 2, traveller: try Traveller(name: "Ada Lovelace"),
    card: try PaymentCard(
      number: "4242424242424242", expiryMonth: 12, expiryYear: 2099, holderName: "Ada"),
    orderID: order)
  await feature.checkout(request)
  print(feature.screen(theme: theme), terminator: "")
  // A refused charge ends like the command line's checkout: status 1.
  if feature.failure != nil { exit(1) }
} catch {
  FileHandle.standardError.write(Data("checkout-example: \(error)\n".utf8))
  exit(64)
}
