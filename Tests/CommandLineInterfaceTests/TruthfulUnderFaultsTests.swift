// Exercises: CheckoutFeature, SearchFeature, TicketsFeature

import Foundation
import LoopbackServers
import PaymentSandbox
import SQLite
import SupplierSandbox
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a traveller reads when things go wrong is true: the recovery the README promises works
/// on a sold-out trip, "nothing was charged" is said only when nothing could have been, and
/// every echo of what was typed is shown, never obeyed. Real processes, real files, real sockets.
extension VoyageCommandLineTests {
  static let ada = ["--name", "Ada"] + card

  /// The order keys the ledger knows: unfinished orders and ticketed ones.
  func recordedOrderKeys() async throws -> Set<String> {
    let orders = try #require(
      try json(try await voyage("orders", "--json").output)["orders"] as? [[String: Any]])
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    return Set(orders.compactMap { $0["id"] as? String })
      .union(tickets.compactMap { $0["order_id"] as? String })
  }

  // MARK: - The recovery works on the last places

  @Test func theSameCheckoutOfTheLastPlacesGivesTheSameTicketWhenTheTripIsSoldOut() async throws {
    let trip = try await bookableTrip()
    try await fill(trip, leaving: 2)
    let command =
      ["checkout", trip, "--places", "2", "--idempotency-key", "X1", "--json"] + Self.ada
    let bought = try await run(command)
    #expect(bought.status == 0, "\(bought.error)")
    #expect(try await placesLeft(trip) == 0)
    let again = try await run(command)
    #expect(again.status == 0, "\(again.output)")
    #expect(again.output == bought.output)
    #expect(try await PaymentSandbox(home: home).chargeCount() == (try await chargesOf(trip)))
  }

  /// Charges made in this home, counted from the tickets: one per ticket, none twice.
  func chargesOf(_ trip: String) async throws -> Int {
    try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]]
    ).count
  }

  @Test(
    .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    arguments: ["supplier:held", "ledger:held", "payments:charged", "ledger:ticketed"])
  func aCheckoutKilledOnTheLastPlacesIsFinishedByTheSameCommand(point: String) async throws {
    let trip = try await bookableTrip()
    try await fill(trip, leaving: 2)
    let command =
      ["checkout", trip, "--places", "2", "--idempotency-key", "last", "--json"] + Self.ada
    let killed = try await run(command, environment: ["VOYAGE_TEST_STOP_AT": point])
    #expect(killed.status == SIGKILL, "expected a kill at \(point): \(killed.error)")
    let finished = try await run(command)
    #expect(finished.status == 0, "\(finished.output)")
    #expect(try json(finished.output)["ticket"] != nil)
    #expect(try await placesLeft(trip) == 0)
    #expect(try await supplier.liveHolds() == 0)
  }

  // MARK: - `voyage orders` never says the opposite of the truth

  @Test(
    .enabled(if: faultPointsBuiltIn, withoutFaultPoints),
    arguments: [("payments:charged", "nothing charged"), ("supplier:held", "nothing held")])
  func unfinishedOrdersNeverDenyWhatMayHaveHappened(point: String, denial: String) async throws {
    let trip = try await bookableTrip()
    let killed = try await run(
      ["checkout", trip, "--idempotency-key", "stopped"] + Self.ada,
      environment: ["VOYAGE_TEST_STOP_AT": point])
    #expect(killed.status == SIGKILL)
    let orders = try await voyage("orders")
    #expect(orders.output.contains("stopped"))
    #expect(!orders.output.contains(denial), "\(orders.output)")
  }

  // MARK: - Outside systems that fail, answer badly or never finish

  @Test func aPaymentProviderThatCannotBeReachedChargedNothingAndTheKeyFinishesTheOrder()
    async throws
  {
    let trip = try await bookableTrip()
    let provider = try LoopbackServer.refusingConnections()
    let command = ["checkout", trip, "--idempotency-key", "refused", "--json"] + Self.ada
    let refused = try await run(
      command, environment: ["VOYAGE_PAYMENTS_URL": provider.baseURL.absoluteString])
    #expect(refused.status == 69)
    let error = try #require(try json(refused.output)["error"] as? [String: Any])
    #expect(error["order_id"] as? String == "refused")
    #expect((error["message"] as? String)?.contains("nothing was charged") == true)
    // The ledger says why the order stopped, and when its last step was recorded.
    let orders = try await voyage("orders", "--json")
    let order = try #require((try json(orders.output)["orders"] as? [[String: Any]])?.first)
    #expect(order["last_failure"] as? String == "upstream_unavailable")
    #expect((order["updated_at"] as? String)?.hasPrefix("20") == true)
    #expect(
      try await voyage("orders").output.contains("the last attempt stopped: upstream_unavailable"))
    #expect(try await run(command).status == 0)
  }

  @Test(arguments: [
    LoopbackServer.Fault.body("not JSON"), .body("{}"), .status(500), .reset, .close,
  ])
  func aPaymentAnswerThatCannotBeReadIsAnUnknownOutcomeNeverARefusal(
    fault: LoopbackServer.Fault
  ) async throws {
    let trip = try await bookableTrip()
    let provider = try await LoopbackServer.start(fault)
    let outcome = try await run(
      ["checkout", trip, "--idempotency-key", "unread", "--json"] + Self.ada,
      environment: ["VOYAGE_PAYMENTS_URL": provider.baseURL.absoluteString])
    await provider.stop()
    #expect(outcome.status == 69, "\(outcome.output)")
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == "outcome_unknown")
    #expect(error["order_id"] as? String == "unread")
    #expect((error["message"] as? String)?.lowercased().contains("nothing was charged") == false)
    #expect(try await recordedOrderKeys().contains("unread"))
  }

  @Test func aSupplierThatDripsItsAnswerIsCutOffAtTheDeadline() async throws {
    let supplier = try await LoopbackServer.start(.drip)
    let outcome = try await run(
      ["search", "Lisbon", "--json"],
      environment: [
        "VOYAGE_SUPPLIER_URL": supplier.baseURL.absoluteString, "VOYAGE_DEADLINE_SECONDS": "2",
      ])
    await supplier.stop()
    #expect(outcome.status == 69)
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect((error["message"] as? String)?.contains("timed out") == true)
  }

  // MARK: - Local files are local storage

  @Test func aBrokenSupplierSandboxFileIsAStorageErrorNamingTheFile() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let file = home.appendingPathComponent(SupplierSandbox.fileName)
    try Data(repeating: 0x41, count: 4_096).write(to: file)
    let search = try await voyage("search", "Lisbon")
    #expect(search.status == 74, "\(search.error)")
    #expect(search.error.contains(file.path))
    let checkout = try await run(["checkout", "LIS-001"] + Self.ada)
    #expect(checkout.status == 74, "\(checkout.error)")
  }

  @Test func aSupplierSandboxFileFromANewerVoyageIsAStorageErrorAndIsLeftAlone() async throws {
    let file = home.appendingPathComponent(SupplierSandbox.fileName)
    _ = try SQLiteDatabase(file: file, migrations: Array(repeating: "SELECT 1;", count: 9))
    let before = try Data(contentsOf: file)
    let search = try await voyage("search", "Lisbon")
    #expect(search.status == 74, "\(search.error)")
    #expect(search.error.contains("newer"))
    #expect(try Data(contentsOf: file) == before)
  }

  @Test func aDamagedPaymentStoreIsFoundBeforeTheOrderIsRecordedOrAnyPlaceHeld() async throws {
    let trip = try await bookableTrip()
    _ = try await run(["checkout", trip, "--idempotency-key", "first"] + Self.ada)
    let file = home.appendingPathComponent(PaymentSandbox.fileName)
    // Past the header: the file still opens, but its pages are garbage.
    let handle = try FileHandle(forUpdating: file)
    try handle.seek(toOffset: 4_096)
    try handle.write(contentsOf: Data(repeating: 0x5A, count: 4_096))
    try handle.close()
    let placesBefore = try await placesLeft(trip)
    let damaged = try await run(["checkout", trip, "--idempotency-key", "second"] + Self.ada)
    #expect(damaged.status == 74, "\(damaged.error)")
    #expect(!(try await recordedOrderKeys()).contains("second"))
    #expect(try await placesLeft(trip) == placesBefore)
  }

  /// A full disk, honestly: a tmpfs of 1 MiB with a warm home, filled until only `free` bytes
  /// remain. Whatever a checkout then manages to record, a failure names the order it recorded.
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aFullDiskNeverLosesTheKeyOfARecordedOrder() async throws {
    let disk = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-full-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    #expect(try await mount(["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path]) == 0)
    defer {
      _ = umount(disk.path)
      try? FileManager.default.removeItem(at: disk)
    }
    let trip = "TYO-031"
    let warm = try await run(
      ["checkout", trip, "--idempotency-key", "warm"] + Self.ada, home: disk)
    #expect(warm.status == 0, "\(warm.error)")
    let filler = disk.appendingPathComponent("filler")
    for free in stride(from: 96 * 1_024, through: 176 * 1_024, by: 16 * 1_024) {
      let before = try await recordedOrderKeys(in: disk)
      try fill(disk, leaving: free, with: filler)
      let outcome = try await run(["checkout", trip, "--json"] + Self.ada, home: disk)
      try FileManager.default.removeItem(at: filler)
      let recorded = try await recordedOrderKeys(in: disk).subtracting(before)
      guard outcome.status != 0 else { continue }
      let error = try json(outcome.output)["error"] as? [String: Any]
      if let order = recorded.first {
        #expect(error?["order_id"] as? String == order, "\(free) bytes free: \(outcome.output)")
      } else {
        #expect(error?["order_id"] == nil, "\(free) bytes free: \(outcome.output)")
      }
    }
  }

  func recordedOrderKeys(in home: URL) async throws -> Set<String> {
    let orders = try json(try await run(["orders", "--json"], home: home).output)["orders"]
    let tickets = try json(try await run(["tickets", "--json"], home: home).output)["tickets"]
    return Set(((orders as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
      .union(((tickets as? [[String: Any]]) ?? []).compactMap { $0["order_id"] as? String })
  }

  func fill(_ disk: URL, leaving free: Int, with filler: URL) throws {
    var stats = statvfs()
    #expect(statvfs(disk.path, &stats) == 0)
    let available = Int(stats.f_bavail) * Int(stats.f_frsize)
    try Data(count: max(0, available - free)).write(to: filler)
  }

  func mount(_ arguments: [String]) async throws -> Int32 {
    try await run(arguments, executable: URL(fileURLWithPath: "/bin/mount")).status
  }

  // MARK: - What was typed is shown, never obeyed

  @Test(arguments: [
    ["show", "\u{1B}[2JLIS-004"], ["cancel", "\u{1B}[2JTKT-1"],
    [
      "checkout", "LIS-001", "--name", "Ada", "--card", "4242424242424242", "--expiry",
      "\u{1B}[31m",
    ],
    ["search", "Lisbon", "--\u{1B}[2Jlimit", "3"], ["\u{1B}]0;pwned\u{07}"],
  ])
  func controlCharactersInAnEchoedArgumentAreEscaped(arguments: [String]) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64)
    #expect(!outcome.error.contains("\u{1B}") && !outcome.error.contains("\u{07}"))
    #expect(outcome.error.contains("\\u{1B}"))
  }

  @Test func aSearchForADestinationWithEscapesWritesNoEscapes() async throws {
    let outcome = try await voyage("search", "\u{1B}]0;pwned\u{07}Lisbon")
    #expect(!outcome.output.contains("\u{1B}") && !outcome.output.contains("\u{07}"))
    #expect(!outcome.error.contains("\u{1B}") && !outcome.error.contains("\u{07}"))
  }

  // MARK: - A key is bound to its whole request; input is checked as input

  @Test func aKeyReusedWithAnotherCardEndingInTheSameDigitsIsRefused() async throws {
    let first = try await run(["checkout", "TYO-031", "--idempotency-key", "K4"] + Self.ada)
    #expect(first.status == 0, "\(first.error)")
    let other = try await run(
      [
        "checkout", "TYO-031", "--idempotency-key", "K4", "--name", "Ada", "--card",
        "4111000000084242", "--expiry", "12/30",
      ])
    #expect(other.status == 64, "\(other.output)")
    #expect(other.error.contains("idempotency key K4"))
  }

  @Test(arguments: ["LIS-999", "soldout"])
  func aKeyReusedForAnUnknownOrSoldOutTripIsAReusedKey(trip: String) async throws {
    let bookable = try await bookableTrip()
    #expect(
      try await run(["checkout", bookable, "--idempotency-key", "K5"] + Self.ada).status == 0)
    var other = trip
    if trip == "soldout" {
      other = try await bookableTrip(other: bookable)
      try await fill(other, leaving: 0)
    }
    let reused = try await run(["checkout", other, "--idempotency-key", "K5"] + Self.ada)
    #expect(reused.status == 64, "\(reused.error)")
  }

  /// A bookable trip other than `trip`.
  func bookableTrip(other trip: String) async throws -> String {
    let search = try await voyage("search", "Porto", "--json")
    let results = try #require(try json(search.output)["results"] as? [[String: Any]])
    return try #require(
      results.first { ($0["sold_out"] as? Bool) == false && ($0["id"] as? String) != trip }?["id"]
        as? String)
  }

  @Test(arguments: ["0", "-1", "10", "2147483648"])
  func aNumberOfPlacesOutOfRangeIsAUsageError(places: String) async throws {
    try await expectUsageError(
      ["checkout", "LIS-001", "--places", places] + Self.ada, "--places must be 1 to 9")
  }

  @Test(arguments: [["--json"], ["tickets", "--json=1"]])
  func aRefusalAskedForAsJSONIsJSON(arguments: [String]) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64)
    let error = try #require(try json(outcome.output)["error"] as? [String: Any])
    #expect(error["code"] as? String == "usage")
  }

  // MARK: - An order that cannot finish can be given up

  @Test func anOrderTheTransientCardLeftHeldIsGivenUpWithItsKey() async throws {
    let trip = try await bookableTrip()
    let placesBefore = try await placesLeft(trip)
    let failed = try await run(
      [
        "checkout", trip, "--name", "Ada", "--card", "4000000000000119", "--expiry", "12/30",
        "--idempotency-key", "stuck",
      ])
    #expect(failed.status == 1, "\(failed.error)")
    #expect(try await voyage("orders").output.contains("stuck"))
    let givenUp = try await voyage("cancel", "stuck")
    #expect(givenUp.status == 0, "\(givenUp.error)")
    #expect(givenUp.output.contains("Order stuck given up"))
    #expect(try await voyage("orders").output.contains("No unfinished orders"))
    #expect(try await placesLeft(trip) == placesBefore)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 0)
    #expect(try await voyage("cancel", "stuck").status == 0)
  }
}
