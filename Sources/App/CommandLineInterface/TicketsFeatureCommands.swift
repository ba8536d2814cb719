import AppComposition
import TicketsFeature

/// `tickets` and `orders`: the tickets feature on the command line.
enum TicketsFeatureCommands: CommandGroup {
  enum Command: CaseIterable {
    case tickets, orders
  }

  static func declaration(of command: Command) -> CommandSpec {
    switch command {
    case .tickets:
      CommandSpec(
        "tickets", abstract: "list the tickets bought so far",
        discussion: """
          List the tickets bought so far, newest first: issued, cancelled, or cancelling (a
          cancellation that stopped halfway, finished by 'voyage cancel <ticket>').
          """,
        options: [Flag.json])
    case .orders:
      CommandSpec(
        "orders", abstract: "list unfinished orders and the command that finishes each",
        discussion: """
          List the orders that did not end: drafted, holding places, or charged without a ticket
          (after a crash, a full disk or a silent server), or with their ticket's cancellation
          stopped halfway, each with its key and the command that finishes it.
          """,
        options: [Flag.json])
    }
  }

  @MainActor
  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    try parsed.none()
    let json = parsed.isSet(Flag.json)
    let feature: TicketsFeature
    do {
      feature = try await commandLine.graph.tickets()
    } catch {
      return commandLine.storageFailure(error, json: json)
    }
    switch command {
    case .tickets: await feature.listTickets()
    case .orders: await feature.listUnfinishedOrders()
    }
    return commandLine.present(feature.failure.map(status), json: json, jsonBody: feature.json()) {
      feature.screen(theme: $0)
    }
  }

  /// `voyage open voyage://tickets/<ticket>`: the ticket and the trip it is for.
  @MainActor
  static func open(_ route: AppRoute, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async -> ExitStatus?
  {
    guard case .ticket(let id) = route else { return nil }
    let json = parsed.isSet(Flag.json)
    let feature: TicketsFeature
    do {
      feature = try await commandLine.graph.tickets()
    } catch {
      return commandLine.storageFailure(error, json: json)
    }
    await feature.show(id)
    return commandLine.present(feature.failure.map(status), json: json, jsonBody: feature.json()) {
      feature.screen(theme: $0)
    }
  }

  private static func status(_ failure: TicketsFailure) -> ExitStatus {
    switch failure {
    case .ticketNotFound: .failure
    case .storage: .storage
    }
  }
}
