// Exercises: CheckoutFeature, TicketsFeature
import Foundation
import Testing

extension VoyageCommandLineTests {
  /// A server ledger on a host only the silent name server could name, with a password no
  /// message may show.
  static let ledgerOnAnUnansweredName =
    "postgresql://voyage:Sup3rSecretPw9@ledger.voyage.example/voyage"

  /// The lookup of the ledger's host name is inside the command's deadline: with a name server
  /// that never answers, `voyage tickets` ends at its 1 s deadline with the storage error's
  /// status (74) and a sentence naming the host, not after the resolver's own 150 s (beyond the
  /// time limit). The lookup it gave up does not keep the process alive.
  @Test(
    .enabled(SilentNameServer.skipped) { await SilentNameServer.runs() }, .timeLimit(.minutes(1)))
  func aLedgerHostNoNameServerAnswersForEndsTheCommandAtItsDeadline() async throws {
    try await SilentNameServer.requirePermission()
    let nameServer = try SilentNameServer(in: home)
    let outcome = try await run(
      nameServer.isolating(Self.binary, ["tickets"]), executable: SilentNameServer.unshare,
      environment: [
        "VOYAGE_DATABASE_URL": Self.ledgerOnAnUnansweredName, "VOYAGE_DEADLINE_SECONDS": "1",
      ])
    #expect(outcome.status == 74, "\(printed(outcome))")
    let message = outcome.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(message.contains("'ledger.voyage.example' within 1 s"), "\(message)")
    #expect(!printed(outcome).contains("Sup3rSecretPw9"))
  }

  /// SIGINT or SIGTERM sent once the name server has heard the lookup ends a checkout at once,
  /// with the signal's status (130, 143), before anything was recorded. Its deadline (300 s) is
  /// beyond the time limit, so only the signal can end it in time.
  @Test(
    .enabled(SilentNameServer.skipped) { await SilentNameServer.runs() }, .timeLimit(.minutes(1)),
    arguments: [SIGINT, SIGTERM])
  func aSignalDuringTheLedgerHostsLookupEndsTheCheckoutAtOnce(signal: Int32) async throws {
    try await SilentNameServer.requirePermission()
    let nameServer = try SilentNameServer(in: home)
    let launched = AsyncStream<Int32>.makeStream()
    async let ended = runWaking(
      nameServer,
      nameServer.isolating(Self.binary, ["checkout", "LIS-001", "--name", "Ada"] + Self.card),
      environment: ["VOYAGE_DATABASE_URL": Self.ledgerOnAnUnansweredName],
      started: { launched.continuation.yield($0) })
    var process: Int32 = 0
    for await pid in launched.stream {
      process = pid
      break
    }
    let asked = await nameServer.nextQuery()
    if asked { kill(process, signal) }
    let outcome = try await ended
    try #require(asked, "voyage ended before it asked the name server: \(printed(outcome))")
    #expect(outcome.status == (signal == SIGINT ? 130 : 143), "\(printed(outcome))")
    #expect(printed(outcome).contains("Interrupted before order"), "\(printed(outcome))")
    #expect(!printed(outcome).contains("Sup3rSecretPw9"))
  }

  /// Runs `voyage` inside `unshare` with `arguments`, then wakes `nameServer`, so a wait for a
  /// query ends even when none came.
  private func runWaking(
    _ nameServer: SilentNameServer, _ arguments: [String], environment: [String: String?],
    started: @Sendable (Int32) -> Void
  ) async throws -> Outcome {
    defer { nameServer.wake() }
    return try await run(
      arguments, executable: SilentNameServer.unshare, environment: environment,
      started: started)
  }
}
