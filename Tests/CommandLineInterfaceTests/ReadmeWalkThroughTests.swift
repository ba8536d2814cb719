import Foundation
import Testing

/// The walk-through of "Using Voyage" (`docs/Voyage.docc/UsingVoyage.md`) is not prose about the
/// output: it is the output. Each `$ voyage …` line of its first `text` block is run with the real
/// binary (in a fresh home, colour off), and what it prints must be what the article shows, except
/// dates (the sandbox's catalog starts today) and ticket identifiers (random). To rewrite the
/// block from a real run on purpose: `VOYAGE_RECORD_SNAPSHOTS=1 swift test --filter theWalkThrough`.
@Suite("The walk-through")
struct ReadmeWalkThroughTests {
  struct Step {
    let command: String
    var output: String
  }

  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/Voyage.docc/UsingVoyage.md")

  /// The walk-through block: the text between "## A walk through" and the end of its first
  /// `text` code block, with where it starts and ends in the article.
  static func block(of readme: String) throws -> (Range<String.Index>, [Step]) {
    let section = try #require(readme.range(of: "## A walk through"))
    let opening = try #require(
      readme.range(of: "```text\n", range: section.upperBound..<readme.endIndex))
    let closing = try #require(
      readme.range(of: "```\n", range: opening.upperBound..<readme.endIndex))
    var steps: [Step] = []
    for line in readme[opening.upperBound..<closing.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.hasPrefix("$ ") {
        steps.append(Step(command: String(line.dropFirst(2)), output: ""))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output += line + "\n"
      }
    }
    return (opening.upperBound..<closing.lowerBound, steps)
  }

  /// Dates and ticket identifiers differ from run to run; everything else must not.
  static func normalized(_ text: String) -> String {
    text.replacing(/\d{4}-\d{2}-\d{2}/, with: "YYYY-MM-DD")
      .replacing(/TKT-[0-9A-F]{12}/, with: "TKT-…")
  }

  @Test func theWalkThroughIsWhatVoyagePrints() async throws {
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let (range, steps) = try Self.block(of: readme)
    // No minimum number of steps: removing a feature removes the steps that ran its commands.
    // A person's shell: `voyage` on the PATH, a fresh home, colour off, no terminal.
    let shell = VoyageCommandLineTests()
    defer { try? FileManager.default.removeItem(at: shell.home) }
    let binaries = VoyageCommandLineTests.binary.deletingLastPathComponent().path
    let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

    // Recording rewrites the block from this run (after a step was removed, say), so it compares
    // nothing.
    let records = ProcessInfo.processInfo.environment["VOYAGE_RECORD_SNAPSHOTS"] == "1"
    // The README's ticket identifier stands for the one this run issues.
    var shownTicket: String?
    var issuedTicket: String?
    var recorded = ""
    for step in steps {
      var command = step.command
      if let shownTicket, let issuedTicket {
        command = command.replacingOccurrences(of: shownTicket, with: issuedTicket)
      }
      let outcome = try await shell.run(
        ["-o", "pipefail", "-c", command], executable: URL(fileURLWithPath: "/bin/bash"),
        environment: ["PATH": path, "COLUMNS": nil])
      #expect(outcome.status == 0, "\(command): \(outcome.error)")
      if shownTicket == nil, let shown = step.output.firstMatch(of: /TKT-[0-9A-F]{12}/),
        let issued = outcome.output.firstMatch(of: /TKT-[0-9A-F]{12}/)
      {
        (shownTicket, issuedTicket) = (String(shown.output), String(issued.output))
      }
      let expected = step.output.hasSuffix("\n\n") ? String(step.output.dropLast()) : step.output
      if !records {
        #expect(
          Self.normalized(outcome.output) == Self.normalized(expected), "\(step.command)")
      }
      recorded += "$ \(command)\n\(outcome.output)\n"
    }
    if records {
      var rewritten = readme
      rewritten.replaceSubrange(range, with: String(recorded.dropLast()))
      try Data(rewritten.utf8).write(to: Self.readme)
    }
  }
}
