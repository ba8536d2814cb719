import Foundation
import Subprocesses
import Testing

/// The journey article quotes what `--affected` runs after a one-line change inside one feature
/// of the two other apps (the size curve's synthetic app, the one-target migration at its start
/// and its end). `Workshop/Scripts/measure-affected-share.sh --check` counts them again from the
/// linter, with no build, and fails unless the article says what it counts; at the largest size
/// alone, which a smaller one differs from only in its count of feature modules.
@Suite("What --affected runs on the other apps")
struct AffectedShareTests {
  @Test func theJourneyQuotesWhatALineChangedInOneFeatureReachesOnTheOtherApps() async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE"] = try await Linter.shared.executable().path
    let outcome = try await Subprocess.run(
      repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-affected-share.sh").path,
      ["--check", "--features", "120"], environment: environment)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("Roam: "), "\(outcome.output)")
  }
}
