import Testing

@testable import Scaffolding

@Suite("The owners' lines of a new module")
struct CodeOwnersTests {
  static let owners = """
    *                                          @voyage/platform

    # Kernel
    /Sources/Kernel/SharedKernel/              @voyage/platform

    # Features
    /Sources/Features/SearchFeature/           @voyage/search

    """

  @Test func theLinesGoAtTheEndOfTheLayersSectionBeforeTheNextOne() {
    var owners = CodeOwners(Self.owners)
    owners.add(
      CodeOwners.lines(giving: ["/Sources/Kernel/Clock/", "/Tests/ClockTests/"], to: "@team"),
      toSection: "Kernel")
    let lines = owners.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[3] == "/Sources/Kernel/SharedKernel/              @voyage/platform")
    #expect(lines[4] == "/Sources/Kernel/Clock/                     @team")
    #expect(lines[5] == "/Tests/ClockTests/                         @team")
    #expect(lines[6] == "")
    #expect(lines[7] == "# Features")
    #expect(owners.text.hasSuffix("@voyage/search\n"))
  }

  @Test func aFileWithoutTheSectionGetsTheLinesAtItsEnd() {
    var owners = CodeOwners(Self.owners)
    owners.add(["/Sources/Interfaces/Loyalty/ @team"], toSection: "Interfaces")
    #expect(owners.text == Self.owners + "/Sources/Interfaces/Loyalty/ @team\n")
  }

  @Test func aLongPathIsNotCutToTheColumn() {
    let path = "/Sources/Infrastructure/" + String(repeating: "A", count: 40) + "/"
    #expect(CodeOwners.lines(giving: [path], to: "@team") == [path + " @team"])
  }
}
