// Exercises: CheckoutFeature, TicketsFeature
import Foundation
import PaymentSandbox
import Testing

/// The environment as a person sets it: a variable that is set must mean something. Set but
/// empty, or set to what cannot be used, the command does not run: status 64, one error line
/// that names the variable (never a value that may hold a secret), and under `--json` the usual
/// error document; nothing is written, held or charged.
extension VoyageCommandLineTests {
  @Test(arguments: [
    ("VOYAGE_DATABASE_URL", ""), ("VOYAGE_DATABASE_URL", "postgresql://ada:pw/x@db:5432/voyage"),
    ("VOYAGE_HOME", ""), ("VOYAGE_DEADLINE_SECONDS", "soon"), ("VOYAGE_SUPPLIER_URL", " "),
    ("VOYAGE_LOG", ""), ("VOYAGE_LOG_FILE", ""),
  ])
  func aSettingSetToNothingUsableIsAUsageErrorThatNamesIt(variable: String, value: String)
    async throws
  {
    let trip = "LIS-004"
    for asksForJSON in [false, true] {
      let outcome = try await run(
        ["checkout", trip, "--name", "Ada", "--idempotency-key", "k-1"] + Self.card
          + (asksForJSON ? ["--json"] : []),
        environment: [variable: value])
      #expect(outcome.status == 64, "\(printed(outcome))")
      let first = try #require(outcome.error.split(separator: "\n").first.map(String.init))
      #expect(first.hasPrefix("Error: \(variable) "), "\(first)")
      if !value.trimmingCharacters(in: .whitespaces).isEmpty {
        #expect(!printed(outcome).contains(value), "\(printed(outcome))")
      }
      if asksForJSON {
        let error = try #require(try json(outcome.output)["error"] as? [String: Any])
        #expect(error["code"] as? String == "usage")
        #expect((error["message"] as? String)?.hasPrefix(variable) == true)
      } else {
        #expect(outcome.output.isEmpty)
      }
    }
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
    #expect(try await PaymentSandbox(home: home).chargeCount() == 0)
  }

  /// A deadline is a number of seconds more than 0 and at most 300: 0, a negative number, or one
  /// that is not finite or out of all proportion is refused, never quietly made into another.
  @Test(arguments: ["0", "-1", "-0.5", "nan", "inf", "-inf", "1e300", "301"])
  func aDeadlineThatIsNotASensibleNumberOfSecondsIsAUsageError(value: String) async throws {
    let outcome = try await run(
      ["checkout", "LIS-004", "--name", "Ada", "--idempotency-key", "k-1"] + Self.card,
      environment: ["VOYAGE_DEADLINE_SECONDS": value])
    #expect(outcome.status == 64, "\(printed(outcome))")
    let lines = outcome.error.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Error: VOYAGE_DEADLINE_SECONDS ") == true, "\(lines)")
    #expect(lines.count == 2, "\(lines)")
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path))
  }

  /// A home no system call can open (a name or a path past the system's limits) is refused as
  /// the setting it is, in one short line, before any message could echo a file inside it.
  @Test func aHomeLongerThanAnyPathIsRefusedInOneShortLine() async throws {
    let name = String(repeating: "A", count: 300)
    let path =
      "/tmp/"
      + Array(repeating: String(repeating: "B", count: 200), count: 30)
      .joined(separator: "/")
    for (variable, home) in [
      ("VOYAGE_HOME", "/tmp/" + name), ("VOYAGE_HOME", path), ("HOME", "/tmp/" + name),
    ] {
      // `nil` unsets VOYAGE_HOME, so the home is read from HOME.
      let environment: [String: String?] =
        variable == "HOME" ? ["VOYAGE_HOME": nil, "HOME": home] : [variable: home]
      let outcome = try await run(["tickets"], environment: environment)
      #expect(outcome.status == 64, "\(outcome.error.prefix(300))")
      let lines = outcome.error.split(separator: "\n")
      #expect(lines.allSatisfy { $0.count < 200 }, "\(outcome.error.prefix(300))")
      #expect(lines.first?.hasPrefix("Error: \(variable) ") == true, "\(outcome.error.prefix(300))")
    }
  }

  /// A database host no server can have (100,000 characters) is refused as the setting it is,
  /// in a line that quotes nothing of it.
  @Test func aDatabaseHostLongerThanAnyHostIsRefusedInOneShortLine() async throws {
    let long = String(repeating: "A", count: 100_000)
    for url in ["host=/tmp/\(long) dbname=voyage", "postgresql://ada@\(long)/voyage"] {
      let outcome = try await run(["orders"], environment: ["VOYAGE_DATABASE_URL": url])
      #expect(outcome.status == 64, "\(outcome.error.prefix(300))")
      let lines = outcome.error.split(separator: "\n")
      #expect(lines.allSatisfy { $0.count < 200 }, "\(outcome.error.prefix(300))")
      #expect(lines.first?.hasPrefix("Error: VOYAGE_DATABASE_URL ") == true)
    }
  }
}
