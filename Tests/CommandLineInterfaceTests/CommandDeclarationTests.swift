import Foundation
import Testing

/// What comes from declaring each command once: the conventions of its parser, its "did you
/// mean", JSON for usage errors, and shell completions that work in a real shell.
extension VoyageCommandLineTests {
  @Test(arguments: [
    (["serch", "Lisbon"], "unknown command 'serch'; did you mean 'search'?"),
    (["search", "Lisbon", "--gests", "2"], "unknown option '--gests'; did you mean '--guests'?"),
    (
      ["checkout", "LIS-001", "--crad", "4242424242424242"],
      "unknown option '--crad'; did you mean '--card'?"
    ),
    (["search", "Lisbon", "--json=yes"], "'--json' takes no value"),
    (["search", "Lisbon", "--limit"], "'--limit' needs a value"),
    (["help", "serch"], "unknown command 'serch'; did you mean 'search'?"),
    (["completions", "powershell"], "no completions for 'powershell'; choose bash, zsh, fish"),
  ])
  func aMistakeIsNamedWithWhatWasProbablyMeant(arguments: [String], message: String) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.error.split(separator: "\n").first == "Error: \(message)"[...])
  }

  @Test func optionsTakeTheirValueAfterAnEqualsSignOrAsTheNextWord() async throws {
    let spaced = try await voyage("search", "Lisbon", "--limit", "3", "--json")
    let joined = try await voyage("search", "Lisbon", "--limit=3", "--json")
    #expect(spaced.status == 0 && joined.status == 0)
    #expect(spaced.output == joined.output)
    #expect((try json(joined.output)["results"] as? [Any])?.count == 3)
  }

  @Test func helpIsAskedForOnlyWhereAnOptionMayStand() async throws {
    // After `--`, and as an option's value, `-h` is just text.
    let asValue = try await run(["show", "--", "-h"])
    #expect(asValue.status == 1 && asValue.error.contains("No trip has the identifier -h"))
    let asName = try await run(
      ["checkout", "NOP-001", "--name", "-h", "--json"] + Self.card)
    #expect(!asName.output.hasPrefix("Usage:"))
    #expect((try json(asName.output)["error"] as? [String: Any])?["code"] as? String == "not_found")
    #expect(try await voyage("checkout", "-h").output.hasPrefix("Usage: voyage checkout"))
  }

  @Test func aUsageErrorUnderJSONIsAlsoOneJSONDocument() async throws {
    let outcome = try await run(["search", "--json"])
    #expect(outcome.status == 64)
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == "usage")
    #expect(error["message"] as? String == "missing <destination>")
    #expect((error["usage"] as? String)?.hasPrefix("voyage search <destination>") == true)
  }

  /// Runs bash with the generated completion script loaded and completes `line` as if the
  /// cursor were at its end; returns what bash would offer.
  func bashCompletes(_ line: String) async throws -> [String] {
    let script = try await voyage("completions", "bash").output
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("voyage.bash")
    try Data(script.utf8).write(to: file)
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let driver = """
      source '\(file.path)'
      complete -p voyage >/dev/null || exit 3
      COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _voyage
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try await run(
      ["--norc", "--noprofile", "-c", driver], executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(outcome.status == 0, "\(outcome.error)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsAndTheirValuesFromTheDeclarations() async throws {
    #expect(try await bashCompletes("voyage se") == ["search"])
    #expect(try await bashCompletes("voyage search Lisbon --gu") == ["--guests"])
    #expect(try await bashCompletes("voyage search Lisbon --sort ") == ["price", "rating", "date"])
    #expect(try await bashCompletes("voyage checkout LIS-001 --idem") == ["--idempotency-key"])
    #expect(try await bashCompletes("voyage completions f") == ["fish"])
  }
}

/// The screens in a 40-column terminal without Unicode: what a person on a small window over a
/// plain ssh session sees.
extension VoyageCommandLineTests {
  @Test func searchFitsFortyColumnsInASCIIAndNeverCutsAPrice() async throws {
    let outcome = try await run(
      ["search", "Sao Paulo", "--limit", "3"], environment: ["COLUMNS": "40", "LANG": "C"])
    #expect(outcome.status == 0)
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.allSatisfy { $0.count <= 40 && $0.unicodeScalars.allSatisfy { $0.isASCII } },
      "\(outcome.output)")
    #expect(outcome.output.contains("BRL 1,980.00"))
    try expectSnapshot(outcome.output, "search-40-columns-ascii")
  }

  @Test func ticketsFitFortyColumnsInASCII() async throws {
    _ = try await run(
      ["checkout", try await bookableTrip(), "--name", "Ada Lovelace", "--guests", "2"] + Self.card)
    let outcome = try await run(["tickets"], environment: ["COLUMNS": "40", "LANG": "C"])
    #expect(outcome.status == 0)
    let lines = outcome.output.split(separator: "\n")
    #expect(
      lines.allSatisfy { $0.count <= 40 && $0.unicodeScalars.allSatisfy { $0.isASCII } },
      "\(outcome.output)")
    #expect(lines.last?.hasSuffix("issued") == true)
  }
}
