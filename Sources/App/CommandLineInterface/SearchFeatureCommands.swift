import AppComposition
import DesignSystem
import SearchFeature
import SharedKernel

/// `search` and `show`: the search feature on the command line.
enum SearchFeatureCommands: CommandGroup {
  enum Command: CaseIterable {
    case search, show
  }

  /// `search`'s options, each read as the type it is.
  enum Search {
    static let destination = Argument<String>.text(
      "destination", "a city, a country or another name for it")
    static let from = Option.optional("--from", .date, "earliest first day")
    static let to = Option.optional("--to", .date, "latest last day")
    static let places = Option.defaulted(
      "--places", .integer(in: SearchQuery.placeRange), "places", default: 1)
    static let maximumPrice = Option.optional(
      "--max-price", .amount(in: currency), "highest price per place, like 500 or 499.50")
    static let currency = Option.defaulted(
      "--currency", .choice(among: Currency.supported, named: \.code, "CODE", separator: nil),
      "currency of --max-price", default: .eur)
    static let sort = Option.defaulted(
      "--sort", .choice(of: SortOrder.self, "ORDER"), "the order of the results", default: .price)
    static let limit = Option.defaulted(
      "--limit", .integer(in: SearchQuery.limitRange), "results", default: 20)
    static let json = Flag("--json", "print JSON instead of a table")
  }

  static let trip = Argument<TripID>.trip("a trip identifier, like LIS-001")

  static func declaration(of command: Command) -> CommandSpec {
    switch command {
    case .search:
      CommandSpec(
        "search", abstract: "search bookable trips",
        discussion: """
          Search bookable trips by city or country ("Lisbon", "Japan", "São Paulo", "東京").
          """,
        arguments: [Search.destination.spec],
        options: [
          Search.from, Search.to, Search.places, Search.maximumPrice, Search.currency,
          Search.sort, Search.limit, Search.json,
        ])
    case .show:
      CommandSpec(
        "show", abstract: "show one trip",
        discussion: "Show one trip's details: dates, price, rating and places left.",
        arguments: [trip.spec], options: [Flag.json])
    }
  }

  @MainActor
  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    switch command {
    case .search: return try await search(parsed, in: commandLine)
    case .show:
      let id = try parsed.single(trip)
      let json = parsed.isSet(Flag.json)
      let status = await show(id, json: json, in: commandLine)
      if status == .failure, !json { hintAtTicket(id, in: commandLine) }
      return status
    }
  }

  @MainActor
  private static func search(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let destination = try parsed.single(Search.destination)
    // A currency is checked whether or not an amount is given in it.
    _ = try parsed.value(Search.currency)
    let maximumPrice = try parsed.value(Search.maximumPrice)
    let (from, to) = (try parsed.value(Search.from), try parsed.value(Search.to))
    let (places, sort, limit) = (
      try parsed.value(Search.places), try parsed.value(Search.sort), try parsed.value(Search.limit)
    )
    let query: SearchQuery
    do {
      query = try SearchQuery.make(
        destination: destination, from: from, to: to, places: places, maximumPrice: maximumPrice,
        sort: sort, limit: limit)
    } catch {
      throw UsageError(error.description)
    }
    let json = parsed.isSet(Search.json)
    let feature = commandLine.graph.search()
    let terminal = commandLine.terminal
    let errorTheme = terminal.theme(for: .error)
    let showsProgress = terminal.isInteractive(.error) && !json
    if showsProgress {
      terminal.write(errorTheme.progress("Searching" + errorTheme.symbol(.ellipsis)), to: .error)
    }
    await feature.search(query)
    if showsProgress { terminal.write(errorTheme.clearProgress, to: .error) }
    return commandLine.present(feature.failure.map(status), json: json, jsonBody: feature.json()) {
      feature.screen(theme: $0)
    }
  }

  /// A ticket's identifier given to `show`, which shows trips: tickets open by their link.
  @MainActor
  private static func hintAtTicket(_ id: TripID, in commandLine: VoyageCommandLine) {
    guard id.rawValue.hasPrefix("TKT-"), let ticket = TicketID(id.rawValue),
      let link = AppRouter.link(to: .ticket(ticket))
    else { return }
    commandLine.terminal.line(
      commandLine.errorTheme.paint("A ticket opens by its link: voyage open \(link)", .muted),
      to: .error)
  }

  /// `voyage open voyage://trips/<trip>` is `voyage show <trip>`.
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
  {
    guard case .trip(let id) = route else { return nil }
    return await show(id, json: parsed.isSet(Flag.json), in: commandLine)
  }

  /// One trip's screen, the same for `show` and for a link.
  @MainActor
  private static func show(_ id: TripID, json: Bool, in commandLine: VoyageCommandLine) async
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

extension OptionValue where Value == Money {
  /// An amount as a person writes it (`500`, `499.50`) in the currency the option `currency`
  /// names, refused with why it is not one.
  static func amount(in currency: Option<Currency>) -> OptionValue<Money> {
    typed("AMOUNT") { text, name, given throws(UsageError) in
      let currency = try given.value(currency)
      do {
        return try Money.parse(text, currency: currency)
      } catch {
        throw UsageError("\(name): \(error)")
      }
    }
  }
}
