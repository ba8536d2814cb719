import DesignSystem
import Testing

@Suite("Colour and symbol decisions")
struct TerminalThemeTests {
  @Test(
    "Colour follows NO_COLOR, CLICOLOR_FORCE, TERM=dumb, then the TTY",
    arguments: [
      ([:], true, true),
      ([:], false, false),
      (["NO_COLOR": "1"], true, false),
      (["NO_COLOR": ""], true, true),
      (["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], true, false),
      (["CLICOLOR_FORCE": "1"], false, true),
      (["CLICOLOR_FORCE": "0"], false, false),
      (["TERM": "dumb"], true, false),
      (["TERM": "dumb", "CLICOLOR_FORCE": "1"], false, true),
      (["TERM": "xterm-256color"], true, true),
    ] as [([String: String], Bool, Bool)])
  func colourDecision(environment: [String: String], isInteractive: Bool, expected: Bool) {
    let theme = TerminalTheme(environment: environment, isInteractive: isInteractive)
    #expect(theme.usesColor == expected)
  }

  @Test func paintingWithColourOffLeavesTheTextUntouched() {
    let theme = TerminalTheme(environment: ["NO_COLOR": "1"], isInteractive: true)
    for token in ColorToken.allCases {
      #expect(theme.paint("Lisbon", token) == "Lisbon")
    }
    #expect(theme.style("Title", .title) == "Title")
  }

  @Test func paintingWithColourOnWrapsTheTextAndResetsAfterIt() {
    let theme = TerminalTheme(usesColor: true, usesUnicode: true)
    #expect(theme.paint("ok", .success) == "\u{1B}[32mok\u{1B}[0m")
    #expect(theme.style("body", .body) == "body")
  }

  @Test(
    arguments: [
      (["LANG": "en_US.UTF-8"], true), (["LC_ALL": "C.utf8"], true), (["LANG": "C"], false),
      ([:], false), (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
    ] as [([String: String], Bool)])
  func unicodeSymbolsOnlyWhenTheLocaleIsUTF8(environment: [String: String], expected: Bool) {
    let theme = TerminalTheme(environment: environment, isInteractive: true)
    #expect(theme.usesUnicode == expected)
    let checkMark = expected ? "✓" : "ok"
    #expect(theme.symbol(.success) == checkMark)
  }

  @Test func everySymbolHasAnASCIIFallback() {
    for symbol in Symbol.allCases {
      #expect(symbol.ascii.allSatisfy { $0.isASCII })
    }
  }
}
