import ArchitectureLinter
import Foundation
import Testing

@Suite("Import scanner")
struct ImportScannerTests {
  /// The imports the scanner finds in `source`, as `line:column [?] [@testable ]Module`, where
  /// `?` marks an import compiled on some builds only.
  func imports(in source: String, _ arguments: String...) async throws -> [String] {
    let folder = try makeTemporaryFolder("scanner")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Snippet.swift")
    try Data(source.utf8).write(to: file)
    let outcome = try await Linter.run(arguments + ["--list-imports", file.path])
    #expect(outcome.status == 0)
    return outcome.output.split(separator: "\n").map(String.init)
  }

  /// Files are read into a buffer that grows: an import after 200 KB of comments is found.
  @Test func aFileLargerThanTheReadBufferIsReadToItsEnd() async throws {
    let line = "// " + String(repeating: "x", count: 96) + "\n"
    let found = try await imports(
      in: String(repeating: line, count: 2_000) + "import Far\n", "--no-config")
    #expect(found == ["2001:1 Far"])
  }

  @Test func everyFormOfImportIsFoundWithItsPosition() async throws {
    let source = """
      \u{FEFF}#!/usr/bin/env swift\r
      import Foundation\r
      @testable import BookingData
      @preconcurrency
      import Networking; import struct SharedKernel.Money // trailing comment
      public import DesignSystem /* note */
      @_spi(Internal) package import PaymentInterface
      private import func Glibc.exit
      import enum Kernel.Layer
      """
    #expect(
      try await imports(in: source) == [
        "2:1 Foundation", "3:11 @testable BookingData", "5:1 Networking", "5:20 SharedKernel",
        "6:8 DesignSystem", "7:25 PaymentInterface", "8:9 Glibc", "9:1 Kernel",
      ])
  }

  @Test func everyBranchThatMayCompileCountsAndIsMarkedConditional() async throws {
    let source = """
      #if canImport(UIKit)
        import UIKit
      #elseif os(Linux)
        import Dispatch
      #else
        import AppKit
      #endif
      #if false
        import Hidden
        #if os(Linux)
          import HiddenToo
        #endif
      #else
        import Shown
      #endif
      let ok = canImport(Whatever)
      """
    #expect(
      try await imports(in: source) == [
        "2:3 ? UIKit", "4:3 ? Dispatch", "6:3 ? AppKit", "14:3 Shown",
      ])
  }

  @Test func commentsStringsAndLookAlikesAreNotImports() async throws {
    let source = ###"""
      // import Commented
      /* outer /* nested import Nested */ still a comment: import Nested2 */
      let text = """
        import InMultilineString
        """
      let raw = #"import "Quoted" \(x)"#
      let rawMultiline = ##"""
        import InRawMultiline
        """##
      let importSomething = 1
      func importData() {}
      let `import` = 2
      value.import(other)
      """###
    #expect(try await imports(in: source) == [])
  }

  @Test func anImportInsideAFunctionIsStillFound() async throws {
    // Not valid Swift, so no fixture package could hold it; the scanner must not depend on it
    // being at the top level.
    let source = """
      func load() {
        import InsideAFunction
      }
      """
    #expect(try await imports(in: source) == ["2:3 InsideAFunction"])
  }

  @Test func compoundConditionsAreEvaluatedNotPatternMatched() async throws {
    let source = """
      #if false || os(Linux)
        import Either
      #endif
      #if false && os(Linux)
        import Never
      #endif
      #if !false
        import Always
      #endif
      #if true
        import First
      #elseif os(Linux)
        import Shadowed
      #else
        import AlsoShadowed
      #endif
      #if (os(Linux) ||
           os(macOS)) && !true
        import SpansLines
      #endif
      #if DEBUG
        import DebugOnly
      #endif
      """
    #expect(
      try await imports(in: source) == [
        "2:3 ? Either", "8:3 Always", "11:3 First", "22:3 ? DebugOnly",
      ])
  }

  @Test func customConditionsAreUnsetUnlessDefined() async throws {
    let source = """
      #if COLLECTIONS_SINGLE_MODULE
        import Collections
      #else
        import DequeModule
      #endif
      """
    #expect(try await imports(in: source) == ["4:3 DequeModule"])
    #expect(
      try await imports(in: source, "-D", "COLLECTIONS_SINGLE_MODULE") == ["2:3 Collections"])
  }

  @Test func onePlatformDecidesItsOwnConditions() async throws {
    let source = """
      #if os(Linux)
        import Glibc
      #elseif os(macOS)
        import Darwin
      #endif
      #if canImport(Android)
        import Android
      #endif
      """
    #expect(
      try await imports(in: source, "--platform", "Linux") == ["2:3 Glibc", "7:3 ? Android"])
    #expect(
      try await imports(in: source) == ["2:3 ? Glibc", "4:3 ? Darwin", "7:3 ? Android"])
  }

  @Test func regexLiteralsAreOpaque() async throws {
    let source = #"""
      let slashStar = /a\/*b/
      import AfterSlashStar
      let quotes = /"""/
      import AfterQuotes
      let text = #/^import Invented$/#
      let division = total / count /* a comment */ + 1 / 2
      import AfterDivision
      """#
    #expect(
      try await imports(in: source) == [
        "2:1 AfterSlashStar", "4:1 AfterQuotes", "7:1 AfterDivision",
      ])
  }

  @Test func anInterpolationMayHoldAMultilineString() async throws {
    let source = #"""
      let shown = "\(wrap("""
        import Invented
        """))"
      import Real
      """#
    #expect(try await imports(in: source) == ["4:1 Real"])
  }

  @Test func linesEndInLFOrCRLFOrCRAlone() async throws {
    #expect(try await imports(in: "// note\rimport A\rimport B") == ["2:1 A", "3:1 B"])
    #expect(try await imports(in: "// note\r\nimport A\r\nimport B") == ["2:1 A", "3:1 B"])
  }

  @Test func importAsAnArgumentLabelIsNotAnImport() async throws {
    let source = """
      func load(import module: Int) {}
      func store(_ value: Int, import module: Int) {}
      load(import: 1)
      import Real
      """
    #expect(try await imports(in: source) == ["4:1 Real"])
  }
}
