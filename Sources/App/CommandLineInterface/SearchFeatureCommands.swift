import AppComposition
import DesignSystem
import SearchFeature
import SharedKernel

/// `search` and `show`: the search feature on the command line.
enum SearchFeatureCommands: CommandGroup {
  static let search = CommandSpec(
    "search", abstract: "search bookable trips",
    discussion: """
      Search bookable trips by city or country ("Lisbon", "Japan", "São Paulo", "東京").
      """,
    arguments: [
      ArgumentSpec(name: "destination", help: "a city, a country or another name for it")
    ],
    options: [
      .option("--from", "DATE", "earliest first day, YYYY-MM-DD"),
      .option("--to", "DATE", "latest last day, YYYY-MM-DD"),
      .option("--guests", "N", "travellers, 1 to 9", default: "1"),
      .option("--max-price", "AMOUNT", "highest price per traveller, like 500 or 499.50"),
      .option(
        "--currency", "CODE", "currency of --max-price", default: "EUR",
        choices: Currency.supported.map(\.code)),
      .option(
        "--sort", "ORDER", "price, rating or date", default: "price",
        choices: SortOrder.allCases.map(\.rawValue)),
      .option("--limit", "N", "results, 1 to 100", default: "20"),
      .flag("--json", "print JSON instead of a table"),
    ])

  static let show = CommandSpec(
    "show", abstract: "show one trip",
    discussion: "Show one trip's details: dates, price, rating and places left.",
    arguments: [ArgumentSpec(name: "trip", help: "a trip identifier, like LIS-001")],
    options: [.json])

  static var commands: [CommandSpec] { [search, show] }

  @MainActor
  static func run(
    _ command: CommandSpec, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine
  )
    async throws(UsageError) -> ExitStatus
  {
    switch command.name {
    case search.name: try await search(parsed, in: commandLine)
    default: try await show(parsed, in: commandLine)
    }
  }

  @MainActor
  private static func search(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let destination = try parsed.single("destination")
    let currency = try VoyageCommandLine.currency(parsed.value("--currency") ?? "")
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
    let from = try VoyageCommandLine.date(parsed.value("--from"), "--from")
    let to = try VoyageCommandLine.date(parsed.value("--to"), "--to")
    let guests = try VoyageCommandLine.integer(parsed.value("--guests"), "--guests") ?? 0
    let limit = try VoyageCommandLine.integer(parsed.value("--limit"), "--limit") ?? 0
    let query: SearchQuery
    do {
      query = try SearchQuery.make(
        destination: destination, from: from, to: to, guests: guests, maximumPrice: maximumPrice,
        sort: sort, limit: limit)
    } catch {
      throw UsageError(error.description)
    }
    let feature = commandLine.graph.search()
    let terminal = commandLine.terminal
    let errorTheme = terminal.theme(for: .error)
    let showsProgress = terminal.isInteractive(.error) && !parsed.has("--json")
    if showsProgress {
      terminal.write(errorTheme.progress("Searching" + errorTheme.symbol(.ellipsis)), to: .error)
    }
    await feature.search(query)
    if showsProgress { terminal.write(errorTheme.clearProgress, to: .error) }
    return commandLine.present(
      feature.failure.map(status), json: parsed.has("--json"), jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  @MainActor
  private static func show(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let id = try VoyageCommandLine.bookingID(parsed.single("trip"))
    return await show(id, json: parsed.has("--json"), in: commandLine)
  }

  /// `voyage open voyage://trips/<trip>` is `voyage show <trip>`.
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
  {
    guard case .trip(let id) = route else { return nil }
    return await show(id, json: parsed.has("--json"), in: commandLine)
  }

  /// One trip's screen, the same for `show` and for a link.
  @MainActor
  private static func show(_ id: BookingID, json: Bool, in commandLine: VoyageCommandLine) async
    -> ExitStatus
  {
    let feature = commandLine.graph.search()
    await feature.show(id)
    return commandLine.present(feature.failure.map(status), json: json, jsonBody: feature.json()) {
      feature.screen(theme: $0)
    }
  }

  private static func status(_ failure: SearchFailure) -> ExitStatus {
    switch failure {
    case .notFound: .failure
    case .upstreamUnavailable: .unavailable
    case .storage: .storage
    }
  }
}
