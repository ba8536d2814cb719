import AppComposition
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import SearchFeature
import SharedKernel

/// `voyage` with no arguments in a terminal: destination → numbered results → pick → the trip →
/// places → card → traveller → the total to confirm → the ticket. The session moves only
/// through the composition root's router: each screen runs its feature, the feature's outputs
/// move the router, and the session shows whatever route the router is on. Each answer is
/// checked at its own prompt, explained and asked again when it is refused; an empty answer (or
/// the end of input) leaves cleanly at any prompt, and nothing is charged before the total was
/// confirmed.
@MainActor
struct InteractiveSession: Conversation {
  let terminal: any Terminal
  let graph: AppGraph

  static func converse(terminal: any Terminal, graph: AppGraph) async -> ExitStatus {
    await InteractiveSession(terminal: terminal, graph: graph).run()
  }

  private var theme: TerminalTheme { terminal.theme(for: .output) }

  func run() async -> ExitStatus {
    terminal.line(theme.style("Voyage", .title) + theme.paint("  (an empty answer quits)", .muted))
    let router = graph.router
    router.open(.search)
    while true {
      let here = router.route
      // A screen either ends the session (with its status) or returns `nil` once its feature's
      // output has moved the router on.
      let ended: ExitStatus? =
        switch here {
        case .search: await searchScreen()
        case .trip(let trip): await tripScreen(trip)
        case .ticket(let ticket): await ticketScreen(ticket)
        }
      if let ended { return ended }
      guard router.route != here else { return goodbye() }
    }
  }

  /// Searches until a trip is picked, which moves the router to the trip's screen.
  private func searchScreen() async -> ExitStatus? {
    await pickTrip(with: graph.search()) ? nil : goodbye()
  }

  /// The trip's screen (with the tickets already held on it), then the checkout of places on
  /// it; an issued ticket moves the router to the ticket's screen.
  private func tripScreen(_ trip: TripID) async -> ExitStatus? {
    let search = graph.search()
    await search.show(trip)
    terminal.write(search.screen(theme: theme), to: .output)
    guard let shown = search.shownTrip, let places = askPlaces(placesLeft: shown.placesLeft),
      let card = askCard(), let traveller = askTraveller()
    else { return goodbye() }
    guard let total = try? shown.price.multiplied(by: places) else { return goodbye() }
    let howMany = places == 1 ? "1 place" : "\(places) places"
    guard
      confirm(
        "Pay \(total) for \(howMany) on \(shown.id) with the \(card.brand) ending \(card.lastFour)?"
      )
    else {
      terminal.line("Nothing was charged.")
      return goodbye()
    }
    let checkout: CheckoutFeature
    do {
      checkout = try await graph.checkout(for: .session)
    } catch {
      terminal.line(theme.paint("Error: \(error)", .danger))
      return .storage
    }
    await checkout.checkout(
      CheckoutRequest(
        tripID: shown.id, places: places, traveller: traveller, card: card,
        orderID: VoyageCommandLine.newOrderID()))
    await graph.settled()
    guard checkout.failure != nil else { return nil }
    terminal.write(checkout.screen(theme: theme), to: .output)
    return .failure
  }

  /// The ticket's screen, shown by whichever group shows tickets (as `voyage open` would), with
  /// the link to its trip; the session ends there.
  private func ticketScreen(_ ticket: TicketID) async -> ExitStatus {
    let commandLine = VoyageCommandLine(terminal: terminal, graph: graph)
    // `voyage open` without options (the screen as text), which its declaration always parses.
    if let asText = try? CommandLineCommands.declaration(of: .open).parse([]) {
      for group in VoyageCommands.groups {
        if let status = await group.open(.ticket(ticket), asText, in: commandLine) { return status }
      }
    }
    // No group shows tickets (a fork removed them): the ticket still deserves a word.
    terminal.line(theme.paint("Ticket \(ticket) issued.", .success))
    return .success
  }

  /// Searches until a bookable trip is picked (`true`; search reports it and the router follows)
  /// or the person leaves (`false`): a number picks from the list, any other text searches that
  /// destination instead.
  private func pickTrip(with search: SearchFeature) async -> Bool {
    var destination = ask("Where to?")
    while let text = destination {
      do {
        await search.search(try SearchQuery.make(destination: text, limit: 10))
      } catch {
        terminal.line(theme.paint(error.description, .danger))
        destination = ask("Where to?")
        continue
      }
      terminal.write(search.screen(theme: theme), to: .output)
      guard search.failure == nil else {
        destination = ask("Where to?")
        continue
      }
      while true {
        guard let answer = ask("Pick a trip by number (or another destination)") else {
          return false
        }
        guard let number = Int(answer) else {
          destination = answer
          break
        }
        switch search.select(resultNumber: number) {
        case .selected: return true
        case .soldOut(let trip):
          terminal.line(theme.paint("\(trip) is sold out; pick another trip.", .danger))
        case .noSuchResult:
          terminal.line(theme.paint("There is no result \(number).", .danger))
        }
      }
    }
    return false
  }

  private func askPlaces(placesLeft: Int) -> Int? {
    let most = min(placesLeft, SearchQuery.placeRange.upperBound)
    return ask("How many places (1 to \(most))") { answer throws(Refusal) in
      guard let places = Int(answer), (1...most).contains(places) else {
        throw Refusal("Type a number from 1 to \(most).")
      }
      return places
    }
  }

  /// The card number, then its expiry, each checked at its own prompt.
  private func askCard() -> PaymentCard? {
    guard
      let number = ask(
        "Card number (test card: 4242 4242 4242 4242)",
        until: { number throws(Refusal) in
          do {
            return try CardNumber(number)
          } catch {
            throw Refusal("The card is not valid: \(error).")
          }
        }),
      let expiry = ask(
        "Expiry (MM/YY)",
        until: { text throws(Refusal) in
          guard let expiry = PaymentCard.parseExpiry(text) else {
            throw Refusal("The expiry must be MM/YY, like 12/30.")
          }
          let today = CalendarDate(containing: Date())
          guard !PaymentCard.hasExpired(month: expiry.month, year: expiry.year, on: today) else {
            throw Refusal("That card has expired; give a card that has not.")
          }
          return expiry
        })
    else { return nil }
    do {
      return try PaymentCard(
        number: number, expiryMonth: expiry.month, expiryYear: expiry.year, holderName: "")
    } catch {
      // Both parts passed their prompts' checks, which are the card's own.
      terminal.line(theme.paint("The card is not valid: \(error).", .danger))
      return nil
    }
  }

  private func askTraveller() -> Traveller? {
    ask("Traveller's name") { name throws(Refusal) in
      do {
        return try Traveller(name: name)
      } catch {
        throw Refusal("That name cannot be used: \(error).")
      }
    }
  }

  /// Asks a yes-or-no question; only an answer starting with "y" is a yes.
  private func confirm(_ question: String) -> Bool {
    guard let answer = ask(question + " [y/N]") else { return false }
    return answer.lowercased().hasPrefix("y")
  }

  /// Asks `question` until `check` accepts the answer, explaining each refusal; `nil` when the
  /// person leaves.
  private func ask<Answer>(
    _ question: String, until check: (String) throws(Refusal) -> Answer
  ) -> Answer? {
    while let answer = ask(question) {
      do {
        return try check(answer)
      } catch {
        terminal.line(theme.paint(error.reason, .danger))
      }
    }
    return nil
  }

  /// Why an answer was refused, in a sentence that says what to type instead.
  private struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Asks a question; `nil` for an empty answer or the end of input.
  private func ask(_ question: String) -> String? {
    terminal.write(theme.paint("\(question) \(theme.symbol(.prompt)) ", .accent), to: .output)
    guard let answer = terminal.readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty
    else {
      return nil
    }
    return answer
  }

  private func goodbye() -> ExitStatus {
    terminal.line("Goodbye.")
    return .success
  }
}
