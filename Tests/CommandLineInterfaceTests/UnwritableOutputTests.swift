import Foundation
import Testing

/// A place standard output cannot be written to: a full disk (`/dev/full`), or a descriptor the
/// parent closed. `voyage` says so in one line on stderr and exits 74, never traps.
enum UnwritableOutput: String, CaseIterable, CustomTestStringConvertible {
  case fullDisk = "> /dev/full"
  case closed = ">&-"

  var testDescription: String { self == .fullDisk ? "a full disk" : "a closed standard output" }
}

extension VoyageCommandLineTests {
  /// Runs `voyage` with `arguments` through `sh`, its standard output redirected by `output`.
  func run(_ arguments: [String], writingTo output: UnwritableOutput) async throws -> Outcome {
    try await run(
      ["-c", "exec \"$0\" \"$@\" \(output.rawValue)", Self.binary.path] + arguments,
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// Checks the rule for one run: status 74 and exactly one line on stderr, which says why.
  func expectOneLineAndStatus74(
    _ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.status == 74, "\(printed(outcome))", sourceLocation: sourceLocation)
    let lines = outcome.error.split(separator: "\n")
    #expect(lines.count == 1, "\(outcome.error)", sourceLocation: sourceLocation)
    #expect(
      lines.first?.hasPrefix("Error: the output could not be written to standard output (")
        == true, "\(outcome.error)", sourceLocation: sourceLocation)
  }

  @Test(arguments: UnwritableOutput.allCases)
  func outputThatCannotBeWrittenIsOneLineOnStderrAndStatus74(_ output: UnwritableOutput)
    async throws
  {
    for arguments in [["--help"], ["--version"], ["manual"], ["completions", "zsh"]] {
      expectOneLineAndStatus74(try await run(arguments, writingTo: output))
    }
  }
}
