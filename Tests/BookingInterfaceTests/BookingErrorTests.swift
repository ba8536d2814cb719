import BookingInterface
import SharedKernel
import Testing

@Suite("Booking interface errors")
struct BookingErrorTests {
  @Test func aMissingTripNamesItsIdentifier() throws {
    let id = try #require(BookingID("LIS-404"))
    #expect(BookingError.notFound(id).description.contains("LIS-404"))
  }

  @Test func everyErrorReadsAsOneLine() throws {
    let errors: [any CustomStringConvertible] = [
      BookingError.notFound(try #require(BookingID("X"))),
      BookingError.upstreamUnavailable(reason: "timed out"),
      BookingError.invalidResponse(reason: "missing price"),
      TicketingError.storageFailed(reason: "disk full"), TicketingError.diskFull(path: "/tmp"),
      TicketingError.orderConflict(try #require(OrderID("o-1"))),
    ]
    for error in errors {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
  }
}
