// Exercises: CheckoutFeature, SearchFeature, TicketsFeature
import Foundation
import Testing

/// The log when things go wrong: a file that cannot be written, a ledger that cannot be opened,
/// a log several processes share.
extension VoyageCommandLineTests {
  /// A log file on a disk that refuses every byte (`/dev/full`): the checkout goes on and ends
  /// as it would (the ticket, status 0), and standard error says once that the log is lost.
  @Test func aLogFileThatCannotBeWrittenIsSaidOnceAndTheCheckoutGoesOn() async throws {
    let trip = try await bookableTrip()
    let outcome = try await run(
      ["checkout", trip, "--name", "Ada", "--json"] + Self.card,
      environment: ["VOYAGE_LOG": "debug", "VOYAGE_LOG_FILE": "/dev/full"])
    #expect(outcome.status == 0, "\(printed(outcome))")
    #expect((try json(outcome.output)["ticket"] as? [String: Any])?["id"] is String)
    let warnings = outcome.error.split(separator: "\n").filter {
      $0.contains("/dev/full cannot be written")
    }
    #expect(warnings.count == 1, "\(outcome.error)")
  }

  /// A ledger that cannot be opened ends the command, and `VOYAGE_LOG=error` hears of it: the
  /// ledger's failure and the command's, each at `error`.
  @Test func aLedgerThatCannotBeOpenedIsLoggedAtError() async throws {
    let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-server-\(UUID().uuidString)"
    ).path
    let outcome = try await run(
      ["orders"],
      environment: [
        "VOYAGE_LOG": "error", "VOYAGE_DATABASE_URL": "postgresql://ada@/voyage?host=\(nowhere)",
      ])
    #expect(outcome.status == 74)
    let logged = outcome.error.split(separator: "\n").filter { $0.contains(" error ") }
    #expect(logged.contains { $0.contains("ledger unavailable") }, "\(outcome.error)")
    #expect(logged.contains { $0.contains("command failed") && $0.contains("status=74") })
  }

  /// Every line a checkout logs, from its start to its end, whoever logs it (the saga, the
  /// supplier's and the payment provider's clients, the ledger), names its order; every line
  /// of a log file names the process that wrote it.
  @Test func everyLineOfACheckoutNamesItsOrderAndEveryLineItsProcess() async throws {
    let trip = try await bookableTrip()
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent("shared.log")
    let process = AsyncStream<Int32>.makeStream()
    let outcome = try await run(
      ["checkout", trip, "--name", "Ada", "--idempotency-key", "logged-1"] + Self.card,
      environment: [
        "VOYAGE_LOG": "debug", "VOYAGE_LOG_FORMAT": "json", "VOYAGE_LOG_FILE": file.path,
      ], started: { process.continuation.yield($0) })
    #expect(outcome.status == 0, "\(printed(outcome))")
    process.continuation.finish()
    var pid: Int32 = 0
    for await started in process.stream { pid = started }
    let events = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let metadata = events.compactMap { $0["metadata"] as? [String: Any] }
    #expect(metadata.count == events.count && !events.isEmpty)
    #expect(metadata.allSatisfy { $0["process"] as? Int == Int(pid) }, "\(events)")
    let messages = events.map { $0["message"] as? String ?? "" }
    let start = try #require(messages.firstIndex(of: "checkout started"))
    let end = try #require(messages.firstIndex(of: "checkout finished"))
    let labels = Set(events[start...end].compactMap { $0["label"] as? String })
    #expect(labels.isSuperset(of: ["checkout", "supplier", "payments", "ledger"]), "\(labels)")
    for line in metadata[start...end] {
      #expect(line["order"] as? String == "logged-1", "\(line)")
    }
  }
}
