// Exercises: SearchFeature, CheckoutFeature, TicketsFeature (through their commands)
import AppComposition
import BookingInterface
import DesignSystem
import Foundation
import SharedKernel

/// `voyage demo`: a narrated, non-interactive tour of what the architecture buys, run against a
/// temporary Voyage home (or `--home PATH`) so it never touches real data: whatever the
/// environment names (a server ledger, a live supplier or provider), the demo uses its home's
/// embedded sandboxes and SQLite ledger alone. It drives every
/// feature through its command, as a person would, which its first line declares.
@MainActor
struct VoyageDemo: CommandGroup {
  enum Command: CaseIterable {
    case demo
  }

  nonisolated static let home = Option.optional(
    "--home", .path, "the Voyage home to use instead of a temporary one")

  nonisolated static func declaration(of command: Command) -> CommandSpec {
    CommandSpec(
      "demo", abstract: "a narrated tour of what the architecture buys",
      discussion: """
        A narrated tour: a search, ten identical searches answered by one supplier call, a checkout,
        the same checkout retried (no second charge), a declined card, and the tickets. It uses a
        temporary Voyage home, so it never touches your data, unless --home names one. It reads
        none of Voyage's variables: the demo has a ledger, sandboxes and log of its own.
        """,
      options: [home], readsSettings: false)
  }

  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    try await VoyageDemo(terminal: commandLine.terminal, parsed: parsed).run()
  }

  let terminal: any Terminal
  let parsed: ParsedArguments

  func run() async throws(UsageError) -> ExitStatus {
    try parsed.none()
    let given = try parsed.value(Self.home)
    let home =
      given
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "voyage-demo-\(UUID().uuidString)")
    defer { if given == nil { try? FileManager.default.removeItem(at: home) } }
    // The home is checked before anything is narrated: a tour that cannot keep its files
    // would tell two steps of success, then fail.
    let created: Void? = try? FileManager.default.createDirectory(
      at: home, withIntermediateDirectories: true)
    guard created != nil, access(home.path, W_OK) == 0 else {
      terminal.line(
        terminal.theme(for: .error).paint(
          "Error: cannot create or write the demo's home \(home.path.echoed); name another with --home",
          .danger), to: .error)
      return .storage
    }
    let tour = try Tour(home: home, terminal: terminal)
    terminal.line(tour.theme.paint("Voyage home for this demo: \(home.path)", .muted))
    await tour.search()
    let query = try await tour.tenIdenticalSearches()
    guard let trip = await tour.tripWithTwoPlaces(for: query) else {
      terminal.line(tour.theme.paint("No bookable trip found; the demo stops here.", .danger))
      return .failure
    }
    await tour.checkOutTwice(trip)
    await tour.declineACard(trip)
    await tour.listAndCancelTheTicket(trip)
    return .success
  }

  /// The tour's steps, numbered as they are narrated, each driving a feature through its command
  /// on a graph of the demo's own.
  @MainActor
  private final class Tour {
    let terminal: any Terminal
    let theme: TerminalTheme
    let demo: DemoGraph
    let commandLine: VoyageCommandLine
    private var step = 0

    init(home: URL, terminal: any Terminal) throws(UsageError) {
      do {
        demo = try DemoGraph(home: home)
      } catch {
        throw UsageError(error.message)
      }
      commandLine = VoyageCommandLine(terminal: terminal, graph: demo.graph)
      self.terminal = terminal
      theme = terminal.theme(for: .output)
    }

    func search() async {
      narrate(
        "Search: SearchFeature → TripRepository → the coalescing cache → the supplier sandbox over HTTP."
      )
      _ = await commandLine.run(["search", "Lisbon", "--limit", "5"])
    }

    /// Ten callers at once, one supplier call: the cache's statistics before and after.
    func tenIdenticalSearches() async throws(UsageError) -> SearchQuery {
      narrate("Ten identical searches at once: the cache sends one request and shares its answer.")
      demo.slowSupplier(by: .milliseconds(100))
      let cache = demo.trips
      let before = await cache.statistics()
      let query: SearchQuery
      do {
        query = try SearchQuery.make(destination: "Kraków", places: 2)
      } catch {
        throw UsageError(error.description)
      }
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 { group.addTask { _ = try? await cache.search(query) } }
      }
      demo.slowSupplier(by: .zero)
      let after = await cache.statistics()
      terminal.line(
        "   callers: 10   supplier calls: \(after.upstreamCalls - before.upstreamCalls)   "
          + "joined the flight: \(after.coalescedWaits - before.coalescedWaits)   "
          + "cache hits: \(after.cacheHits - before.cacheHits)")
      return query
    }

    func tripWithTwoPlaces(for query: SearchQuery) async -> TripSummary? {
      try? await demo.trips.search(query).first { !$0.isSoldOut && $0.placesLeft >= 2 }
    }

    /// A checkout, then the same one again under its key: one ticket, one charge, two places.
    func checkOutTwice(_ trip: TripSummary) async {
      let checkout = [
        "checkout", trip.id.rawValue, "--card", "4242 4242 4242 4242", "--expiry", "12/30",
        "--name", "Ada Lovelace", "--places", "2", "--idempotency-key", "demo-order-1",
      ]
      narrate(
        "Check out two of the \(trip.placesLeft) places on \(trip.id) (\(trip.title)) with the succeeding test card."
      )
      _ = await commandLine.run(checkout)
      sagaLog("demo-order-1")

      narrate("The same checkout again, same idempotency key: the same ticket, no second charge.")
      _ = await commandLine.run(checkout)
      sagaLog("demo-order-1")
      let charges = await demo.chargesTaken()
      terminal.line("   charges taken by the payment sandbox: \(charges)")

      narrate(
        "The places fell by two: the ticket event told the cache to forget \(trip.id), so this read goes to the supplier."
      )
      await showPlaces(of: trip.id)
    }

    func declineACard(_ trip: TripSummary) async {
      narrate("A declined card: a clear error, nothing charged, no ticket.")
      _ = await commandLine.run([
        "checkout", trip.id.rawValue, "--card", "4000 0000 0000 0002", "--expiry", "12/30",
        "--name", "Ada Lovelace", "--idempotency-key", "demo-order-2",
      ])
      sagaLog("demo-order-2")
    }

    func listAndCancelTheTicket(_ trip: TripSummary) async {
      narrate("The tickets, read back from the SQLite ledger.")
      _ = await commandLine.run(["tickets"])

      narrate(
        "Cancel the ticket: the booking is cancelled at the supplier and the charge refunded.")
      if let ticket = await demo.ticket(ofOrder: "demo-order-1") {
        _ = await commandLine.run(["cancel", ticket.id.rawValue])
        await showPlaces(of: trip.id)
      }
    }

    private func narrate(_ text: String) {
      step += 1
      terminal.line()
      terminal.line(theme.style("\(step). \(text)", .title))
    }

    private func sagaLog(_ key: String) {
      let steps = demo.sagaSteps(of: key)
      guard !steps.isEmpty else { return }
      terminal.line(theme.paint("   the saga's log: " + steps.joined(separator: " → "), .muted))
    }

    /// One line with the places a trip has left, read through the graph's cache.
    private func showPlaces(of trip: TripID) async {
      let places = (try? await demo.trips.trip(id: trip).placesLeft).map(String.init) ?? "?"
      terminal.line("   \(trip): \(places) places left")
    }
  }
}
