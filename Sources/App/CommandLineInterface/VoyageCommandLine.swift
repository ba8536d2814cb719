import AppComposition
import BookingInterface
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import SearchFeature
import SharedKernel
import TicketsFeature

/// Runs one `voyage` invocation: parses the arguments, builds only the part of the object graph
/// the command needs, routes feature outputs, prints results on stdout and diagnostics on
/// stderr, and returns the exit status.
@MainActor
struct VoyageCommandLine {
  let terminal: any Terminal
  let graph: AppGraph

  private var theme: TerminalTheme { terminal.theme(for: .output) }
  private var errorTheme: TerminalTheme { terminal.theme(for: .error) }

  func run(_ arguments: [String]) async -> ExitStatus {
    guard let name = arguments.first else {
      terminal.line(VoyageCommands.overview)
      return .success
    }
    let rest = Array(arguments.dropFirst())
    let command = VoyageCommands.named(name)
    do throws(UsageError) {
      switch name {
      case "-h", "--help":
        terminal.line(VoyageCommands.overview)
        return .success
      case "--version":
        terminal.line(VoyageCommands.version)
        return .success
      case "help":
        return try help(rest)
      default:
        guard let command else {
          throw UsageError(
            "unknown command '\(name.prefix(40))'"
              + Spelling.suggestion(for: name, among: VoyageCommands.all.map(\.name) + ["help"]))
        }
        let parsed = try command.parse(rest)
        if parsed.wantsHelp {
          terminal.line(command.help)
          return .success
        }
        return try await run(command, parsed)
      }
    } catch {
      return usageFailure(error, command: command, json: Self.asksForJSON(rest))
    }
  }

  /// The one place a declared command meets the code that carries it out.
  private func run(_ command: CommandSpec, _ parsed: ParsedArguments) async throws(UsageError)
    -> ExitStatus
  {
    switch command.name {
    case VoyageCommands.search.name: return try await search(parsed)
    case VoyageCommands.show.name: return try await show(parsed)
    case VoyageCommands.checkout.name: return try await checkout(parsed)
    case VoyageCommands.tickets.name: return try await tickets(parsed)
    case VoyageCommands.cancel.name: return try await cancel(parsed)
    case VoyageCommands.orders.name: return try await orders(parsed)
    case VoyageCommands.demo.name:
      return try await VoyageDemo(terminal: terminal, parsed: parsed).run()
    case VoyageCommands.completions.name: return try completions(parsed)
    case VoyageCommands.manual.name:
      try parsed.none()
      terminal.write(
        ShellCompletions.manual(VoyageCommands.all, version: VoyageCommands.version), to: .output)
      return .success
    default: throw UsageError("'\(command.name)' is declared but not implemented")
    }
  }

  private func help(_ topics: [String]) throws(UsageError) -> ExitStatus {
    guard let topic = topics.first else {
      terminal.line(VoyageCommands.overview)
      return .success
    }
    guard topics.count == 1, let command = VoyageCommands.named(topic) else {
      throw UsageError(
        "unknown command '\(topics.joined(separator: " ").prefix(40))'"
          + Spelling.suggestion(for: topic, among: VoyageCommands.all.map(\.name)))
    }
    terminal.line(command.help)
    return .success
  }

  private func completions(_ parsed: ParsedArguments) throws(UsageError) -> ExitStatus {
    let shell = try parsed.single("shell")
    guard let script = ShellCompletions.script(for: shell, commands: VoyageCommands.all) else {
      throw UsageError(
        "no completions for '\(shell.prefix(20))'; choose \(ShellCompletions.shells.joined(separator: ", "))"
      )
    }
    terminal.write(script, to: .output)
    return .success
  }

  /// Whether the raw arguments ask for JSON: a usage error is then also a JSON document.
  static func asksForJSON(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains("--json")
  }

  // MARK: - Commands

  private func search(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    let destination = try parsed.single("destination")
    let currency = try Self.currency(parsed.value("--currency") ?? "")
    var maximumPrice: Money?
    if let text = parsed.value("--max-price") {
      do {
        maximumPrice = try Money.parse(text, currency: currency)
      } catch {
        throw UsageError("--max-price: \(error)")
      }
    }
    guard let sort = SortOrder(rawValue: parsed.value("--sort") ?? "") else {
      throw UsageError(
        "--sort must be price, rating or date, not '\(parsed.value("--sort") ?? "")'")
    }
    let from = try Self.date(parsed.value("--from"), "--from")
    let to = try Self.date(parsed.value("--to"), "--to")
    let guests = try Self.integer(parsed.value("--guests"), "--guests") ?? 0
    let limit = try Self.integer(parsed.value("--limit"), "--limit") ?? 0
    let query: SearchQuery
    do {
      query = try SearchQuery.make(
        destination: destination, from: from, to: to, guests: guests, maximumPrice: maximumPrice,
        sort: sort, limit: limit)
    } catch {
      throw UsageError(error.description)
    }
    let feature = graph.search()
    let showsProgress = terminal.isInteractive(.error) && !parsed.has("--json")
    if showsProgress {
      terminal.write(errorTheme.progress("Searching" + errorTheme.symbol(.ellipsis)), to: .error)
    }
    await feature.search(query)
    if showsProgress { terminal.write(errorTheme.clearProgress, to: .error) }
    return present(
      feature.failure.map(Self.status), json: parsed.has("--json"), jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  private func show(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    let id = try Self.bookingID(parsed.single("trip"))
    let feature = graph.search()
    await feature.show(id)
    return present(
      feature.failure.map(Self.status), json: parsed.has("--json"), jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  private func checkout(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    let id = try Self.bookingID(parsed.single("trip"))
    // Required by the declaration: the parser refused the command line without them.
    let (number, expiryText, name) = (
      parsed.value("--card") ?? "", parsed.value("--expiry") ?? "", parsed.value("--name") ?? ""
    )
    guard let expiry = PaymentCard.parseExpiry(expiryText) else {
      throw UsageError("--expiry must be MM/YY, like 12/30, not '\(expiryText)'")
    }
    let card: PaymentCard
    let traveller: Traveller
    do {
      card = try PaymentCard(
        number: number, expiryMonth: expiry.month, expiryYear: expiry.year, holderName: name)
    } catch {
      throw UsageError(error.description)
    }
    do {
      traveller = try Traveller(name: name, email: parsed.value("--email"))
    } catch {
      throw UsageError(error.description)
    }
    let guests = try Self.integer(parsed.value("--guests"), "--guests") ?? 0
    let key: OrderID
    if let text = parsed.value("--idempotency-key") {
      guard let given = OrderID(text) else {
        throw UsageError("--idempotency-key must be 1 to 64 letters, digits, '-' or '_'")
      }
      key = given
    } else {
      key = Self.newOrderID()
      if !parsed.has("--json") {
        terminal.line(
          errorTheme.paint("Order \(key) (retry with --idempotency-key \(key))", .muted), to: .error
        )
      }
    }
    let feature: CheckoutFeature
    do {
      feature = try await graph.checkout()
    } catch {
      return storageFailure(error, json: parsed.has("--json"))
    }
    await feature.checkout(
      CheckoutRequest(bookingID: id, guests: guests, traveller: traveller, card: card, orderID: key)
    )
    await graph.settled()
    return present(
      feature.failure.map(Self.status), json: parsed.has("--json"), jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  private func cancel(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    let text = try parsed.single("ticket")
    guard let ticket = TicketID(text) else {
      throw UsageError("'\(text.prefix(70))' is not a ticket identifier (like TKT-6EBD95C0BAF9)")
    }
    let feature: CheckoutFeature
    do {
      feature = try await graph.checkout()
    } catch {
      return storageFailure(error, json: parsed.has("--json"))
    }
    await feature.cancel(ticket)
    await graph.settled()
    return present(
      feature.failure.map(Self.status), json: parsed.has("--json"), jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  private func orders(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    try parsed.none()
    return await readTickets(json: parsed.has("--json")) { await $0.listUnfinishedOrders() }
  }

  private func tickets(_ parsed: ParsedArguments) async throws(UsageError) -> ExitStatus {
    try parsed.none()
    return await readTickets(json: parsed.has("--json")) { await $0.listTickets() }
  }

  /// Runs one read of the tickets feature and prints what it found.
  private func readTickets(json: Bool, _ read: (TicketsFeature) async -> Void) async -> ExitStatus {
    let feature: TicketsFeature
    do {
      feature = try await graph.tickets()
    } catch {
      return storageFailure(error, json: json)
    }
    await read(feature)
    return present(feature.failure.map { _ in .storage }, json: json, jsonBody: feature.json()) {
      feature.screen(theme: $0)
    }
  }

  // MARK: - Output

  /// Prints a feature's outcome: on success the screen (or JSON) on stdout; on failure the
  /// screen on stderr (JSON still on stdout, for scripts). The JSON is built only when asked
  /// for: Foundation's serializer costs a search more than the search itself.
  private func present(
    _ failure: ExitStatus?, json: Bool, jsonBody: @autoclosure () -> Data,
    screen: (TerminalTheme) -> String
  ) -> ExitStatus {
    if json {
      terminal.write(String(decoding: jsonBody(), as: UTF8.self), to: .output)
    } else if failure == nil {
      terminal.write(screen(theme), to: .output)
    } else {
      terminal.write(screen(errorTheme), to: .error)
    }
    return failure ?? .success
  }

  private func storageFailure(_ error: TicketingError, json: Bool) -> ExitStatus {
    if json {
      let code = if case .diskFull = error { "disk_full" } else { "storage_failed" }
      terminal.write(
        JSONDocument.text(["error": ["code": code, "message": error.description]]), to: .output)
    } else {
      terminal.line(errorTheme.paint("Error: \(error)", .danger), to: .error)
    }
    return .storage
  }

  private func usageFailure(_ error: UsageError, command: CommandSpec?, json: Bool) -> ExitStatus {
    let usage = command?.usage ?? "voyage <command> [options]"
    let see = command.map { "See 'voyage \($0.name) --help'." } ?? "See 'voyage --help'."
    if json {
      terminal.write(
        JSONDocument.text(["error": ["code": "usage", "message": error.message, "usage": usage]]),
        to: .output)
    }
    terminal.line(errorTheme.paint("Error: \(error.message)", .danger), to: .error)
    terminal.line("Usage: \(usage)", to: .error)
    terminal.line(see, to: .error)
    return .usage
  }

  // MARK: - Input

  private static func status(_ failure: SearchFailure) -> ExitStatus {
    switch failure {
    case .notFound: .failure
    case .upstreamUnavailable: .unavailable
    }
  }

  private static func status(_ failure: CheckoutFailure) -> ExitStatus {
    switch failure {
    case .notFound, .ticketNotFound, .rejected, .payment, .supplierRefused, .orderEnded: .failure
    case .upstreamUnavailable, .supplierUnavailable, .outcomeUnknown: .unavailable
    case .keyReused: .usage
    case .storage, .paymentStorage, .supplierStorage: .storage
    }
  }

  static func bookingID(_ text: String) throws(UsageError) -> BookingID {
    guard let id = BookingID(text) else {
      throw UsageError("'\(text.prefix(70))' is not a trip identifier (like LIS-001)")
    }
    return id
  }

  static func currency(_ code: String) throws(UsageError) -> Currency {
    guard let currency = Currency(code: code) else {
      let known = Currency.supported.map(\.code).joined(separator: ", ")
      throw UsageError("--currency must be one of \(known), not '\(code.prefix(10))'")
    }
    return currency
  }

  static func date(_ text: String?, _ option: String) throws(UsageError) -> CalendarDate? {
    guard let text else { return nil }
    guard let date = CalendarDate(iso8601: text) else {
      throw UsageError("\(option) must be a real date written YYYY-MM-DD, not '\(text.prefix(20))'")
    }
    return date
  }

  static func integer(_ text: String?, _ option: String) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text) else {
      throw UsageError("\(option) must be a whole number, not '\(text.prefix(20))'")
    }
    return value
  }

  static func newOrderID() -> OrderID {
    let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    // "ord-" and twelve hexadecimal digits: always a valid identifier.
    guard let id = OrderID("ord-\(suffix)") else { preconditionFailure("order identifier") }
    return id
  }
}
