import Testing

@testable import Scaffolding

@Suite("A module's case in its layer's enum")
struct ModuleLayerTests {
  @Test(arguments: [
    (ModuleLayer.kernel, "SharedKernel", "sharedKernel"),
    (.interfaces, "BookingInterface", "booking"),
    (.infrastructure, "BookingData", "bookingData"),
    (.features, "SearchFeature", "search"),
    (.features, "Itinerary", "itinerary"),
    (.features, "Feature", "feature"),
  ])
  func aCaseDropsItsLayersSuffixLikeItsNeighbours(
    layer: ModuleLayer, module: String, expected: String
  ) {
    #expect(layer.caseName(for: module) == expected)
  }

  @Test(arguments: [
    (ModuleLayer.features, "DefaultFeature", "defaultFeature"),
    (.interfaces, "ImportInterface", "importInterface"),
  ])
  func aCaseThatWouldBeAKeywordKeepsTheSuffix(
    layer: ModuleLayer, module: String, expected: String
  ) {
    #expect(layer.caseName(for: module) == expected)
  }

  @Test func theEntryNamesTheModuleByItsCaseThroughTheLayersHelper() {
    #expect(ModuleLayer.kernel.entry(caseName: "clock") == "kernel(.clock)")
    #expect(
      ModuleLayer.features.entry(caseName: "itinerary")
        == "feature(.itinerary, uses: [.kernel(.sharedKernel)])")
  }
}
