import Foundation
import Testing

@Suite("Import scanner")
struct ImportScannerTests {
  func imports(in source: String) async throws -> [String] {
    let folder = try makeTemporaryFolder("scanner")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Snippet.swift")
    try Data(source.utf8).write(to: file)
    let outcome = try await Linter.run(["--list-imports", file.path])
    #expect(outcome.status == 0)
    return outcome.output.split(separator: "\n").map(String.init)
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

  @Test func everyConditionalBranchCountsExceptIfFalse() async throws {
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
      try await imports(in: source) == ["2:3 UIKit", "4:3 Dispatch", "6:3 AppKit", "14:3 Shown"])
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
}
