import DesignSystem
import Testing

@Suite("Display width and tables")
struct TextTableTests {
  @Test(
    arguments: [
      ("Lisbon", 6), ("Kraków", 6), ("Krako\u{301}w", 6), ("東京", 4), ("São Paulo", 9),
      ("🇯🇵", 2), ("👩‍👩‍👧", 2), ("ok✓", 3), ("", 0), ("서울", 4),
    ])
  func displayWidthCountsTerminalColumns(text: String, width: Int) {
    #expect(text.displayWidth == width)
  }

  @Test func truncationNeverExceedsTheWidthEvenMidWideCharacter() {
    #expect("東京タワー".truncated(toDisplayWidth: 6) == "東京…")
    #expect("東京タワー".truncated(toDisplayWidth: 6).displayWidth <= 6)
    #expect("Lisbon".truncated(toDisplayWidth: 10) == "Lisbon")
  }

  @Test func columnsAlignByDisplayWidthWithWideAndAccentedText() {
    var table = TextTable(columns: [
      .init("City"), .init("Price", alignment: .trailing), .init("Id"),
    ])
    table.append(["東京", "JPY 98,000", "TYO-1"])
    table.append(["Kraków", "PLN 1,200.00", "KRK-2"])
    table.append(["São Paulo", "BRL 3,450.00", "GRU-3"])
    let lines = table.render(theme: .plain)
    #expect(
      lines == [
        "City              Price  Id",
        "東京         JPY 98,000  TYO-1",
        "Kraków     PLN 1,200.00  KRK-2",
        "São Paulo  BRL 3,450.00  GRU-3",
      ])
    let lastColumnStarts = zip(lines, ["Id", "TYO-1", "KRK-2", "GRU-3"]).map { line, id in
      String(line.dropLast(id.count)).displayWidth
    }
    #expect(Set(lastColumnStarts) == [25])
  }

  @Test func colouredCellsArePaddedBeforeTheyArePainted() {
    var table = TextTable(columns: [.init("A"), .init("B")])
    table.append([.init("x", color: .danger), "y"])
    let lines = table.render(theme: TerminalTheme(usesColor: true, usesUnicode: true))
    #expect(lines[1] == "\u{1B}[31mx\u{1B}[0m  y")
  }

  @Test func aCappedColumnCutsLongTextWithAnEllipsis() {
    var table = TextTable(columns: [.init("Title", maximumWidth: 8), .init("N")])
    table.append(["Old Town and Fado Nights", "1"])
    #expect(
      table.render(theme: TerminalTheme(usesColor: false, usesUnicode: true))[1] == "Old Tow…  1")
    #expect(table.render(theme: .plain)[1] == "Old T...  1")
  }

  @Test(arguments: [
    ("plain São Paulo 東京", "plain São Paulo 東京"),
    ("Ada\u{1B}[2J", "Ada\\u{1B}[2J"),
    ("bell\u{7}", "bell\\u{7}"),
    ("right\u{202E}left", "right\\u{202E}left"),
    ("👩‍👩‍👧", "👩‍👩‍👧"),
  ])
  func storedTextIsShownWithItsControlCharactersMadeVisible(text: String, shown: String) {
    #expect(text.escapingControlCharacters == shown)
  }
}

/// Tables that fit the terminal: cut what may be cut, drop what may be dropped, never wrap.
@Suite("Tables in a narrow terminal")
struct NarrowTableTests {
  func table() -> TextTable {
    var table = TextTable(columns: [
      .init("Trip"),
      .init("Title", maximumWidth: 34, minimumWidth: 10, dropOrder: 2),
      .init("Dates", dropOrder: 1),
      .init("Price", alignment: .trailing),
    ])
    table.append([
      "GRU-023", "Hiking and Views in São Paulo", "2027-04-10 -> 2027-04-13", "BRL 1,980.00",
    ])
    table.append(["LIS-001", "Old Town Walks in Lisbon", "2027-09-06 -> 2027-09-10", "EUR 760.00"])
    return table
  }

  @Test(arguments: [100, 80, 60, 40, 30])
  func everyLineFitsAndNoAmountIsCut(width: Int) {
    let lines = table().render(
      theme: TerminalTheme(usesColor: false, usesUnicode: false, width: width))
    #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
    #expect(lines[1].hasSuffix("BRL 1,980.00") && lines[2].hasSuffix("EUR 760.00"))
  }

  @Test func aCuttableColumnIsCutBeforeAnyColumnLeavesAndEndsInTheThemesEllipsis() {
    let lines = table().render(
      theme: TerminalTheme(usesColor: false, usesUnicode: false, width: 66))
    #expect(lines[0].contains("Dates") && lines[0].contains("Title"))
    #expect(lines[1].contains("..."))
  }

  @Test func columnsLeaveInTheirDropOrderOnceCuttingIsNotEnough() {
    let narrow = table().render(
      theme: TerminalTheme(usesColor: false, usesUnicode: false, width: 40))
    #expect(!narrow[0].contains("Dates") && narrow[0].contains("Title"))
    let narrower = table().render(
      theme: TerminalTheme(usesColor: false, usesUnicode: false, width: 25))
    #expect(narrower[0] == "Trip            Price")
  }

  @Test func withoutAWidthEveryColumnIsShownWhole() {
    let lines = table().render(theme: .plain)
    #expect(lines[1].contains("Hiking and Views in São Paulo") && lines[0].contains("Dates"))
  }
}
