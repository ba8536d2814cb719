import BookingInterface
import SharedKernel
import Testing

@Suite("Booking interface errors")
struct TripErrorTests {
  @Test func aMissingTripNamesItsIdentifier() throws {
    let id = try #require(TripID("LIS-404"))
    #expect(TripError.notFound(id).description.contains("LIS-404"))
  }

  @Test func everyErrorReadsAsOneLine() throws {
    let errors: [any CustomStringConvertible] = [
      TripError.notFound(try #require(TripID("X"))),
      TripError.upstreamUnavailable(reason: "timed out"),
      TripError.invalidResponse(reason: "missing price"),
      TicketingError.storageFailed(reason: "disk full"), TicketingError.diskFull(path: "/tmp"),
      TicketingError.orderConflict(try #require(OrderID("o-1"))),
    ]
    for error in errors {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
  }
}
