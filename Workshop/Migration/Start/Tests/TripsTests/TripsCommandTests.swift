import Testing
import TripsApp

/// The `trips` command, driven the way a person at a terminal drives it: one command at a time.
@MainActor
@Suite(.serialized)
struct TripsCommandTests {
  let command = TripsCommand()

  @Test func searchListsEveryTripToTheDestination() async {
    let result = await command.run(["search", "lis"])

    #expect(result.status == 0)
    #expect(
      result.output == """
        Trips to LIS:
        T-LIS-0612  Lisbon city break  12 Jun 2026  3 nights  EUR 420.00  5 places left
        T-LIS-0704  Lisbon and Sintra  4 Jul 2026  5 nights  EUR 690.00  sold out
        """)
  }

  @Test func searchForADestinationWithoutTripsSaysSo() async {
    let result = await command.run(["search", "REK"])

    #expect(result.status == 0)
    #expect(result.output == "No trips to REK.")
  }

  @Test func checkoutPrintsTheConfirmation() async {
    let result = await command.run([
      "checkout", "T-LIS-0612", "--traveller", "Ada Lovelace", "--places", "2",
    ])

    #expect(result.status == 0)
    #expect(
      result.output == """
        Booked ORD-1001: 2 places on Lisbon city break (12 Jun 2026) for Ada Lovelace.
        Total: EUR 840.00
        Thank you for booking with Trips.
        """)
  }

  @Test func checkoutTakesThePlacesFromTheTrip() async {
    _ = await command.run(["checkout", "T-EDI-0815", "--traveller", "Ada", "--places", "2"])

    let result = await command.run(["search", "EDI"])

    #expect(result.output.hasSuffix("GBP 389.00  sold out"))
  }

  @Test(arguments: ["0", "10", "two"])
  func checkoutRefusesPlacesThatAreNotANumberFromOneToNine(places: String) async {
    let result = await command.run([
      "checkout", "T-LIS-0612", "--traveller", "Ada Lovelace", "--places", places,
    ])

    #expect(result.status == 64)
    #expect(result.output == "error: --places must be a whole number from 1 to 9, not '\(places)'")
  }

  @Test func checkoutOfAnUnknownTripFails() async {
    let result = await command.run([
      "checkout", "T-XXX-0101", "--traveller", "Ada", "--places", "1",
    ])

    #expect(result.status == 1)
    #expect(result.output == "error: there is no trip T-XXX-0101")
  }

  @Test func checkoutOfASoldOutTripFails() async {
    let result = await command.run([
      "checkout", "T-LIS-0704", "--traveller", "Ada", "--places", "1",
    ])

    #expect(result.status == 1)
    #expect(result.output == "error: trip T-LIS-0704 is sold out")
  }

  @Test func checkoutOfMorePlacesThanAreLeftFails() async {
    let result = await command.run([
      "checkout", "T-LIS-0612", "--traveller", "Ada", "--places", "6",
    ])

    #expect(result.status == 1)
    #expect(result.output == "error: only 5 places are left on trip T-LIS-0612")
  }

  @Test(arguments: [
    [], ["book", "LIS"], ["search"], ["checkout", "T-LIS-0612", "--places", "1"],
    ["checkout", "T-LIS-0612", "--traveller", "Ada", "--places", "1", "--seat", "4A"],
  ])
  func aWrongCommandLinePrintsTheUsage(arguments: [String]) async {
    let result = await command.run(arguments)

    #expect(result.status == 64)
    #expect(result.output.hasSuffix("trips checkout <trip-id> --traveller <name> --places <1-9>"))
  }

  @Test func analyticsRecordsScreensAndCompletedCheckouts() async {
    _ = await command.run(["search", "LIS"])
    _ = await command.run(["checkout", "T-LIS-0612", "--traveller", "Ada", "--places", "2"])

    #expect(
      command.analyticsEvents == [
        "screen_viewed search", "checkout_completed T-LIS-0612 places=2", "screen_viewed checkout",
      ])
  }

  @Test func aFailedCheckoutRecordsNoCompletion() async {
    _ = await command.run(["checkout", "T-LIS-0704", "--traveller", "Ada", "--places", "1"])

    #expect(command.analyticsEvents.isEmpty)
  }
}
