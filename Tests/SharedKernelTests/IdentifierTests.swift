import Foundation
import SharedKernel
import Testing

@Suite("Identifiers")
struct IdentifierTests {
  @Test(arguments: ["", " LIS-001", "LIS 001", "LIS/001", "é", String(repeating: "a", count: 65)])
  func malformedIdentifiersAreRejected(text: String) {
    #expect(TripID(text) == nil)
  }

  @Test func decodingAppliesTheSameValidationAsTheInitializer() throws {
    let decoder = JSONDecoder()
    let expected = try #require(TripID("LIS-001"))
    #expect(try decoder.decode([TripID].self, from: Data(#"["LIS-001"]"#.utf8)) == [expected])
    #expect(throws: DecodingError.self) {
      try decoder.decode([TripID].self, from: Data(#"["../etc"]"#.utf8))
    }
  }
}
