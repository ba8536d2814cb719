import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// The one process runner every test target uses, held to what its callers rely on: full pipes
/// never block it, input reaches the program, and the status is the program's.
@Suite("Running a program to completion")
struct SubprocessTests {
  /// More than a pipe holds (64 KiB here), so a runner that read one pipe at a time would wait
  /// forever on a program blocked writing the other.
  static let overflow = 256 * 1_024

  @Test func aProgramFillingBothPipesCompletesWithEverythingItPrinted() async throws {
    // Standard error first: a runner that read standard output to its end first would hang.
    let outcome = try await Subprocess.run(
      "bash",
      [
        "-c",
        "head -c \(Self.overflow) /dev/zero | tr '\\0' e >&2; head -c \(Self.overflow) /dev/zero | tr '\\0' o",
      ])
    #expect(outcome.status == 0)
    #expect(outcome.output == String(repeating: "o", count: Self.overflow))
    #expect(outcome.error == String(repeating: "e", count: Self.overflow))
  }

  @Test func theInputReachesTheProgramWhileItsOutputIsRead() async throws {
    let input = String(repeating: "abcdefgh\n", count: Self.overflow / 9 + 1)
    let outcome = try await Subprocess.run("cat", [], input: Data(input.utf8))
    #expect(outcome.status == 0)
    #expect(outcome.output == input)
  }

  @Test func withoutInputTheProgramReadsAnEmptyFile() async throws {
    let outcome = try await Subprocess.run("wc", ["-c"])
    #expect(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func aProgramThatReadsNoneOfItsInputStillCompletes() async throws {
    let outcome = try await Subprocess.run(
      "true", [], input: Data(count: Self.overflow))
    #expect(outcome.status == 0)
  }

  @Test(arguments: [0, 3, 64])
  func theStatusIsTheProgramsOwn(_ status: Int32) async throws {
    let outcome = try await Subprocess.run(
      "bash", ["-c", "echo said; echo complained >&2; exit \(status)"])
    #expect(outcome.status == status)
    #expect(outcome.output == "said\n")
    #expect(outcome.error == "complained\n")
  }

  @Test func theEnvironmentAndFolderAreTheOnesGiven() async throws {
    try await withTemporaryFolder("subprocess") { folder in
      let outcome = try await Subprocess.run(
        "/bin/bash", ["-c", "echo \"$GREETING\"; pwd -P; echo \"${HOME-unset}\""],
        environment: ["GREETING": "hello"], in: folder)
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(
        outcome.output
          == "hello\n\(folder.resolvingSymlinksInPath().path)\nunset\n")
    }
  }

  @Test func startedHearsTheProgramsOwnIdentifier() async throws {
    let heard = AsyncStream<Int32>.makeStream()
    let outcome = try await Subprocess.run(
      "bash", ["-c", "echo $$"], started: { heard.continuation.yield($0) })
    heard.continuation.finish()
    var identifier: Int32 = 0
    for await started in heard.stream { identifier = started }
    #expect(outcome.output == "\(identifier)\n")
  }
}
